import { and, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders, payments } from "~/db/schema";

export type LastAttempt = { status: "unpaid"; heldUntil: string } | { status: "failed" } | null;

/**
 * How this checkout's latest online payment ended, for a shopper back from the payment page: still
 * unpaid (they left it; the pieces stay held until the session ends) or failed. Null otherwise.
 */
export async function lastPaymentAttempt(db: Queryable, checkoutSessionId: string): Promise<LastAttempt> {
  const [latest] = await db
    .select({ status: orders.status, expiresAt: payments.expiresAt })
    .from(orders)
    .innerJoin(payments, eq(payments.orderId, orders.id))
    .where(
      and(
        eq(orders.checkoutSessionId, checkoutSessionId),
        inArray(orders.status, ["pending_payment", "payment_failed", "processing", "cancelled"]),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(payments.id))
    .limit(1);
  if (latest?.status === "pending_payment") return { status: "unpaid", heldUntil: latest.expiresAt.toISOString() };
  if (latest?.status === "payment_failed") return { status: "failed" };
  return null;
}

import type { Queryable } from "~/db/client.server";
import { type OrderActivityKind, orderActivity } from "~/db/schema";

/**
 * One line of an order's timeline besides its status changes, written in the transaction of what it
 * reports (or on its own when it reports something that did not happen, e.g. a courier's refusal).
 */
export async function recordOrderActivity(
  db: Queryable,
  orderId: string,
  entry: { kind: OrderActivityKind; message: string; actor: string; details?: Record<string, unknown> },
): Promise<void> {
  await db.insert(orderActivity).values({ orderId, ...entry, details: entry.details ?? null });
}

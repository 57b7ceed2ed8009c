import { and, eq, isNull, sql } from "drizzle-orm";
import type { Transaction } from "~/db/client.server";
import { type OrderStatus, orderStatusChanges, type PaymentStatus, productVariants, stockHolds } from "~/db/schema";
import { giveBackCouponUse } from "~/modules/settings/coupon-uses.server";
import { endsUnpaid, type OrderEvent, orderTransitions } from "./transitions";

export type AppliedEvent = { from: OrderStatus; to: OrderStatus; paymentStatus: PaymentStatus };

/**
 * Applies `event` to the order as a guarded update: it changes only while the order is in a status
 * the transition table allows, so of two callers racing (a webhook and the return page, two
 * webhooks, a webhook and the expiry job) exactly one changes it and the other gets null. In the
 * caller's transaction, with the change: its history row, when the table says so the stock back,
 * and when an unpaid order ends its discount code's use back. The caller adds its own effects (an e-mail…) to the same transaction when this returns a change.
 */
export async function applyOrderEvent(
  tx: Transaction,
  orderId: string,
  event: OrderEvent,
  actor: string,
): Promise<AppliedEvent | null> {
  const transition = orderTransitions[event];
  const listOf = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  const methodAllowed = transition.deliveryMethods
    ? sql`current.delivery_method IN (${listOf(transition.deliveryMethods)})`
    : sql`true`;
  // The locking read makes a concurrent caller wait, then see the status this one wrote.
  const changed = await tx.execute<{
    from_status: OrderStatus;
    status: OrderStatus;
    payment_status: PaymentStatus;
    coupon_code: string | null;
  }>(sql`
    WITH current AS (SELECT id, status, delivery_method FROM orders WHERE id = ${orderId} FOR NO KEY UPDATE)
    UPDATE orders SET
      status = ${transition.to},
      payment_status = coalesce(${transition.paymentStatus ?? null}::text, orders.payment_status),
      -- Every change takes an order out of the unpaid statuses or finds it out already: the network
      -- it was placed from is kept only for the cap on pieces held unpaid (checkout/held-stock.server.ts).
      placed_from = NULL,
      updated_at = now()
    FROM current
    WHERE orders.id = current.id AND current.status IN (${listOf(transition.from)}) AND ${methodAllowed}
    RETURNING current.status AS from_status, orders.status, orders.payment_status, orders.coupon_code`);
  const row = changed.rows[0];
  if (!row) return null;

  await tx.insert(orderStatusChanges).values({
    orderId,
    fromStatus: row.from_status,
    toStatus: row.status,
    paymentStatus: row.payment_status,
    event,
    actor,
  });
  if (transition.releasesStock) await releaseStock(tx, orderId);
  // After the stock, as a placement takes them: the variants, then the code.
  if (row.coupon_code && endsUnpaid(row.from_status, row.status)) await giveBackCouponUse(tx, row.coupon_code);
  return { from: row.from_status, to: row.status, paymentStatus: row.payment_status };
}

/**
 * Gives back the stock the order took, once: a hold already released is skipped. Variants are
 * updated in id order, the order in which placing an order locks them, so the two never deadlock.
 */
async function releaseStock(tx: Transaction, orderId: string): Promise<void> {
  const released = await tx
    .update(stockHolds)
    .set({ releasedAt: sql`now()` })
    .where(and(eq(stockHolds.orderId, orderId), isNull(stockHolds.releasedAt)))
    .returning({ variantId: stockHolds.variantId, quantity: stockHolds.quantity });
  const perVariant = new Map<number, number>();
  for (const hold of released) perVariant.set(hold.variantId, (perVariant.get(hold.variantId) ?? 0) + hold.quantity);
  for (const [variantId, quantity] of [...perVariant].sort(([a], [b]) => a - b)) {
    await tx
      .update(productVariants)
      .set({ stock: sql`${productVariants.stock} + ${quantity}` })
      .where(eq(productVariants.id, variantId));
  }
}

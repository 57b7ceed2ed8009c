import { and, eq, gt, isNull, lt, or, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { coupons } from "~/db/schema";

// A discount code's uses (design decision 3): one is taken when an order that applies the code is
// placed, by an update that cannot pass the code's limit, and given back when that order ends
// unpaid (modules/orders/lifecycle.server.ts), in the transaction that changes the order.

/** Takes one use of the code; false when none is left. */
export async function takeCouponUse(db: Queryable, code: string): Promise<boolean> {
  // A concurrent placement's update waits for this row, then checks the limit against the new count.
  const taken = await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(and(eq(coupons.code, code), or(isNull(coupons.maxUses), lt(coupons.usedCount, coupons.maxUses))))
    .returning({ code: coupons.code });
  return taken.length > 0;
}

/** Gives back the use an order took. */
export async function giveBackCouponUse(db: Queryable, code: string): Promise<void> {
  await db
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} - 1` })
    .where(and(eq(coupons.code, code), gt(coupons.usedCount, 0)));
}

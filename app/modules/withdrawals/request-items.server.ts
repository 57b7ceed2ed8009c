import { asc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderItems, products, withdrawalItems } from "~/db/schema";
import { lineRefundCents } from "./return-views";
import type { WithdrawalItemDecision } from "./values";

export type RequestItem = {
  id: number;
  quantity: number;
  decision: WithdrawalItemDecision;
  refusalReason: string | null;
  restockedAt: Date | null;
  productName: string;
  size: string | null;
  color: string | null;
  orderedQuantity: number;
  unitPriceCents: number;
  variantId: number | null;
  /** The product may not be resold once its hygiene seal is opened (art. 59 lett. e). */
  hygieneSealed: boolean;
  /** What these pieces cost the customer, refunded when accepted. */
  refundCents: number;
};

/** The items of one withdrawal request with their order lines, as asked: read for the customer's receipt and for staff. */
export async function readRequestItems(db: Queryable, requestId: string): Promise<RequestItem[]> {
  const rows = await db
    .select({
      id: withdrawalItems.id,
      quantity: withdrawalItems.quantity,
      decision: withdrawalItems.decision,
      refusalReason: withdrawalItems.refusalReason,
      restockedAt: withdrawalItems.restockedAt,
      productName: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      orderedQuantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      discountCents: orderItems.discountCents,
      variantId: orderItems.variantId,
      hygieneSealed: sql<boolean>`coalesce(${products.hygieneSealed}, false)`,
    })
    .from(withdrawalItems)
    .innerJoin(orderItems, eq(orderItems.id, withdrawalItems.orderItemId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(withdrawalItems.requestId, requestId))
    .orderBy(asc(withdrawalItems.id));
  return rows.map(({ discountCents, ...item }) => ({
    ...item,
    refundCents: lineRefundCents(
      { quantity: item.orderedQuantity, unitPriceCents: item.unitPriceCents, discountCents },
      item.quantity,
    ),
  }));
}

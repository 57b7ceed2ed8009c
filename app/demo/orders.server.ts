import type { Queryable } from "~/db/client.server";
import { orderItems, orderStatusChanges, orders, payments, refunds } from "~/db/schema";
import { pricedDiscounts } from "~/modules/cart/pricing";
import { buildDemoCatalog } from "./catalog/catalog";
import { buildDemoOrders, demoAddress } from "./orders";

/**
 * Loads the demo order history (app/demo/orders.ts) into a shop that has just received the demo
 * catalogue, in one transaction: orders, their lines, status, online payments and refunds.
 */
export async function seedDemoOrders(db: Queryable, today: string): Promise<void> {
  const demo = buildDemoOrders(buildDemoCatalog(), today);
  await db.transaction(async (tx) => {
    for (const order of demo) {
      const [row] = await tx
        .insert(orders)
        .values({
          createdAt: order.createdAt,
          updatedAt: order.createdAt,
          email: order.email,
          status: order.status,
          paymentStatus: order.paymentStatus,
          deliveryMethod: order.deliveryMethod,
          shippingAddress: demoAddress(order),
          subtotalCents: order.subtotalCents,
          discounts: pricedDiscounts({ promoDiscountCents: order.promoDiscountCents, orderDiscount: null }),
          discountCents: order.promoDiscountCents,
          shippingCostCents: order.shippingCostCents,
          totalCents: order.totalCents,
          shippingTracking: order.tracking,
          shippingCarrier: order.tracking ? "GLS" : null,
          isDemo: true,
        })
        .returning({ id: orders.id });
      const orderId = (row as { id: string }).id;
      await tx.insert(orderItems).values(order.lines.map(({ subcategory, ...line }) => ({ ...line, orderId })));
      await tx.insert(orderStatusChanges).values({
        orderId,
        fromStatus: null,
        toStatus: order.status,
        paymentStatus: order.paymentStatus,
        event: "placed",
        actor: "demo",
        createdAt: order.createdAt,
      });
      // Orders paid online, or whose online payment failed, went through the payment page.
      if (order.paymentStatus === "to_be_paid_in_store" || order.paymentStatus === "paid_in_store") continue;
      const paid = order.paymentStatus !== "failed";
      const [payment] = await tx
        .insert(payments)
        .values({
          orderId,
          provider: "sandbox",
          sessionId: `demo-${order.number}`,
          state: paid ? "paid" : "failed",
          amountCents: order.totalCents,
          expiresAt: new Date(order.createdAt.getTime() + 32 * 60_000),
          paidAt: paid ? new Date(order.createdAt.getTime() + 3 * 60_000) : null,
          createdAt: order.createdAt,
          updatedAt: order.createdAt,
        })
        .returning({ id: payments.id });
      if (order.refundedCents > 0 && payment) {
        await tx.insert(refunds).values({
          orderId,
          paymentId: payment.id,
          provider: "sandbox",
          amountCents: order.refundedCents,
          state: "succeeded",
          providerRefundId: `demo-refund-${order.number}`,
          idempotencyKey: `demo-refund-${order.number}`,
          reason: order.paymentStatus === "refunded" ? "Ordine annullato" : "Reso di un articolo",
          requestedBy: "demo",
          createdAt: order.createdAt,
          updatedAt: order.createdAt,
        });
      }
    }
  });
}

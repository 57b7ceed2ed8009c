import { and, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders, payments, type ShippingAddress } from "~/db/schema";
import type { PaymentProviderName } from "~/modules/payments/values";
import { type OrderBreakdown, orderBreakdown } from "./order-breakdown";
import type { OrderLine } from "./order-views";

// An order as its shopper sees it right after buying (/checkout-success): found by the order id or
// by the payment session, and shown only to whoever placed it — the browser whose checkout session
// placed it, or the signed-in customer it belongs to. Anyone else gets nothing, the same as for an
// order that does not exist.

export type OrderReceipt = {
  id: string;
  createdAt: string;
  status: string;
  paymentStatus: string;
  deliveryMethod: "shipping" | "pickup" | "pickup_and_pay";
  shippingAddress: ShippingAddress;
  /** Its lines and amounts, added up as on every page that shows an order. */
  breakdown: OrderBreakdown<OrderLine>;
};

export type Viewer = { checkoutSessionId: string | null; userId: string | null };

/** The order that a payment session of `provider` paid for, or null. */
export async function orderIdOfPaymentSession(
  db: Queryable,
  provider: PaymentProviderName,
  sessionId: string,
): Promise<string | null> {
  const [payment] = await db
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, sessionId)));
  return payment?.orderId ?? null;
}

export async function findReceipt(db: Queryable, orderId: string, viewer: Viewer): Promise<OrderReceipt | null> {
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: {
      items: {
        columns: {
          id: true,
          productName: true,
          quantity: true,
          size: true,
          color: true,
          unitPriceCents: true,
        },
        orderBy: (item, { asc }) => [asc(item.id)],
      },
    },
  });
  if (!order) return null;
  const placedHere = viewer.checkoutSessionId !== null && order.checkoutSessionId === viewer.checkoutSessionId;
  const owner = viewer.userId !== null && order.userId === viewer.userId;
  if (!placedHere && !owner) return null;
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    deliveryMethod: order.deliveryMethod,
    shippingAddress: order.shippingAddress,
    breakdown: orderBreakdown(order),
  };
}

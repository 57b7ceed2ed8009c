import { desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { labelLink } from "./labels.server";
import { orderBreakdown } from "./order-breakdown";
import type { CustomerOrder } from "./order-views";

/**
 * The orders of one customer, newest first, with their lines, the courier's tracking page and the
 * label links signed at `now`.
 */
export async function listCustomerOrders(
  db: Queryable,
  userId: string,
  links: { now: Date; trackingUrl: (trackingCode: string) => string },
): Promise<CustomerOrder[]> {
  const rows = await db.query.orders.findMany({
    where: eq(orders.userId, userId),
    orderBy: [desc(orders.createdAt), desc(orders.id)],
    with: {
      items: {
        columns: { id: true, productName: true, quantity: true, size: true, color: true, unitPriceCents: true },
        orderBy: (item, { asc }) => [asc(item.id)],
      },
    },
  });
  return rows.map((order) => ({
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    totalCents: order.totalCents,
    breakdown: orderBreakdown(order),
    status: order.status,
    paymentStatus: order.paymentStatus,
    shippingTracking: order.shippingTracking,
    trackingUrl: order.shippingTracking === null ? null : links.trackingUrl(order.shippingTracking),
    labelUrl: order.shippingLabelPath === null ? null : labelLink(order.id, links.now),
  }));
}

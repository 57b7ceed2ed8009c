import { desc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { type AdminOrderDetail, type AdminOrderRow, isOrderId } from "./order-views";

// Read-only views of every order, for the admin area (callers check the admin role first).

export async function listAllOrders(db: Queryable): Promise<AdminOrderRow[]> {
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      totalCents: orders.totalCents,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      deliveryMethod: orders.deliveryMethod,
      shippingAddress: orders.shippingAddress,
      shippingTracking: orders.shippingTracking,
      shippingLabelPath: orders.shippingLabelPath,
    })
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    totalCents: row.totalCents,
    status: row.status,
    paymentStatus: row.paymentStatus,
    deliveryMethod: row.deliveryMethod,
    customerName: row.shippingAddress.name || null,
    shippingTracking: row.shippingTracking,
    hasLabel: row.shippingLabelPath !== null,
  }));
}

/** One order with its lines, or null when there is no such order (or the id is not even an order id). */
export async function getOrderDetail(db: Queryable, orderId: string): Promise<AdminOrderDetail | null> {
  if (!isOrderId(orderId)) return null;
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: {
      items: {
        columns: { id: true, productName: true, quantity: true, size: true, color: true, unitPriceCents: true },
        orderBy: (item, { asc }) => [asc(item.id)],
      },
      shipments: {
        columns: { state: true, warning: true },
        where: (shipment, { eq }) => eq(shipment.state, "created"),
      },
    },
  });
  if (!order) return null;
  const shipment = order.shipments[0];
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    deliveryMethod: order.deliveryMethod,
    totalCents: order.totalCents,
    shippingCostCents: order.shippingCostCents,
    shippingAddress: order.shippingAddress,
    shippingTracking: order.shippingTracking,
    hasLabel: order.shippingLabelPath !== null,
    shipmentWarning: shipment?.warning ?? null,
    shipmentDeletable: shipment !== undefined && order.status === "shipped",
    items: order.items,
  };
}

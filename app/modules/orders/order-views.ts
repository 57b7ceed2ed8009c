import type { OrderStatus, PaymentStatus, ShippingAddress } from "~/db/schema";
import { CARRIER_NAME } from "~/modules/shop/constants";
import type { OrderBreakdown } from "./order-breakdown";
import type { DeliveryMethod } from "./values";

// What the customer's and the admin's pages show of orders (the *.server.ts modules fill them in).

/** One line of an order as both views show it; prices in cents. */
export type OrderLine = {
  id: number;
  productName: string;
  quantity: number;
  size: string | null;
  color: string | null;
  unitPriceCents: number;
};

/** The id customers and staff read: the first 8 characters, after a # ("#3f2a9c1e"). */
export function shortOrderId(id: string): string {
  return `#${id.slice(0, 8)}`;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string from a URL can be an order id at all (order ids are UUIDs). */
export function isOrderId(value: string): boolean {
  return uuid.test(value);
}

const deliveryLabels: Record<DeliveryMethod, string> = {
  shipping: `Spedizione a domicilio con ${CARRIER_NAME}`,
  pickup: "Ritiro in negozio",
  pickup_and_pay: "Ritiro e pagamento in negozio",
};

export function deliveryLabel(method: DeliveryMethod): string {
  return deliveryLabels[method];
}

/** An order on the customer's own pages. */
export type CustomerOrder = {
  id: string;
  createdAt: string;
  totalCents: number;
  /** Its lines and amounts, added up as on every page that shows an order. */
  breakdown: OrderBreakdown<OrderLine>;
  status: string;
  paymentStatus: string;
  shippingTracking: string | null;
  /** The courier's page following the parcel, when the order has a tracking code. */
  trackingUrl: string | null;
  /** The signed link of the shipping label, when the order has one. */
  labelUrl: string | null;
};

/** A row of the admin's order table. */
export type AdminOrderRow = {
  id: string;
  createdAt: string;
  totalCents: number;
  status: string;
  paymentStatus: PaymentStatus;
  deliveryMethod: DeliveryMethod;
  /** The shipping address's name, or null when it has none. */
  customerName: string | null;
  shippingTracking: string | null;
  hasLabel: boolean;
};

/** The admin's order detail page. */
export type AdminOrderDetail = {
  id: string;
  createdAt: string;
  status: OrderStatus;
  paymentStatus: string;
  deliveryMethod: DeliveryMethod;
  /** Its lines and amounts, added up as on every page that shows an order. */
  breakdown: OrderBreakdown<OrderLine>;
  shippingAddress: ShippingAddress;
  shippingTracking: string | null;
  hasLabel: boolean;
  /** The courier's remark on the current shipment (GLS Check), if any. */
  shipmentWarning: string | null;
  /** Has a shipment that can still be deleted (created, its courier day not closed). */
  shipmentDeletable: boolean;
};

// The order lifecycle (docs/decisions/0006-order-lifecycle.md): every change of an order's status is one
// of these events, and only from the statuses listed. Pure, so the table is read and tested as it
// stands; modules/orders/lifecycle.server.ts applies it as a guarded update in a transaction.
import type { OrderStatus, PaymentStatus } from "~/db/schema";
import type { DeliveryMethod } from "./values";

export type OrderEvent =
  /** The payment provider reports the order paid. */
  | "payment_succeeded"
  /** The payment provider reports a final failure (a decline inside its page is not one). */
  | "payment_failed"
  /** The payment session ended unpaid. */
  | "payment_expired"
  /** Staff cancel an order that has not left the shop. */
  | "cancelled_by_staff"
  /** A courier shipment was created for a paid home delivery. */
  | "shipment_created"
  /** The shipment was deleted before the courier's day was closed. */
  | "shipment_deleted"
  /** The courier's working day was closed with this parcel in it. */
  | "courier_day_closed"
  | "delivered"
  /** A paid pickup order was collected in the shop. */
  | "collected"
  /** A reservation was collected and paid in the shop. */
  | "collected_and_paid"
  /** A reservation was not collected in time, or the customer withdrew from it. */
  | "reservation_ended";

type Transition = {
  from: readonly OrderStatus[];
  to: OrderStatus;
  /** The payment status set with the change; absent: unchanged. */
  paymentStatus?: PaymentStatus;
  /** Only orders of these delivery methods; absent: any. */
  deliveryMethods?: readonly DeliveryMethod[];
  /** The stock the order took goes back (exactly once: see lifecycle.server.ts). */
  releasesStock: boolean;
};

export const orderTransitions: Record<OrderEvent, Transition> = {
  payment_succeeded: { from: ["pending_payment"], to: "processing", paymentStatus: "paid", releasesStock: false },
  payment_failed: { from: ["pending_payment"], to: "payment_failed", paymentStatus: "failed", releasesStock: true },
  payment_expired: { from: ["pending_payment"], to: "cancelled", paymentStatus: "failed", releasesStock: true },
  cancelled_by_staff: { from: ["pending_payment", "processing", "reserved"], to: "cancelled", releasesStock: true },
  shipment_created: { from: ["processing"], to: "shipped", deliveryMethods: ["shipping"], releasesStock: false },
  shipment_deleted: { from: ["shipped"], to: "processing", releasesStock: false },
  courier_day_closed: { from: ["shipped"], to: "gls_closed", releasesStock: false },
  delivered: { from: ["gls_closed"], to: "completed", releasesStock: false },
  collected: { from: ["processing"], to: "completed", deliveryMethods: ["pickup"], releasesStock: false },
  collected_and_paid: {
    from: ["reserved"],
    to: "completed",
    paymentStatus: "paid_in_store",
    deliveryMethods: ["pickup_and_pay"],
    releasesStock: false,
  },
  reservation_ended: { from: ["reserved"], to: "cancelled", releasesStock: true },
};

/** Placed and not paid yet: the order holds its stock and its discount code's use. */
export const unpaidStatuses: readonly OrderStatus[] = ["pending_payment", "reserved"];

/**
 * Whether a change ends an order that was never paid: its code's use goes back. Exactly once, as an
 * order leaves an unpaid status only once.
 */
export function endsUnpaid(from: OrderStatus, to: OrderStatus): boolean {
  return unpaidStatuses.includes(from) && (to === "cancelled" || to === "payment_failed");
}

/**
 * The orders whose confirmation e-mail still tells the truth, so staff may send it again: paid or
 * reserved and not undone. Before the payment there is no contract yet, and a cancelled or failed
 * order's confirmation would promise a parcel that is not coming.
 */
export const confirmationResendStatuses: readonly OrderStatus[] = [
  "processing",
  "reserved",
  "shipped",
  "gls_closed",
  "completed",
];

/** Statuses no event leads out of. */
export const finalStatuses: readonly OrderStatus[] = ["completed", "cancelled", "payment_failed"];

/** What `event` does to an order in `status`, or null when the table does not allow it. */
export function nextStatus(
  order: { status: OrderStatus; deliveryMethod: DeliveryMethod },
  event: OrderEvent,
): Transition | null {
  const transition = orderTransitions[event];
  if (!transition.from.includes(order.status)) return null;
  if (transition.deliveryMethods && !transition.deliveryMethods.includes(order.deliveryMethod)) return null;
  return transition;
}

import type { ActionResult } from "~/modules/forms/action-result";

// What the admin's order forms post and what they get back; shared by the action
// (admin-actions.server.ts) and the buttons that read the answer in the browser.

export type AdminOrderIntent =
  | "create-shipment"
  | "create-shipments"
  | "delete-shipment"
  | "complete"
  | "mark-delivered"
  | "close-day"
  | "add-note"
  | "resend-confirmation"
  | "cancel-order"
  | "refund";

export type AdminOrderResult = ActionResult<
  AdminOrderIntent,
  {
    /** Close the day: every parcel with its outcome. */
    closeDay?: CloseDayResult[];
    /** Bulk shipping: the orders shipped, for the merged labels download. */
    shippedOrderIds?: string[];
  }
>;

export type CloseDayResult = {
  orderId: string;
  trackingCode: string;
  closed: boolean;
  /** The courier's reason when the parcel was not closed. */
  reason: string | null;
};

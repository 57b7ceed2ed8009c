// What the admin's order forms post and what they get back; shared by the action
// (admin-actions.server.ts) and the buttons that read the answer in the browser.

export const adminOrderIntents = [
  "create-shipment",
  "create-shipments",
  "delete-shipment",
  "complete",
  "mark-delivered",
  "close-day",
  "add-note",
  "resend-confirmation",
  "cancel-order",
  "refund",
] as const;
export type AdminOrderIntent = (typeof adminOrderIntents)[number];

export type AdminAnswer = {
  intent: AdminOrderIntent | "unknown";
  ok: boolean;
  title: string;
  message: string;
  /** Close the day: every parcel with its outcome. */
  closeDay?: CloseDayResult[];
  /** Bulk shipping: the orders shipped, for the merged labels download. */
  shippedOrderIds?: string[];
};

export type CloseDayResult = {
  orderId: string;
  trackingCode: string;
  closed: boolean;
  /** The courier's reason when the parcel was not closed. */
  reason: string | null;
};

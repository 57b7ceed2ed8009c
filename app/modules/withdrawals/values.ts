// The steps of a withdrawal and of its items: value lists and stored shapes the database keeps too.
// app/db/schema.ts imports them for its columns and checks, so this file imports nothing of the app
// but other such lists.

/**
 * received: the customer withdrew (the acknowledgement e-mail went out). goods_received: staff have
 * the parcel back and decide item by item. refunded: every item accepted and refunded.
 * partially_refused: some items refused (with a reason), the rest refunded. closed: nothing to
 * refund (a reservation, cancelled by the withdrawal itself).
 */
export const withdrawalStates = ["received", "goods_received", "refunded", "partially_refused", "closed"] as const;
export type WithdrawalState = (typeof withdrawalStates)[number];

export const withdrawalItemDecisions = ["pending", "accepted", "refused"] as const;
export type WithdrawalItemDecision = (typeof withdrawalItemDecisions)[number];

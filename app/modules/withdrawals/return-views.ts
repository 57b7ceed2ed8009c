// What the admin's return pages show and post, shared by the server module and the browser.
import type { ActionResult } from "~/modules/forms/action-result";
import type { WithdrawalItemDecision, WithdrawalState } from "./values";

/** A return request's states, in their order, for the list's filter. */
export { type WithdrawalState, withdrawalStates } from "./values";

export const returnStateLabels: Record<WithdrawalState, string> = {
  received: "Ricevuta",
  goods_received: "Merce ricevuta",
  refunded: "Rimborsata",
  partially_refused: "Rifiutata in parte",
  closed: "Chiusa",
};

export const returnDecisionLabels: Record<WithdrawalItemDecision, string> = {
  pending: "Da decidere",
  accepted: "Accettato",
  refused: "Rifiutato",
};

export type ReturnIntent = "goods-received" | "decide" | "refund-return";

/** The answer of a return's action, shown as a toast ('Successo' / 'Errore'). */
export type ReturnResult = ActionResult<ReturnIntent>;

/** The longest refusal reason staff may write (the customer reads it in the e-mail). */
export const REFUSAL_REASON_MAX = 300;

/**
 * What `quantity` pieces of an order line cost the customer: the line's price less its discounts
 * (kept per line), in proportion, rounded down so the whole line is exact and a part never more.
 */
export function lineRefundCents(
  line: { quantity: number; unitPriceCents: number; discountCents: number },
  quantity: number,
): number {
  const paid = line.unitPriceCents * line.quantity - line.discountCents;
  return Math.floor((paid * Math.min(quantity, line.quantity)) / line.quantity);
}

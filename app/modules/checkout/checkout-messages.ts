import type { ActionResult, ToastText } from "~/modules/forms/action-result";

// The checkout's answers and the toasts its pages show by themselves, shared by
// its action and its pages. The failures only the action reports are in checkout-errors.server.ts:
// the page shows what the answer carries, so the browser never needs their texts.

export type CheckoutIntent = "cart" | "first-order" | "coupon" | "coupon-remove" | "information" | "place";

/**
 * `discountPercentage`: the first-order check, the discount this e-mail gets (0 when it has ordered
 * before); `emptyCart`: the toast 'Carrello vuoto', then the shop; `messages`: the lines that
 * changed since the shopper saw them, one sentence each (nothing was charged).
 */
export type CheckoutResult = ActionResult<
  CheckoutIntent,
  { discountPercentage?: number; emptyCart?: boolean; messages?: string[] }
>;

/** Whether a failed check is about the home address: the 'Indirizzo incompleto' toast then says so. */
export function isAddressProblem(fields: readonly string[]): boolean {
  return fields.some((field) => ["address", "city", "postalCode", "province"].includes(field));
}

export const checkoutToasts = {
  incompleteAddress: {
    title: "Indirizzo incompleto",
    description: "Per la spedizione a domicilio, tutti i campi dell'indirizzo sono richiesti.",
  },
  emptyCart: { title: "Carrello vuoto", description: "Aggiungi qualche articolo prima di procedere." },
  couponEntered: {
    title: "Codice Inserito",
    description: "Lo sconto verrà calcolato e applicato nella pagina di pagamento finale.",
  },
  // A reservation is paid in the shop: it has a summary, no payment page.
  couponEnteredForReservation: {
    title: "Codice Inserito",
    description: "Lo sconto verrà calcolato e applicato nel riepilogo della prenotazione.",
  },
  firstOrder: (percent: number, reservation = false): ToastText => ({
    title: "Sconto Applicato!",
    description: `Sconto del ${percent}% sul tuo primo ordine, calcolato ${reservation ? "nel riepilogo della prenotazione" : "nella pagina di pagamento"}.`,
  }),
} satisfies Record<string, ToastText | ((...args: never[]) => ToastText)>;

import type { FormFailure, ToastText } from "~/modules/forms/form-result";

// The checkout's answers and toasts (storefront spec §8), shared by its action and its page.

export type CheckoutAnswer = { intent: string } & (
  | {
      ok: true;
      /** The first-order check: the discount this e-mail gets, 0 when it has ordered before. */
      discountPercentage?: number;
    }
  | (FormFailure & {
      /** The cart is empty: the spec's 'Carrello vuoto', then the shop. */
      emptyCart?: boolean;
      /** The lines that changed since the shopper saw them, one sentence each; nothing was charged. */
      messages?: string[];
    })
);

const checkoutError = (description: string): ToastText => ({ title: "Errore nel checkout", description });

/** Whether a failed check is about the home address: the spec's 'Indirizzo incompleto' toast then says so. */
export function isAddressProblem(fields: readonly string[]): boolean {
  return fields.some((field) => ["address", "city", "postalCode", "province"].includes(field));
}

export const checkoutToasts = {
  incompleteAddress: {
    title: "Indirizzo incompleto",
    description: "Per la spedizione a domicilio, tutti i campi dell'indirizzo sono richiesti.",
  },
  failed: checkoutError("Si è verificato un errore. Riprova."),
  noSession: checkoutError("Sessione utente non trovata. Per favore, effettua di nuovo il login."),
  invalidPaymentAnswer: checkoutError("Risposta non valida dal server di pagamento o URL mancante."),
  changed: (messages: string[]): ToastText => checkoutError(messages[0] ?? "Controlla il riepilogo aggiornato."),
  reservationFailed: {
    title: "Impossibile completare la prenotazione.",
    description: "Controlla gli articoli indicati e conferma di nuovo.",
  },
  emptyCart: { title: "Carrello vuoto", description: "Aggiungi qualche articolo prima di procedere." },
  couponEntered: {
    title: "Codice Inserito",
    description: "Lo sconto verrà calcolato e applicato nella pagina di pagamento finale.",
  },
  firstOrder: (percent: number): ToastText => ({
    title: "Sconto Applicato!",
    description: `Sconto del ${percent}% sul tuo primo ordine, calcolato nella pagina di pagamento.`,
  }),
  reservationConfirmed: {
    title: "Prenotazione Confermata!",
    description: "Ti abbiamo inviato un'email con il riepilogo.",
  },
} satisfies Record<string, ToastText | ((...args: never[]) => ToastText)>;

import type { ToastText } from "~/modules/forms/action-result";

// The checkout action's failures, sent in its answers for the page to show.

const checkoutError = (description: string): ToastText => ({ title: "Errore nel checkout", description });

export const checkoutErrors = {
  failed: checkoutError("Si è verificato un errore. Riprova."),
  noSession: checkoutError("Sessione utente non trovata. Per favore, effettua di nuovo il login."),
  invalidPaymentAnswer: checkoutError("Risposta non valida dal server di pagamento o URL mancante."),
  changed: (messages: string[]): ToastText => checkoutError(messages[0] ?? "Controlla il riepilogo aggiornato."),
  reservationFailed: {
    title: "Impossibile completare la prenotazione.",
    description: "Controlla gli articoli indicati e conferma di nuovo.",
  },
} satisfies Record<string, ToastText | ((...args: never[]) => ToastText)>;

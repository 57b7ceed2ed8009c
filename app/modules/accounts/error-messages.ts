// What the shop says when an account operation fails or succeeds.
// better-auth reports failures with a code and an English message; the messages were first mapped
// for the hosted service it replaces: 'Invalid login credentials' is better-auth's
// INVALID_EMAIL_OR_PASSWORD, 'Email not confirmed' its EMAIL_NOT_VERIFIED, 'User already registered'
// its USER_ALREADY_EXISTS.

/** A failure as better-auth describes it (APIError body), or nothing for an unexpected error. */
export type AuthFailure = { code?: string; message?: string } | undefined;

export const invalidCredentialsMessage = "Email o password non validi";
export const emailNotConfirmedMessage = "Email non confermata. Per favore controlla la tua casella email";
export const existingEmailMessage = "Esiste già un account con questa email";
const loginFallback = "Si è verificato un errore durante il login";
const registrationFallback = "Si è verificato un errore durante la registrazione";

// Codes any form may meet, said in Italian rather than passed on in English.
const commonMessages: Record<string, string> = {
  INVALID_EMAIL: "Email non valida",
  PASSWORD_TOO_SHORT: "La password deve essere di almeno 8 caratteri",
  PASSWORD_TOO_LONG: "La password è troppo lunga",
};

/** Login errors: the two known cases in the shop's words, other messages as they are, else the default. */
export function loginErrorMessage(failure: AuthFailure): string {
  switch (failure?.code) {
    case "INVALID_EMAIL_OR_PASSWORD":
      return invalidCredentialsMessage;
    case "EMAIL_NOT_VERIFIED":
      return emailNotConfirmedMessage;
  }
  return (failure?.code && commonMessages[failure.code]) || failure?.message || loginFallback;
}

/** Registration errors: an address already registered in the shop's words, otherwise the default. */
export function registrationErrorMessage(failure: AuthFailure): string {
  switch (failure?.code) {
    case "USER_ALREADY_EXISTS":
    case "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL":
      return existingEmailMessage;
  }
  return (failure?.code && commonMessages[failure.code]) || registrationFallback;
}

// The second factor of an admin's login. The plugin ends a login after 5 wrong codes and locks the
// account's codes for 15 minutes after 10 wrong ones in a row.
const secondFactorMessages: Record<string, string> = {
  INVALID_CODE: "Codice non valido. Controlla l'ora del telefono e riprova con il codice che l'app mostra ora.",
  INVALID_BACKUP_CODE: "Codice di recupero non valido, o già usato.",
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: "Troppi codici errati: accedi di nuovo con email e password.",
  INVALID_TWO_FACTOR_COOKIE: "Il tempo per inserire il codice è scaduto: accedi di nuovo con email e password.",
  ACCOUNT_TEMPORARILY_LOCKED: "Troppi codici errati per questo account: riprova tra 15 minuti.",
};
const secondFactorFallback = "Verifica non riuscita: accedi di nuovo con email e password.";

/** A failed code, at the login's second step or at the set-up. */
export function secondFactorErrorMessage(failure: AuthFailure): string {
  return (failure?.code && secondFactorMessages[failure.code]) || secondFactorFallback;
}

export const wrongPasswordMessage = "Password non corretta";
export const secondFactorSetupFallback = "Si è verificato un errore durante l'attivazione: riprova.";

/** The accounts' toasts: a title and a description (the logout's are in logout-messages.ts). */
export const accountToasts = {
  loginSucceeded: { title: "Login riuscito", description: "Benvenuto nel tuo account" },
  loginFailedTitle: "Errore di login",
  registered: { title: "Registrazione completata", description: "Ti abbiamo inviato un'email di conferma" },
  registrationFailedTitle: "Errore di registrazione",
  profileUpdated: { title: "Profilo aggiornato", description: "Le tue informazioni sono state aggiornate" },
  profileUpdateFailed: { title: "Errore aggiornamento", description: "Impossibile aggiornare il profilo" },
  resetEmailSent: {
    title: "Email inviata",
    description: "Controlla la tua email per il link di reset della password",
  },
  /** The reset request sent without an address. */
  emailRequired: { title: "Email richiesta", description: "Inserisci la tua email per ricevere il link di reset" },
  resetRequestFailedTitle: "Errore",
  passwordResetFailed: { title: "Errore Reset Password", description: "Impossibile aggiornare la password" },
  passwordUpdatedTitle: "Password Aggiornata!",
  secondFactorFailedTitle: "Verifica non riuscita",
  secondFactorSetupFailedTitle: "Attivazione non riuscita",
} as const;

/** The confirmation link opened too late, or twice. */
export const invalidConfirmationLink = {
  title: "Link non valido",
  description:
    "Il link di conferma non è valido o è scaduto. Se il tuo account non è ancora confermato, accedi con email e password per riceverne uno nuovo.",
};

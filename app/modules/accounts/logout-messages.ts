// The logout's toasts. Apart from error-messages.ts because the Logout
// button is in the header of every page, which then carries these two and not every account form's texts.

export const logoutToasts = {
  loggedOut: { title: "Logout effettuato", description: "Hai effettuato il logout con successo" },
  logoutFailed: { title: "Errore durante il logout", description: "Si è verificato un errore durante il logout" },
} as const;

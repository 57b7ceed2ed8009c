// The contact form's limits and texts, shared by the form and the server.

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const contactFormMessages = {
  required: "Per favore, compila tutti i campi.",
  invalidEmail: "Inserisci un indirizzo email valido.",
  tooLong: "Il testo è troppo lungo.",
  failed: "Impossibile inviare il messaggio. Riprova più tardi.",
  sent: "Messaggio inviato!",
} as const;

/** The contact page's query field that fills in the subject, e.g. from a product without a price. */
export const CONTACT_SUBJECT_PARAM = "oggetto";

/** Where a shopper asks the price of a product that shows none: the contact form, its subject filled in. */
export function priceRequestPath(productName: string): string {
  return `/contact?${new URLSearchParams({ [CONTACT_SUBJECT_PARAM]: `Prezzo di ${productName}` })}`;
}

/** The subject a link filled in (see CONTACT_SUBJECT_PARAM), within the field's limit; "" without one. */
export function prefilledSubject(url: URL): string {
  return (url.searchParams.get(CONTACT_SUBJECT_PARAM) ?? "").trim().slice(0, CONTACT_LIMITS.subject);
}

// The contact form's limits and texts, shared by the form and the server.

export const CONTACT_LIMITS = { name: 100, email: 254, subject: 150, message: 5000 } as const;

export const contactFormMessages = {
  required: "Per favore, compila tutti i campi.",
  invalidEmail: "Inserisci un indirizzo email valido.",
  tooLong: "Il testo è troppo lungo.",
  failed: "Impossibile inviare il messaggio. Riprova più tardi.",
  sent: "Messaggio inviato!",
} as const;

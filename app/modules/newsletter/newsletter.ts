// The newsletter's texts and rules shared by the sign-up forms and the server.
import { shop } from "~/modules/shop/identity";

/** Where a sign-up came from, stored with it. */
export const newsletterSources = ["footer", "home", "popup", "page"] as const;
export type NewsletterSource = (typeof newsletterSources)[number];

/** What the visitor agrees to, shown under every sign-up form. */
export const newsletterConsent = {
  statement: `Iscrivendoti accetti di ricevere via email la newsletter di ${shop.name} con novità, consigli di stile e promozioni. Ti chiederemo di confermare l'indirizzo e potrai annullare l'iscrizione in qualsiasi momento.`,
  privacyLinkLabel: "Informativa sulla Privacy",
};

/** The consent exactly as the form shows it (with its link's address), stored as evidence with each sign-up. */
export const NEWSLETTER_CONSENT_TEXT = `${newsletterConsent.statement} Leggi l'${newsletterConsent.privacyLinkLabel} (/privacy).`;

export const newsletterMessages = {
  emailRequired: "Per favore, inserisci un'email.",
  invalidEmail: "Inserisci un indirizzo email valido.",
  failed: "Impossibile completare l'iscrizione.",
  /** After the form: the address still has to be confirmed (double opt-in). */
  thanks: { title: "Grazie!", description: "Controlla la tua email e apri il link per confermare l'iscrizione." },
  /** After the confirmation link. */
  confirmed: { title: "Iscrizione Riuscita!", description: "La tua iscrizione è avvenuta con successo." },
} as const;

import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { shop } from "~/modules/shop/identity";

export const confirmationLinkHours = 24;
export const resetLinkMinutes = 60;

type Recipient = { email: string; firstName: string };

const greeting = (firstName: string) => (firstName ? `Ciao ${firstName},` : "Ciao,");

/** The link lands on /auth, where one button confirms the address. */
export function confirmationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/auth?${new URLSearchParams({ token })}`;
}

export function passwordResetLink(publicUrl: string, token: string): string {
  return `${publicUrl}/reset-password?${new URLSearchParams({ token })}`;
}

export function confirmationEmail(to: Recipient, link: string): MailMessage {
  return composeEmail({
    to: to.email,
    subject: `Conferma il tuo indirizzo email - ${shop.name}`,
    paragraphs: [
      greeting(to.firstName),
      `grazie per aver creato il tuo account su ${shop.name}. Per attivarlo conferma il tuo indirizzo email con il pulsante qui sotto.`,
      `Il link è valido per ${confirmationLinkHours} ore. Se non hai creato tu questo account, ignora questa email.`,
    ],
    action: { label: "Conferma la tua email", url: link },
  });
}

export function passwordResetEmail(to: Recipient, link: string): MailMessage {
  return composeEmail({
    to: to.email,
    subject: `Reimposta la tua password - ${shop.name}`,
    paragraphs: [
      greeting(to.firstName),
      `abbiamo ricevuto una richiesta di reimpostare la password del tuo account ${shop.name}.`,
      `Il link è valido per ${resetLinkMinutes} minuti e si può usare una sola volta. Se non hai chiesto tu di reimpostare la password, ignora questa email: la tua password resta la stessa.`,
    ],
    action: { label: "Reimposta la password", url: link },
  });
}

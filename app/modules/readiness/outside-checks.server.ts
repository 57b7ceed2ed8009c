import { formatDate } from "~/modules/format/dates";
import { composeEmail } from "~/modules/mail/compose";
import type { MailTransport } from "~/modules/mail/transport.server";
import type { PaymentProvider, PaymentSetup } from "~/modules/payments/provider";
import type { Carrier } from "~/modules/shipping/carrier";
import type { ReadinessCheck } from "./checks";

// The checks that ask an outside service (Stripe, GLS, the mail server), each with one call that
// changes nothing there. They run only when the owner presses 'Verifica', never on a page load.

/** The webhook's path in the shop (app/routes.ts). */
export const paymentWebhookPath = "/api/pagamenti/webhook";

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Whether Stripe takes real money, and tells the shop about it at `publicUrl`'s webhook. */
export async function paymentChecks(
  payments: PaymentProvider,
  publicUrl: string,
  lastWebhookAt: Date | null,
): Promise<ReadinessCheck[]> {
  const webhookUrl = `${publicUrl}${paymentWebhookPath}`;
  const paymentsLabel = "Pagamenti con Stripe";
  const webhookLabel = "Webhook di Stripe";
  if (payments.name === "sandbox") {
    return [
      {
        id: "payments",
        label: paymentsLabel,
        status: "missing",
        detail: "È attivo il sandbox dei pagamenti: i clienti «pagano» senza che arrivi nessun soldo.",
        fix: "Imposta PAYMENTS=stripe con STRIPE_SECRET_KEY e STRIPE_WEBHOOK_SECRET del tuo account Stripe, e riavvia.",
      },
      {
        id: "webhook",
        label: webhookLabel,
        status: "missing",
        detail: "Con il sandbox nessun avviso di Stripe arriva al negozio.",
        fix: `Attivato Stripe, registra nella Dashboard di Stripe l'endpoint ${webhookUrl}.`,
      },
    ];
  }
  let setup: PaymentSetup;
  try {
    setup = await payments.checkSetup(webhookUrl);
  } catch (error) {
    return [
      {
        id: "payments",
        label: paymentsLabel,
        status: "missing",
        detail: `Stripe non accetta le chiavi del negozio: ${reason(error)}`,
        fix: "Copia la chiave segreta dalla Dashboard di Stripe (Sviluppatori › Chiavi API) in STRIPE_SECRET_KEY e riavvia.",
      },
    ];
  }
  const received = lastWebhookAt
    ? `L'ultimo avviso è arrivato il ${formatDate(lastWebhookAt, "dateTime")}.`
    : "Nessun avviso ancora arrivato: arriverà con il primo pagamento.";
  return [
    setup.live
      ? {
          id: "payments",
          label: paymentsLabel,
          status: "ok",
          detail: "Stripe accetta le chiavi del negozio, in modalità live.",
          fix: null,
        }
      : {
          id: "payments",
          label: paymentsLabel,
          status: "warning",
          detail: "Stripe accetta le chiavi, ma sono di prova: nessun pagamento vero arriva.",
          fix: "Metti in STRIPE_SECRET_KEY la chiave live (sk_live_…) e in STRIPE_WEBHOOK_SECRET il segreto dell'endpoint live, e riavvia.",
        },
    setup.webhookRegistered
      ? {
          id: "webhook",
          label: webhookLabel,
          status: "ok",
          detail: `Stripe avvisa ${webhookUrl}. ${received}`,
          fix: null,
        }
      : {
          id: "webhook",
          label: webhookLabel,
          status: "missing",
          detail: `Stripe non ha un endpoint attivo per ${webhookUrl}: gli ordini pagati restano in attesa finché il negozio non li ricontrolla. ${received}`,
          fix: `Nella Dashboard di Stripe (Sviluppatori › Webhook) aggiungi l'endpoint ${webhookUrl} e copia il suo segreto in STRIPE_WEBHOOK_SECRET.`,
        },
  ];
}

export async function courierCheck(carrier: Carrier): Promise<ReadinessCheck> {
  const label = "Corriere GLS";
  if (carrier.name === "sandbox") {
    return {
      id: "courier",
      label,
      status: "missing",
      detail: "È attivo il corriere di prova: le etichette non valgono per nessun corriere.",
      fix: "Imposta GLS_SEDE, GLS_CLIENT_CODE, GLS_PASSWORD e GLS_CONTRACT_CODE con i dati del tuo contratto GLS, e riavvia.",
    };
  }
  try {
    await carrier.checkCredentials();
  } catch (error) {
    return {
      id: "courier",
      label,
      status: "missing",
      detail: reason(error),
      fix: "Controlla sede, codice cliente e password GLS (GLS_SEDE, GLS_CLIENT_CODE, GLS_PASSWORD) con la tua sede GLS, e riavvia.",
    };
  }
  return { id: "courier", label, status: "ok", detail: "GLS accetta le credenziali del negozio.", fix: null };
}

/** Sends a test message to the owner through the shop's own mail transport, now (not through the queue). */
export async function mailCheck(transport: MailTransport, ownerEmail: string): Promise<ReadinessCheck> {
  const label = "E-mail";
  if (transport.kind === "outbox") {
    return {
      id: "mail",
      label,
      status: "missing",
      detail: "Nessun server di posta: le e-mail ai clienti restano in una cartella del server, nessuno le riceve.",
      fix: "Imposta SMTP_URL (per esempio smtps://utente:password@smtp.tuoprovider.it) e MAIL_FROM, e riavvia.",
    };
  }
  try {
    await transport.send(
      composeEmail({
        to: ownerEmail,
        subject: "Prova dal negozio",
        paragraphs: ["Questa è un'e-mail di prova della pagina «Pronto per vendere?»: la posta del negozio funziona."],
      }),
    );
  } catch (error) {
    return {
      id: "mail",
      label,
      status: "missing",
      detail: `Il server di posta non ha accettato l'e-mail di prova: ${reason(error)}`,
      fix: "Controlla indirizzo, utente e password in SMTP_URL con il tuo fornitore di posta, e riavvia.",
    };
  }
  return {
    id: "mail",
    label,
    status: "ok",
    detail: `Un'e-mail di prova è partita per ${ownerEmail}: controlla che sia arrivata.`,
    fix: null,
  };
}

import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { itemLabel } from "~/modules/orders/confirmation-email";
import { shortOrderId } from "~/modules/orders/order-views";
import type { DeliveryMethod } from "~/modules/orders/values";
import { type PublicSettings, returnCostSentence, shopIdentity } from "~/modules/settings/shop-settings";
import { REFUND_DAYS, WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { formatAddress, shop as identityFile } from "~/modules/shop/identity";

// The acknowledgement of a withdrawal on a durable medium (art. 54-bis Codice del Consumo): what the
// customer withdrew from, in whose name, and the date and time it reached us, in Italian time.

export type WithdrawalForEmail = {
  requestId: string;
  orderId: string;
  deliveryMethod: DeliveryMethod;
  name: string;
  email: string;
  wholeOrder: boolean;
  receivedAt: Date;
  items: {
    productName: string;
    size: string | null;
    color: string | null;
    quantity: number;
    unitPriceCents: number;
    hygieneSealed: boolean;
  }[];
};

/** The receipt page of a request; its random id is the key, as the link is only in the customer's e-mail. */
export function withdrawalReceiptUrl(publicUrl: string, requestId: string): string {
  return `${publicUrl}/recesso?${new URLSearchParams({ richiesta: requestId })}`;
}

export function withdrawalAcknowledgementSubject(orderId: string): string {
  return `Recesso ricevuto per l'ordine ${shortOrderId(orderId)} - ${identityFile.name}`;
}

/** `settings`: the shop's settings now (identity, return cost). */
export function withdrawalAcknowledgementEmail(
  withdrawal: WithdrawalForEmail,
  publicUrl: string,
  settings: PublicSettings,
): MailMessage {
  const shop = shopIdentity(settings);
  const number = shortOrderId(withdrawal.orderId);
  const reservation = withdrawal.deliveryMethod === "pickup_and_pay";
  const firstName = withdrawal.name.trim().split(/\s+/)[0];
  const nextSteps = reservation
    ? ["La prenotazione è annullata: gli articoli tornano in vendita e non devi pagare nulla."]
    : [
        `Restituisci gli articoli entro ${WITHDRAWAL_DAYS} giorni da oggi: spediscili a ${shop.seller.legalName}, ${formatAddress(shop.address)}, oppure riportali in negozio, indicando il numero dell'ordine ${number}.`,
        `${returnCostSentence(settings.shipping)} Ti rimborsiamo entro ${REFUND_DAYS} giorni da oggi, con lo stesso mezzo di pagamento che hai usato; possiamo attendere di ricevere gli articoli, o la prova che li hai spediti.`,
        ...(withdrawal.items.some((item) => item.hygieneSealed)
          ? [
              "Per gli articoli con sigillo igienico il recesso è accettato come richiesta: li rimborsiamo solo se il sigillo è intatto, lo verifichiamo al ricevimento (art. 59, lettera e, del Codice del Consumo).",
            ]
          : []),
      ];
  return composeEmail({
    to: withdrawal.email,
    subject: withdrawalAcknowledgementSubject(withdrawal.orderId),
    paragraphs: [
      firstName ? `Ciao ${firstName},` : "Ciao,",
      `abbiamo ricevuto il tuo recesso dal contratto per l'ordine ${number} il ${formatDate(withdrawal.receivedAt, "dateTime")} (ora italiana).`,
      "Conserva questa email: è la conferma del tuo recesso.",
    ],
    sections: [
      {
        title: "Il tuo recesso",
        rows: [
          ["Ordine", number],
          ["Nome", withdrawal.name],
          ["Data e ora del recesso", formatDate(withdrawal.receivedAt, "dateTime")],
          ["Recesso da", withdrawal.wholeOrder ? "Tutto l'ordine" : "Alcuni articoli"],
          ...withdrawal.items.map((item): [string, string] => [
            itemLabel(item),
            `${formatEuro(item.unitPriceCents * item.quantity)}${item.hygieneSealed ? " · sigillo igienico" : ""}`,
          ]),
        ],
      },
      { title: "Cosa succede ora", paragraphs: nextSteps },
      {
        title: "Domande",
        paragraphs: [`Scrivici a ${shop.email} o chiamaci al ${shop.phone.display}.`],
        link: { label: "La ricevuta del tuo recesso", url: withdrawalReceiptUrl(publicUrl, withdrawal.requestId) },
      },
    ],
  });
}

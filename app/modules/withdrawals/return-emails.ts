import { formatEuro } from "~/modules/format/numbers";
import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { shortOrderId } from "~/modules/orders/order-views";
import { REFUND_DAYS } from "~/modules/shop/constants";
import { shop } from "~/modules/shop/identity";

type Customer = { name: string; email: string; orderId: string };

const greeting = (name: string) => {
  const firstName = name.trim().split(/\s+/)[0];
  return firstName ? `Ciao ${firstName},` : "Ciao,";
};

const itemLine = (item: { productName: string; size: string | null; color: string | null; quantity: number }) =>
  `${item.productName}${[item.size, item.color].some(Boolean) ? ` (${[item.size, item.color].filter(Boolean).join(", ")})` : ""} × ${item.quantity}`;

export const goodsReceivedSubject = (orderId: string) =>
  `Abbiamo ricevuto il tuo reso - ordine ${shortOrderId(orderId)}`;

/** The parcel of a withdrawal is back in the shop: staff will check it and refund. */
export function goodsReceivedEmail(customer: Customer): MailMessage {
  const number = shortOrderId(customer.orderId);
  return composeEmail({
    to: customer.email,
    subject: `${goodsReceivedSubject(customer.orderId)} - ${shop.name}`,
    paragraphs: [
      greeting(customer.name),
      `abbiamo ricevuto gli articoli che ci hai restituito per il recesso dall'ordine ${number}.`,
      `Li controlliamo e ti scriviamo l'esito con il rimborso, che arriva entro ${REFUND_DAYS} giorni dal tuo recesso.`,
    ],
  });
}

export const returnDecidedSubject = (orderId: string) => `Esito del tuo reso - ordine ${shortOrderId(orderId)}`;

export type DecidedItem = {
  productName: string;
  size: string | null;
  color: string | null;
  quantity: number;
  refundCents: number;
  refusalReason: string | null;
};

/**
 * The outcome of a withdrawal: what was accepted and refunded (online, or in the shop for an order
 * not paid online), and every refused item with the reason staff gave.
 */
export function returnDecidedEmail(
  customer: Customer,
  outcome: {
    accepted: DecidedItem[];
    refused: DecidedItem[];
    shippingCents: number;
    refundCents: number;
    online: boolean;
  },
): MailMessage {
  const number = shortOrderId(customer.orderId);
  const money =
    outcome.refundCents === 0
      ? "Non c'è nulla da rimborsare."
      : outcome.online
        ? `Ti abbiamo rimborsato ${formatEuro(outcome.refundCents)} con lo stesso metodo di pagamento dell'ordine: a seconda della banca, l'accredito può richiedere qualche giorno.`
        : `Ti restituiamo ${formatEuro(outcome.refundCents)} in negozio: l'ordine non è stato pagato online.`;
  return composeEmail({
    to: customer.email,
    subject: `${returnDecidedSubject(customer.orderId)} - ${shop.name}`,
    paragraphs: [
      greeting(customer.name),
      `abbiamo controllato gli articoli del tuo recesso dall'ordine ${number}.`,
      money,
    ],
    sections: [
      ...(outcome.accepted.length > 0
        ? [
            {
              title: "Articoli accettati",
              rows: [
                ...outcome.accepted.map((item): [string, string] => [itemLine(item), formatEuro(item.refundCents)]),
                ...(outcome.shippingCents > 0
                  ? [["Spese di spedizione", formatEuro(outcome.shippingCents)] as [string, string]]
                  : []),
              ],
            },
          ]
        : []),
      ...(outcome.refused.length > 0
        ? [
            {
              title: "Articoli non accettati",
              paragraphs: outcome.refused.map((item) => `${itemLine(item)}: ${item.refusalReason ?? ""}`),
            },
          ]
        : []),
    ],
  });
}

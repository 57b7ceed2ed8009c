import { formatEuro } from "~/modules/format/numbers";
import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { shop } from "~/modules/shop/identity";
import { amountEmailRows, type OrderForEmail } from "./confirmation-email";
import { shortOrderId } from "./order-views";

// The e-mail a customer gets for each refund staff make on an order (a part now, the rest later):
// how much, how it comes back, how much of what was paid has come back so far, and the order.

export type RefundedOrderForEmail = Omit<OrderForEmail, "createdAt">;

export const REFUND_SUBJECT = "Rimborso per l'ordine";

export function orderRefundEmail(
  order: RefundedOrderForEmail,
  refund: {
    amountCents: number;
    /** Given back so far, this refund included. */
    refundedCents: number;
    paidCents: number;
  },
): MailMessage {
  const number = shortOrderId(order.id);
  const firstName = order.shippingAddress.name.trim().split(/\s+/)[0] ?? "";
  const soFar =
    refund.refundedCents >= refund.paidCents
      ? `Con questo rimborso ti abbiamo restituito tutto quello che hai pagato, ${formatEuro(refund.paidCents)}.`
      : refund.refundedCents > refund.amountCents
        ? `In tutto ti abbiamo rimborsato ${formatEuro(refund.refundedCents)} dei ${formatEuro(refund.paidCents)} che hai pagato.`
        : null;
  return composeEmail({
    to: order.shippingAddress.email,
    subject: `${REFUND_SUBJECT} ${number} - ${shop.name}`,
    paragraphs: [
      firstName ? `Ciao ${firstName},` : "Ciao,",
      `ti abbiamo rimborsato ${formatEuro(refund.amountCents)} per l'ordine ${number}, sullo stesso mezzo di pagamento che hai usato. L'accredito può richiedere alcuni giorni lavorativi, secondo i tempi della tua banca o del circuito di pagamento.`,
      ...(soFar ? [soFar] : []),
      `Per qualsiasi domanda scrivici a ${shop.email} o chiamaci al ${shop.phone.display}.`,
    ],
    sections: [{ title: "Il tuo ordine", rows: amountEmailRows(order) }],
  });
}

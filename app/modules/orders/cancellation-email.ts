import type { PaymentStatus } from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { shop } from "~/modules/shop/identity";
import { amountEmailRows, type OrderForEmail } from "./confirmation-email";
import { shortOrderId } from "./order-views";

// The e-mail a customer gets when staff cancel the order: what was cancelled and, when money comes
// back, how much and how.

export type CancelledOrderForEmail = Omit<OrderForEmail, "createdAt"> & {
  /** As it was before the cancellation: tells an order paid online from one never paid. */
  paymentStatus: PaymentStatus;
};

export const CANCELLATION_SUBJECT = "Ordine annullato";

export function orderCancelledEmail(order: CancelledOrderForEmail, refundCents: number): MailMessage {
  const number = shortOrderId(order.id);
  const firstName = order.shippingAddress.name.split(" ")[0] ?? "";
  const opening =
    order.deliveryMethod === "pickup_and_pay"
      ? `la tua prenotazione ${number} è stata annullata: gli articoli non sono più riservati per te e non devi pagare nulla.`
      : `il tuo ordine ${number} è stato annullato: non lo ${order.deliveryMethod === "shipping" ? "spediremo" : "prepareremo per il ritiro"}.`;
  const money =
    refundCents > 0
      ? `Ti rimborsiamo ${formatEuro(refundCents)} sullo stesso mezzo di pagamento che hai usato. L'accredito può richiedere alcuni giorni lavorativi, secondo i tempi della tua banca o del circuito di pagamento.`
      : order.paymentStatus === "pending"
        ? "Il pagamento non era stato completato: non ti è stato addebitato nulla."
        : null;

  return composeEmail({
    to: order.shippingAddress.email,
    subject: `${CANCELLATION_SUBJECT} ${number} - ${shop.name}`,
    paragraphs: [
      firstName ? `Ciao ${firstName},` : "Ciao,",
      opening,
      ...(money ? [money] : []),
      `Per qualsiasi domanda scrivici a ${shop.email} o chiamaci al ${shop.phone.display}.`,
    ],
    sections: [
      {
        title: "Articoli annullati",
        rows: amountEmailRows(order),
      },
    ],
  });
}

import type { ShipmentParcel, ShippingAddress } from "~/db/schema";
import { composeEmail } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { CARRIER_NAME, COURIER_DELIVERY_WORKING_DAYS, WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { shop } from "~/modules/shop/identity";
import { withdrawalUrl } from "./confirmation-email";
import { shortOrderId } from "./order-views";

export type ShippedOrder = { id: string; shippingAddress: ShippingAddress; parcels: ShipmentParcel[] };

/** The 'spedito' e-mail: the order left the shop, with the courier's tracking link of every parcel. */
export function orderShippedEmail(
  order: ShippedOrder,
  trackingUrl: (trackingCode: string) => string,
  publicUrl: string,
): MailMessage {
  const number = shortOrderId(order.id);
  const { name, address, postalCode, city, province } = order.shippingAddress;
  const firstName = name.trim().split(/\s+/)[0];
  const [first, ...others] = order.parcels;
  if (!first) throw new Error(`Order ${order.id} has no parcel to announce`);
  return composeEmail({
    to: order.shippingAddress.email,
    subject: `Il tuo ordine ${number} è stato spedito - ${shop.name}`,
    paragraphs: [
      firstName ? `Ciao ${firstName},` : "Ciao,",
      `il tuo ordine ${number} è stato spedito con ${CARRIER_NAME}${order.parcels.length > 1 ? ` in ${order.parcels.length} colli` : ""}. Di solito arriva in ${COURIER_DELIVERY_WORKING_DAYS.min}-${COURIER_DELIVERY_WORKING_DAYS.max} giorni lavorativi.`,
      `Lo consegneremo a: ${name}, ${address}, ${postalCode} ${city}${province ? ` (${province})` : ""}.`,
    ],
    action: { label: `Segui la spedizione (${first.trackingCode})`, url: trackingUrl(first.trackingCode) },
    sections: [
      ...(others.length > 0
        ? [
            {
              title: "Gli altri colli",
              rows: others.map((parcel, index): [string, string] => [`Collo ${index + 2}`, parcel.trackingCode]),
              paragraphs: others.map((parcel) => trackingUrl(parcel.trackingCode)),
            },
          ]
        : []),
      {
        title: "I tuoi ordini",
        paragraphs: ["Trovi il numero di tracking anche tra i tuoi ordini, se hai un account."],
        link: { label: "I miei ordini", url: `${publicUrl}/orders` },
      },
      {
        title: "Diritto di recesso",
        paragraphs: [
          `Puoi recedere entro ${WITHDRAWAL_DAYS} giorni dalla consegna, anche prima di ricevere il pacco, con la funzione online.`,
        ],
        link: { label: "Recedi dal contratto qui", url: withdrawalUrl(publicUrl, order.id) },
      },
    ],
  });
}

import type { ShippingAddress } from "~/db/schema";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { composeEmail, type EmailSection } from "~/modules/mail/compose";
import type { MailMessage } from "~/modules/mail/message";
import { type PublicSettings, returnCostSentence, shopIdentity } from "~/modules/settings/shop-settings";
import {
  CARRIER_NAME,
  DELIVERY_WORKING_DAYS,
  LEGAL_WARRANTY_YEARS,
  REFUND_DAYS,
  RESERVATION_HOLD_DAYS,
  WITHDRAWAL_DAYS,
} from "~/modules/shop/constants";
import { formatAddress, type ShopIdentity } from "~/modules/shop/identity";
import { formatOpeningHours } from "~/modules/shop/opening-hours";
import { amountText, type BreakdownItem, type OrderAmounts, orderBreakdown } from "./order-breakdown";
import { deliveryLabel, shortOrderId } from "./order-views";

// The order confirmation: the contract on a durable medium (Codice del Consumo art. 51). It repeats
// what the shopper agreed to (seller, goods, prices, delivery, payment) and the terms that come with
// it: the 14-day withdrawal with the model form and the online function, and the legal guarantee.

export type OrderForEmail = OrderAmounts & {
  id: string;
  createdAt: Date;
  shippingAddress: ShippingAddress;
};

/** Where the online withdrawal function lives (art. 54-bis Codice del Consumo). */
export function withdrawalUrl(publicUrl: string, orderId: string): string {
  return `${publicUrl}/recesso?${new URLSearchParams({ ordine: shortOrderId(orderId).slice(1) })}`;
}

export function itemLabel(item: BreakdownItem): string {
  const details = [item.size && `taglia ${item.size}`, item.color && `colore ${item.color}`].filter(Boolean);
  return `${item.quantity} × ${item.productName}${details.length > 0 ? ` (${details.join(", ")})` : ""}`;
}

/** The order's lines and amounts as the rows of an e-mail (orderBreakdown: the same as on every page). */
export function amountEmailRows(order: OrderAmounts): [string, string][] {
  const { lines, rows } = orderBreakdown(order);
  return [
    ...lines.map((line): [string, string] => [itemLabel(line), formatEuro(line.lineTotalCents)]),
    ...rows.map((row): [string, string] => [row.label, amountText(row)]),
  ];
}

function deliveryRows(order: OrderForEmail, shop: ShopIdentity): [string, string][] {
  const { shippingAddress: address } = order;
  if (order.deliveryMethod === "shipping") {
    return [
      ["Consegna", deliveryLabel("shipping")],
      [
        "Indirizzo",
        `${address.name}, ${address.address}, ${address.postalCode} ${address.city}${address.province ? ` (${address.province})` : ""}, ${address.country}`,
      ],
      ["Tempi di consegna", `${DELIVERY_WORKING_DAYS.min}-${DELIVERY_WORKING_DAYS.max} giorni lavorativi`],
    ];
  }
  return [
    ["Consegna", deliveryLabel(order.deliveryMethod)],
    ["Negozio", `${shop.name}, ${formatAddress(shop.address)}`],
    ...formatOpeningHours(shop.openingHours).map(({ days, hours }): [string, string] => [days, hours]),
  ];
}

const modelWithdrawalForm = (shop: ShopIdentity) => [
  "(compilare e restituire il presente modulo solo se si desidera recedere dal contratto)",
  `— Destinatario: ${shop.seller.legalName}, ${formatAddress(shop.address)}, ${shop.email}`,
  "— Con la presente io/noi (*) notifichiamo il recesso dal mio/nostro (*) contratto di vendita dei seguenti beni/servizi (*)",
  "— Ordinato il (*)/ricevuto il (*)",
  "— Nome del/dei consumatore(i)",
  "— Indirizzo del/dei consumatore(i)",
  "— Firma del/dei consumatore(i) (solo se il presente modulo è notificato in versione cartacea)",
  "— Data",
  "(*) Cancellare la dicitura inutile.",
];

/** `settings`: the shop's settings when the order was placed (identity, hours, return cost). */
export function orderConfirmationEmail(order: OrderForEmail, publicUrl: string, settings: PublicSettings): MailMessage {
  const shop = shopIdentity(settings);
  const number = shortOrderId(order.id);
  const reservation = order.deliveryMethod === "pickup_and_pay";
  const firstName = order.shippingAddress.name.split(" ")[0] ?? "";
  const opening = reservation
    ? `abbiamo riservato per te gli articoli qui sotto: ti aspettano in negozio, in ${formatAddress(shop.address)}, per ${RESERVATION_HOLD_DAYS} giorni. Li paghi al ritiro, in contanti o con carta: porta con te il numero della prenotazione, ${number}.`
    : order.deliveryMethod === "shipping"
      ? `grazie per il tuo ordine ${number}: abbiamo ricevuto il pagamento e stiamo preparando il pacco. Lo affidiamo a ${CARRIER_NAME}, che lo consegna in ${DELIVERY_WORKING_DAYS.min}-${DELIVERY_WORKING_DAYS.max} giorni lavorativi; alla spedizione ti scriviamo con il codice per seguirlo.`
      : `grazie per il tuo ordine ${number}: abbiamo ricevuto il pagamento. Puoi ritirarlo in negozio, in ${formatAddress(shop.address)}, negli orari di apertura: porta con te il numero dell'ordine.`;

  const summary: EmailSection = {
    title: reservation ? "La tua prenotazione" : "Il tuo ordine",
    rows: amountEmailRows(order),
  };

  const details: EmailSection = {
    title: "Pagamento e consegna",
    rows: [
      [reservation ? "Prenotazione" : "Ordine", `${number} del ${formatDate(order.createdAt, "dateTime")}`],
      ["Pagamento", reservation ? "Da pagare in negozio al ritiro" : "Pagato online (carta, wallet o Satispay)"],
      ...deliveryRows(order, shop),
      ["Email", order.shippingAddress.email],
      ["Telefono", order.shippingAddress.phone],
    ],
  };

  const seller: EmailSection = {
    title: "Venditore",
    paragraphs: [
      `${shop.seller.legalName}, ${formatAddress(shop.address)}, P.IVA ${shop.seller.vatNumber}, REA ${shop.seller.rea}. Email ${shop.email}, telefono ${shop.phone.display}.`,
    ],
  };

  const withdrawal: EmailSection = {
    title: "Diritto di recesso",
    paragraphs: [
      `Puoi recedere dal contratto, senza indicarne il motivo, entro ${WITHDRAWAL_DAYS} giorni dal giorno in cui tu, o una persona da te indicata diversa dal corriere, ricevi gli articoli${order.deliveryMethod === "shipping" ? "" : " o li ritiri in negozio"}.`,
      `Per recedere usa la funzione online qui sotto, oppure mandaci una dichiarazione esplicita (anche con il modulo tipo che trovi più in basso) a ${shop.email} o per posta a ${shop.seller.legalName}, ${formatAddress(shop.address)}.`,
      `Ti rimborsiamo i pagamenti ricevuti, spese di consegna comprese, entro ${REFUND_DAYS} giorni dal giorno in cui riceviamo la tua comunicazione di recesso, con lo stesso mezzo di pagamento che hai usato; possiamo attendere di ricevere gli articoli, o la prova che li hai spediti. ${returnCostSentence(settings.shipping)}`,
      "Per motivi igienici non possono essere restituiti slip, culotte, costumi da bagno e altri capi di intimo a contatto con la pelle se il sigillo o la protezione igienica sono stati rimossi (art. 59, lettera e, del Codice del Consumo).",
    ],
    link: { label: "Recedi dal contratto qui", url: withdrawalUrl(publicUrl, order.id) },
  };

  const modelForm: EmailSection = { title: "Modulo di recesso tipo", paragraphs: modelWithdrawalForm(shop) };

  const guarantee: EmailSection = {
    title: "Garanzia legale",
    paragraphs: [
      `Tutti gli articoli sono coperti dalla garanzia legale di conformità di ${LEGAL_WARRANTY_YEARS} anni dalla consegna (artt. 128 e seguenti del Codice del Consumo). Per un difetto o un reclamo scrivici a ${shop.email} o chiamaci al ${shop.phone.display}.`,
    ],
  };

  return composeEmail({
    to: order.shippingAddress.email,
    subject: reservation
      ? `Prenotazione confermata ${number} - ${shop.name}`
      : `Conferma ordine ${number} - ${shop.name}`,
    paragraphs: [
      firstName ? `Ciao ${firstName},` : "Ciao,",
      opening,
      "Conserva questa email: è la conferma del contratto.",
    ],
    sections: [summary, details, seller, withdrawal, modelForm, guarantee],
  });
}

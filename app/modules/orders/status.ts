// How order and payment statuses read. Matching ignores letter case;
// a value missing from the catalogue is shown as it is. Typed by the schema's statuses: a new status
// does not compile without its label.
import type { OrderStatus, PaymentStatus } from "~/db/schema";

const orderStatusLabels: Record<OrderStatus, string> = {
  processing: "In Lavorazione",
  shipped: "Spedito",
  gls_closed: "Chiuso (GLS)",
  completed: "Completato",
  cancelled: "Annullato",
  payment_failed: "Pagamento Fallito",
  pending_payment: "In Attesa di Pagamento",
  reserved: "Riservato (Paga in Negozio)",
};

// The four payment statuses every shop has, and those of paying in the shop and of refunds.
const paymentStatusLabels: Record<PaymentStatus, string> = {
  paid: "Pagato",
  pending: "In Attesa",
  failed: "Fallito",
  to_be_paid_in_store: "Da Pagare in Negozio",
  paid_in_store: "Pagato in Negozio",
  refunded: "Rimborsato",
  partially_refunded: "Rimborsato in parte",
};

export function orderStatusLabel(status: string): string {
  return (orderStatusLabels as Record<string, string>)[status.toLowerCase()] ?? status;
}

// Customers read the status in their own words: the courier's day being closed is staff's business.
const customerWords: Record<string, string> = { gls_closed: "In viaggio" };

/** The status as a customer reads it (their orders, the withdrawal form); staff keep the labels above. */
export function customerOrderStatusLabel(status: string): string {
  return customerWords[status.toLowerCase()] ?? orderStatusLabel(status);
}

export function paymentStatusLabel(status: string): string {
  return (paymentStatusLabels as Record<string, string>)[status.toLowerCase()] ?? status;
}

/** The look of a status badge: good news, waiting, bad news, or neutral. */
export type StatusTone = "positive" | "waiting" | "negative" | "neutral";

const tones: Record<OrderStatus | PaymentStatus, StatusTone> = {
  completed: "positive",
  shipped: "positive",
  gls_closed: "positive",
  paid: "positive",
  paid_in_store: "positive",
  processing: "waiting",
  pending_payment: "waiting",
  reserved: "waiting",
  pending: "waiting",
  to_be_paid_in_store: "waiting",
  partially_refunded: "waiting",
  cancelled: "negative",
  payment_failed: "negative",
  failed: "negative",
  refunded: "negative",
};

export function statusTone(status: string): StatusTone {
  return (tones as Record<string, StatusTone>)[status.toLowerCase()] ?? "neutral";
}

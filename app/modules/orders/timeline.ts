// How the admin timeline words an order's history. Pure: the query is in timeline.server.ts.
import type { OrderActivityKind } from "~/db/schema";
import { orderStatusLabel, paymentStatusLabel } from "./status";

export type TimelineEntry = {
  at: string;
  /** status: a status change; payment: an event from the payment provider; the rest as order_activity. */
  kind: "status" | "payment" | OrderActivityKind;
  text: string;
  /** Who did it, as staff read it: an admin's e-mail, 'Cliente', 'Sistema', 'Stripe'… */
  actor: string;
};

const eventTexts: Record<string, string> = {
  placed: "Ordine ricevuto",
  payment_succeeded: "Pagamento riuscito",
  payment_failed: "Pagamento non riuscito",
  payment_expired: "Pagamento non completato in tempo: ordine annullato",
  cancelled_by_staff: "Ordine annullato dal negozio",
  shipment_created: "Spedizione creata",
  shipment_deleted: "Spedizione annullata",
  courier_day_closed: "Affidato al corriere (giornata chiusa)",
  delivered: "Consegnato",
  collected: "Ritirato in negozio",
  collected_and_paid: "Ritirato e pagato in negozio",
  reservation_ended: "Prenotazione terminata",
};

export function statusChangeText(change: {
  event: string;
  fromStatus: string | null;
  toStatus: string;
  paymentStatus: string;
}): string {
  const what = eventTexts[change.event] ?? change.event;
  const to = orderStatusLabel(change.toStatus);
  const from = change.fromStatus ? `${orderStatusLabel(change.fromStatus)} → ` : "";
  return `${what}: ${from}${to} (pagamento: ${paymentStatusLabel(change.paymentStatus)})`;
}

const providerNames: Record<string, string> = { stripe: "Stripe", sandbox: "Pagamento di prova" };

/** "staff:<id>" → the admin's e-mail (from `staffEmails`), "stripe:<event>" → "Stripe", and so on. */
export function actorLabel(actor: string, staffEmails: ReadonlyMap<string, string>): string {
  const [kind, id] = actor.split(":", 2);
  if (kind === "staff") return (id && staffEmails.get(id)) ?? "Staff (account eliminato)";
  if (kind === "customer") return "Cliente";
  if (kind === "system") return "Sistema";
  return providerNames[kind ?? ""] ?? actor;
}

export function paymentEventText(event: { provider: string; type: string }): string {
  return `Evento di pagamento da ${providerNames[event.provider] ?? event.provider}: ${event.type}`;
}

/** A staff member's private note on an order. */
export type StaffNote = { id: number; at: string; author: string; body: string };

export const NOTE_MAX_LENGTH = 2000;

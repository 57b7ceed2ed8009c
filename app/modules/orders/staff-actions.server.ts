import { eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orderNotes, orders } from "~/db/schema";
import { recordOrderActivity } from "./activity.server";
import { queueOrderConfirmation } from "./confirmation.server";
import { applyOrderEvent } from "./lifecycle.server";
import { NOTE_MAX_LENGTH } from "./timeline";
import { confirmationResendStatuses, nextStatus } from "./transitions";

// What staff do to an order in the shop itself: hand it over, write a note, send the confirmation
// again. Each answers { ok, message } for the admin's toast.

export type StaffOutcome = { ok: boolean; message: string };

/**
 * The customer collected the order in the shop: a reservation is paid there and then (reserved →
 * completed, paid_in_store), an order paid online is simply handed over ('Segna come ritirato').
 */
export async function completeInStore(db: Database, orderId: string, actor: string): Promise<StaffOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, deliveryMethod: orders.deliveryMethod })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return { ok: false, message: "Ordine non trovato." };
    const event = nextStatus(order, "collected_and_paid")
      ? "collected_and_paid"
      : nextStatus(order, "collected")
        ? "collected"
        : null;
    const change = event && (await applyOrderEvent(tx, orderId, event, actor));
    if (!change)
      return {
        ok: false,
        message: "Si possono completare solo le prenotazioni e gli ordini da ritirare in negozio non ancora ritirati.",
      };
    await recordOrderActivity(tx, orderId, {
      kind: "staff",
      message:
        event === "collected_and_paid" ? "Ritirato e pagato in negozio." : "Ritirato in negozio (già pagato online).",
      actor,
    });
    return { ok: true, message: "Ordine segnato come completato." };
  });
}

/**
 * The courier delivered the parcel (staff read it on GLS's tracking page): the order is completed,
 * and the 14 days to withdraw run from now.
 */
export async function markDelivered(db: Database, orderId: string, actor: string): Promise<StaffOutcome> {
  return db.transaction(async (tx) => {
    const change = await applyOrderEvent(tx, orderId, "delivered", actor);
    if (!change)
      return { ok: false, message: "Si può segnare come consegnato solo un ordine affidato al corriere (Chiuso GLS)." };
    await recordOrderActivity(tx, orderId, { kind: "carrier", message: "Consegnato al cliente.", actor });
    return { ok: true, message: "Ordine segnato come consegnato." };
  });
}

/** A private note on the order, for staff only. */
export async function addOrderNote(
  db: Database,
  orderId: string,
  authorId: string,
  text: string,
): Promise<StaffOutcome> {
  const body = text.trim();
  if (!body) return { ok: false, message: "Scrivi il testo della nota." };
  if (body.length > NOTE_MAX_LENGTH)
    return { ok: false, message: `La nota può avere al massimo ${NOTE_MAX_LENGTH} caratteri.` };
  const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId));
  if (!order) return { ok: false, message: "Ordine non trovato." };
  await db.insert(orderNotes).values({ orderId, authorId, body });
  return { ok: true, message: "Nota aggiunta." };
}

/** Queues the order confirmation e-mail again (the customer lost it, or gave a wrong address first). */
export async function resendConfirmation(
  db: Database,
  orderId: string,
  actor: string,
  publicUrl: string,
): Promise<StaffOutcome> {
  return db.transaction(async (tx) => {
    const [order] = await tx
      .select({ status: orders.status, shippingAddress: orders.shippingAddress })
      .from(orders)
      .where(eq(orders.id, orderId));
    if (!order) return { ok: false, message: "Ordine non trovato." };
    if (!confirmationResendStatuses.includes(order.status)) {
      return {
        ok: false,
        message:
          order.status === "cancelled"
            ? "L'ordine è annullato: la conferma non vale più e non si può inviare di nuovo."
            : "L'ordine non è stato pagato: non c'è una conferma da inviare.",
      };
    }
    await queueOrderConfirmation(tx, orderId, publicUrl, actor);
    return { ok: true, message: `Email di conferma inviata di nuovo a ${order.shippingAddress.email}.` };
  });
}

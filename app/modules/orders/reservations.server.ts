import { and, eq, lt } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders } from "~/db/schema";
import { composeEmail } from "~/modules/mail/compose";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { RESERVATION_HOLD_DAYS } from "~/modules/shop/constants";
import { shop } from "~/modules/shop/identity";
import { recordOrderActivity } from "./activity.server";
import { applyOrderEvent } from "./lifecycle.server";
import { shortOrderId } from "./order-views";

/**
 * Ends the reservations not collected within RESERVATION_HOLD_DAYS (the confirmation promised the
 * articles for that long): each is cancelled, its stock goes back on sale and the customer is told,
 * in one transaction per order. Returns how many ended.
 */
export async function endLapsedReservations(db: Database, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - RESERVATION_HOLD_DAYS * 24 * 3600_000);
  const lapsed = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, "reserved"), lt(orders.createdAt, cutoff)))
    .limit(200);
  let ended = 0;
  for (const { id } of lapsed) {
    await db.transaction(async (tx) => {
      // Guarded: a reservation handed over in the shop meanwhile is left alone.
      const change = await applyOrderEvent(tx, id, "reservation_ended", "system");
      if (!change) return;
      const [order] = await tx
        .select({ shippingAddress: orders.shippingAddress })
        .from(orders)
        .where(eq(orders.id, id));
      if (!order) return;
      const number = shortOrderId(id);
      const email = order.shippingAddress.email;
      await enqueueEmail(
        tx,
        composeEmail({
          to: email,
          subject: `Prenotazione ${number} scaduta - ${shop.name}`,
          paragraphs: [
            "Ciao,",
            `la tua prenotazione ${number} non è stata ritirata entro ${RESERVATION_HOLD_DAYS} giorni, quindi l'abbiamo annullata e gli articoli sono tornati in vendita. Non ti è stato addebitato nulla.`,
            `Se li desideri ancora, puoi prenotarli di nuovo sul sito o chiamarci al ${shop.phone.display}.`,
          ],
        }),
      );
      await recordOrderActivity(tx, id, {
        kind: "email",
        message: `Prenotazione non ritirata entro ${RESERVATION_HOLD_DAYS} giorni: annullata, email inviata a ${email}.`,
        actor: "system",
      });
      ended++;
    });
  }
  return ended;
}

import { failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import { CARRIER_NAME } from "~/modules/shop/constants";
import type { Services } from "~/services.server";
import type { AdminOrderIntent, AdminOrderResult } from "./admin-answer";
import { CancellationRefused, cancelOrder } from "./cancellation.server";
import { isOrderId, shortOrderId } from "./order-views";
import { readRefundAmount } from "./refund-form";
import { RefundRefused, refundOrder } from "./refunds.server";
import { readShipmentForm } from "./shipment-form";
import { closeCourierDay, deleteShipment, type ShippingDeps, shipOrder } from "./shipments.server";
import { addOrderNote, completeInStore, markDelivered, resendConfirmation } from "./staff-actions.server";

// Every button of the admin's order pages posts an `intent` here: one place that reads the form,
// calls the order modules and words the answer as a toast ('Successo' / 'Errore GLS' …).
// The routes add no check of their own: the admin area's guard let the admin in.

export type AdminActor = { id: string };

const success = (intent: AdminOrderIntent, message: string): AdminOrderResult =>
  succeeded({ intent, notice: { title: "Successo", description: message } });
const failure = (intent: AdminOrderIntent, title: string, message: string): AdminOrderResult =>
  failed({ intent, notice: { title, description: message } });

export async function runAdminOrderAction(
  services: Pick<Services, "db" | "clock" | "publicUrl" | "carrier" | "payments" | "files">,
  admin: AdminActor,
  form: FormData,
): Promise<AdminOrderResult> {
  const actor = `staff:${admin.id}`;
  const deps: ShippingDeps = services;
  const orderId = String(form.get("orderId") ?? "");

  const answer = (intent: AdminOrderIntent, outcome: { ok: boolean; message: string }, failureTitle = "Errore") =>
    outcome.ok ? success(intent, outcome.message) : failure(intent, failureTitle, outcome.message);
  /** The action of one order, the form's: a missing or malformed order id is answered before it runs. */
  const ofOrder =
    <Intent extends AdminOrderIntent>(run: (intent: Intent) => Promise<AdminOrderResult>) =>
    async (intent: Intent) =>
      isOrderId(orderId) ? run(intent) : failure(intent, "Errore", "Ordine non trovato.");

  return handleIntent(form, {
    "create-shipment": ofOrder(async (intent) => {
      const shipment = readShipmentForm({
        weight: form.get("weight") as string,
        parcels: form.get("parcels") as string,
      });
      if (!shipment.ok) return failure(intent, `Errore ${CARRIER_NAME}`, shipment.message);
      return answer(intent, await shipOrder(deps, orderId, shipment.value, actor), `Errore ${CARRIER_NAME}`);
    }),
    "create-shipments": () => shipSeveral(deps, form, actor),
    "delete-shipment": ofOrder(async (intent) =>
      answer(intent, await deleteShipment(deps, orderId, actor), `Errore ${CARRIER_NAME}`),
    ),
    complete: ofOrder(async (intent) => answer(intent, await completeInStore(services.db, orderId, actor))),
    "mark-delivered": ofOrder(async (intent) => answer(intent, await markDelivered(services.db, orderId, actor))),
    "close-day": async (intent) => {
      const outcome = await closeCourierDay(deps, actor);
      if (!outcome.ok) return failure(intent, "Errore Chiusura Giornata", outcome.message);
      const allClosed = outcome.results.every((result) => result.closed);
      return {
        intent,
        ok: allClosed,
        notice: { title: allClosed ? "Successo" : "Errore Chiusura Giornata", description: outcome.message },
        data: { closeDay: outcome.results },
      };
    },
    "add-note": ofOrder(async (intent) =>
      answer(intent, await addOrderNote(services.db, orderId, admin.id, String(form.get("note") ?? ""))),
    ),
    "resend-confirmation": ofOrder(async (intent) =>
      answer(intent, await resendConfirmation(services.db, orderId, actor, services.publicUrl)),
    ),
    "cancel-order": ofOrder(async (intent) => {
      const amount = readRefundAmount(form.get("refund") as string);
      if (!amount.ok) return failure(intent, "Errore", amount.message);
      try {
        const outcome = await cancelOrder(services.db, services.payments, {
          orderId,
          refundCents: amount.cents,
          actor,
          publicUrl: services.publicUrl,
        });
        return outcome.warning
          ? failure(intent, "Rimborso non riuscito", outcome.message)
          : success(intent, outcome.message);
      } catch (error) {
        if (error instanceof CancellationRefused) return failure(intent, "Errore", error.message);
        throw error;
      }
    }),
    refund: ofOrder(async (intent) => {
      const amount = readRefundAmount(form.get("refund") as string);
      if (!amount.ok) return failure(intent, "Errore", amount.message);
      const reason =
        String(form.get("reason") ?? "")
          .trim()
          .slice(0, 500) || null;
      try {
        const outcome = await refundOrder(services.db, services.payments, {
          orderId,
          amountCents: amount.cents,
          actor,
          reason,
        });
        return outcome.state === "failed"
          ? failure(intent, "Rimborso non riuscito", outcome.message)
          : success(intent, outcome.message);
      } catch (error) {
        if (error instanceof RefundRefused) return failure(intent, "Errore", error.message);
        throw error;
      }
    }),
  });
}

/** Ships each selected order with the same weight and parcels, one after the other. */
async function shipSeveral(deps: ShippingDeps, form: FormData, actor: string): Promise<AdminOrderResult> {
  const intent = "create-shipments";
  const orderIds = [...new Set(form.getAll("orderId").map(String))].filter(isOrderId);
  if (orderIds.length === 0) return failure(intent, `Errore ${CARRIER_NAME}`, "Seleziona almeno un ordine da spedire.");
  if (orderIds.length > 50) return failure(intent, `Errore ${CARRIER_NAME}`, "Al massimo 50 ordini per volta.");
  const shipment = readShipmentForm({ weight: form.get("weight") as string, parcels: form.get("parcels") as string });
  if (!shipment.ok) return failure(intent, `Errore ${CARRIER_NAME}`, shipment.message);

  const shipped: string[] = [];
  const refused: string[] = [];
  for (const orderId of orderIds) {
    const outcome = await shipOrder(deps, orderId, shipment.value, actor);
    if (outcome.ok) shipped.push(orderId);
    else refused.push(`${shortOrderId(orderId)}: ${outcome.message}`);
  }
  const done = `${shipped.length} ${shipped.length === 1 ? "spedizione creata" : "spedizioni create"}.`;
  return {
    intent,
    ok: refused.length === 0,
    notice: {
      title: refused.length === 0 ? "Successo" : `Errore ${CARRIER_NAME}`,
      description: refused.length === 0 ? done : `${done} Non spedite: ${refused.join("; ")}`,
    },
    data: { shippedOrderIds: shipped },
  };
}

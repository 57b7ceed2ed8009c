import { CARRIER_NAME } from "~/modules/shop/constants";
import type { Services } from "~/services.server";
import { type AdminAnswer, type AdminOrderIntent, adminOrderIntents } from "./admin-answer";
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

const success = (intent: AdminOrderIntent, message: string): AdminAnswer => ({
  intent,
  ok: true,
  title: "Successo",
  message,
});
const failure = (intent: AdminOrderIntent | "unknown", title: string, message: string): AdminAnswer => ({
  intent,
  ok: false,
  title,
  message,
});

const isIntent = (value: string): value is AdminOrderIntent => (adminOrderIntents as readonly string[]).includes(value);

export async function runAdminOrderAction(
  services: Pick<Services, "db" | "clock" | "publicUrl" | "carrier" | "payments" | "files">,
  admin: AdminActor,
  form: FormData,
): Promise<AdminAnswer> {
  const intent = String(form.get("intent") ?? "");
  if (!isIntent(intent)) return failure("unknown", "Errore", "Azione non riconosciuta.");
  const actor = `staff:${admin.id}`;
  const deps: ShippingDeps = services;
  const orderId = String(form.get("orderId") ?? "");
  const needsOrder = intent !== "close-day" && intent !== "create-shipments";
  if (needsOrder && !isOrderId(orderId)) return failure(intent, "Errore", "Ordine non trovato.");

  const answer = (outcome: { ok: boolean; message: string }, failureTitle = "Errore") =>
    outcome.ok ? success(intent, outcome.message) : failure(intent, failureTitle, outcome.message);

  switch (intent) {
    case "create-shipment": {
      const shipment = readShipmentForm({
        weight: form.get("weight") as string,
        parcels: form.get("parcels") as string,
      });
      if (!shipment.ok) return failure(intent, `Errore ${CARRIER_NAME}`, shipment.message);
      return answer(await shipOrder(deps, orderId, shipment.value, actor), `Errore ${CARRIER_NAME}`);
    }
    case "create-shipments":
      return shipSeveral(deps, form, actor);
    case "delete-shipment":
      return answer(await deleteShipment(deps, orderId, actor), `Errore ${CARRIER_NAME}`);
    case "complete":
      return answer(await completeInStore(services.db, orderId, actor));
    case "mark-delivered":
      return answer(await markDelivered(services.db, orderId, actor));
    case "close-day": {
      const outcome = await closeCourierDay(deps, actor);
      if (!outcome.ok) return failure(intent, "Errore Chiusura Giornata", outcome.message);
      const allClosed = outcome.results.every((result) => result.closed);
      return {
        intent,
        ok: allClosed,
        title: allClosed ? "Successo" : "Errore Chiusura Giornata",
        message: outcome.message,
        closeDay: outcome.results,
      };
    }
    case "add-note":
      return answer(await addOrderNote(services.db, orderId, admin.id, String(form.get("note") ?? "")));
    case "resend-confirmation":
      return answer(await resendConfirmation(services.db, orderId, actor, services.publicUrl));
    case "cancel-order": {
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
    }
    case "refund": {
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
    }
  }
}

/** Ships each selected order with the same weight and parcels, one after the other. */
async function shipSeveral(deps: ShippingDeps, form: FormData, actor: string): Promise<AdminAnswer> {
  const intent = "create-shipments";
  const orderIds = [...new Set(form.getAll("orderId").map(String))].filter(isOrderId);
  if (orderIds.length === 0) return failure(intent, `Errore ${CARRIER_NAME}`, "Seleziona almeno un ordine da spedire.");
  if (orderIds.length > 50) return failure(intent, `Errore ${CARRIER_NAME}`, "Al massimo 50 ordini per volta.");
  const shipment = readShipmentForm({ weight: form.get("weight") as string, parcels: form.get("parcels") as string });
  if (!shipment.ok) return failure(intent, `Errore ${CARRIER_NAME}`, shipment.message);

  const shipped: string[] = [];
  const failed: string[] = [];
  for (const orderId of orderIds) {
    const outcome = await shipOrder(deps, orderId, shipment.value, actor);
    if (outcome.ok) shipped.push(orderId);
    else failed.push(`${shortOrderId(orderId)}: ${outcome.message}`);
  }
  const done = `${shipped.length} ${shipped.length === 1 ? "spedizione creata" : "spedizioni create"}.`;
  return {
    intent,
    ok: failed.length === 0,
    title: failed.length === 0 ? "Successo" : `Errore ${CARRIER_NAME}`,
    message: failed.length === 0 ? done : `${done} Non spedite: ${failed.join("; ")}`,
    shippedOrderIds: shipped,
  };
}

import { randomInt } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { orders, type ShippingAddress, shipments } from "~/db/schema";
import { logger } from "~/logger.server";
import type { FileStore } from "~/modules/files/file-store";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import type { Carrier, CreatedShipment, ShipmentRequest } from "~/modules/shipping/carrier";
import { CarrierError } from "~/modules/shipping/carrier";
import { CARRIER_NAME } from "~/modules/shop/constants";
import type { Clock } from "~/services.server";
import { recordOrderActivity } from "./activity.server";
import type { CloseDayResult } from "./admin-answer";
import { deleteLabel, saveLabel } from "./labels.server";
import { applyOrderEvent } from "./lifecycle.server";
import { shortOrderId } from "./order-views";
import type { ShipmentForm } from "./shipment-form";
import { orderShippedEmail } from "./shipped-email";
import { nextStatus } from "./transitions";

// Shipping an order with the courier. Every attempt is a shipments row written BEFORE the courier
// is called: when its answer is lost (a timeout, a fault) the parcel may exist all the same, so the
// next attempt first asks the courier for the parcel of that attempt (findShipment) and never
// creates it twice. The order becomes shipped, with its tracking, label, timeline lines and the
// customer's e-mail, in one transaction once the courier has given a parcel number.

export type ShippingDeps = { db: Database; carrier: Carrier; clock: Clock; publicUrl: string; files: FileStore };

export type ShipOutcome =
  | { ok: true; message: string; trackingCode: string; warning: string | null }
  | { ok: false; message: string };

/** How long an unanswered attempt counts as still running (the courier adapter times out before). */
const ATTEMPT_IN_FLIGHT_MS = 60_000;

const kg = (grams: number) => (grams / 1000).toLocaleString("it-IT", { maximumFractionDigits: 1 });

export async function shipOrder(
  deps: ShippingDeps,
  orderId: string,
  form: ShipmentForm,
  actor: string,
): Promise<ShipOutcome> {
  const started = await startAttempt(deps, orderId, form, actor);
  if (!started.ok) return started;
  const { attempt } = started;

  if (started.earlier) {
    // An earlier attempt never got its answer: its parcel may exist.
    const found = await findQuietly(deps, started.earlier);
    if (found) return finishShipment(deps, started.earlier, found, actor);
    await deps.db
      .update(shipments)
      .set({ state: "rejected", error: `${CARRIER_NAME} non ha registrato la spedizione` })
      .where(eq(shipments.id, started.earlier.shipmentId));
  }

  let outcome: Awaited<ReturnType<Carrier["createShipment"]>>;
  try {
    outcome = await deps.carrier.createShipment(attempt.request);
  } catch (error) {
    outcome = { outcome: "unknown", reason: error instanceof Error ? error.message : String(error) };
  }
  if (outcome.outcome === "created") return finishShipment(deps, attempt, outcome.shipment, actor);
  if (outcome.outcome === "rejected") {
    await deps.db.transaction(async (tx) => {
      await tx
        .update(shipments)
        .set({ state: "rejected", error: outcome.reason })
        .where(eq(shipments.id, attempt.shipmentId));
      await recordOrderActivity(tx, orderId, {
        kind: "warning",
        message: `${CARRIER_NAME} ha rifiutato la spedizione: ${outcome.reason}`,
        actor,
      });
    });
    return { ok: false, message: outcome.reason };
  }

  // No answer: look once for the parcel, then leave the attempt for the next try to reconcile.
  const found = await findQuietly(deps, attempt);
  if (found) return finishShipment(deps, attempt, found, actor);
  await recordOrderActivity(deps.db, orderId, {
    kind: "warning",
    message: `${CARRIER_NAME} non ha risposto alla richiesta di spedizione: ${outcome.reason}`,
    actor,
  });
  return {
    ok: false,
    message: `${CARRIER_NAME} non ha risposto (${outcome.reason}). Riprova tra poco: prima di crearne una nuova verificheremo che la spedizione non esista già.`,
  };
}

type Attempt = { shipmentId: number; orderId: string; request: ShipmentRequest };

type Started = { ok: true; attempt: Attempt; earlier: Attempt | null } | { ok: false; message: string };

function requestOf(
  row: { attemptKey: string; parcelCount: number; weightGrams: number },
  order: { id: string; shippingAddress: ShippingAddress },
): ShipmentRequest {
  const address = order.shippingAddress;
  return {
    attemptKey: row.attemptKey,
    reference: shortOrderId(order.id).slice(1).toUpperCase(),
    recipient: {
      name: address.name,
      address: address.address,
      city: address.city,
      postalCode: address.postalCode,
      province: address.province ?? "",
      phone: address.phone,
      email: address.email,
    },
    parcelCount: row.parcelCount,
    weightGrams: row.weightGrams,
  };
}

/** Checks the order may ship and writes the attempt, the order locked so two staff cannot both start one. */
async function startAttempt(deps: ShippingDeps, orderId: string, form: ShipmentForm, actor: string): Promise<Started> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx
      .select({
        id: orders.id,
        status: orders.status,
        deliveryMethod: orders.deliveryMethod,
        shippingAddress: orders.shippingAddress,
      })
      .from(orders)
      .where(eq(orders.id, orderId))
      .for("update");
    if (!order) return { ok: false, message: "Ordine non trovato." };
    if (!nextStatus(order, "shipment_created"))
      return { ok: false, message: "Si può spedire solo un ordine In Lavorazione da consegnare a domicilio." };
    if (!order.shippingAddress.province)
      return {
        ok: false,
        message: `Manca la provincia nell'indirizzo di spedizione: ${CARRIER_NAME} la richiede. Contatta il cliente.`,
      };

    const open = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), inArray(shipments.state, ["requested", "created"])))
      .orderBy(asc(shipments.id));
    if (open.some((row) => row.state === "created"))
      return { ok: false, message: "Questo ordine ha già una spedizione." };
    const pending = open.at(-1);
    if (pending && deps.clock.now().getTime() - pending.createdAt.getTime() < ATTEMPT_IN_FLIGHT_MS)
      return {
        ok: false,
        message: "Una richiesta di spedizione per questo ordine è già in corso: attendi qualche istante.",
      };

    const row = await insertAttempt(tx, orderId, form, actor, deps);
    return {
      ok: true,
      attempt: { shipmentId: row.id, orderId, request: requestOf(row, order) },
      earlier: pending ? { shipmentId: pending.id, orderId, request: requestOf(pending, order) } : null,
    };
  });
}

async function insertAttempt(
  tx: Transaction,
  orderId: string,
  form: ShipmentForm,
  actor: string,
  deps: Pick<ShippingDeps, "carrier" | "clock">,
) {
  // A random 9-digit number, the courier's counter format; the unique key settles a rare collision.
  for (;;) {
    const [row] = await tx
      .insert(shipments)
      .values({
        orderId,
        carrier: deps.carrier.name,
        // On the clock the in-flight check reads.
        createdAt: deps.clock.now(),
        attemptKey: String(randomInt(100_000_000, 1_000_000_000)),
        parcelCount: form.parcelCount,
        weightGrams: form.weightGrams,
        requestedBy: actor,
      })
      .onConflictDoNothing({ target: shipments.attemptKey })
      .returning();
    if (row) return row;
  }
}

async function findQuietly(deps: ShippingDeps, attempt: Attempt): Promise<CreatedShipment | null> {
  try {
    return await deps.carrier.findShipment(attempt.request);
  } catch (error) {
    logger.warn({ err: error, orderId: attempt.orderId }, "courier lookup failed");
    return null;
  }
}

/** Saves the label, then makes the order shipped with everything that comes with it, in one transaction. */
async function finishShipment(
  deps: ShippingDeps,
  attempt: Attempt,
  shipment: CreatedShipment,
  actor: string,
): Promise<ShipOutcome> {
  const labelPath = `${attempt.orderId}-${attempt.request.attemptKey}.pdf`;
  await saveLabel(deps.files, labelPath, shipment.labelPdf);

  const [first] = shipment.parcels;
  if (!first) throw new Error(`The courier gave no parcel for order ${attempt.orderId}`);
  const { weightGrams, parcelCount } = attempt.request;

  const shipped = await deps.db.transaction(async (tx) => {
    const change = await applyOrderEvent(tx, attempt.orderId, "shipment_created", actor);
    if (!change) return false;
    await tx
      .update(shipments)
      .set({ state: "created", parcels: shipment.parcels, labelPath, warning: shipment.warning })
      .where(eq(shipments.id, attempt.shipmentId));
    const [order] = await tx
      .update(orders)
      .set({
        shippingTracking: first.trackingCode,
        shippingLabelPath: labelPath,
        shippingCarrier: deps.carrier.name,
        shippingWeightGrams: weightGrams,
        shippingParcels: parcelCount,
      })
      .where(eq(orders.id, attempt.orderId))
      .returning({ id: orders.id, shippingAddress: orders.shippingAddress });
    if (!order) return false;
    await recordOrderActivity(tx, attempt.orderId, {
      kind: "carrier",
      message: `Spedizione ${CARRIER_NAME} creata: ${shipment.parcels.map((parcel) => parcel.trackingCode).join(", ")} (${parcelCount} ${parcelCount === 1 ? "collo" : "colli"}, ${kg(weightGrams)} kg).`,
      actor,
      details: { attemptKey: attempt.request.attemptKey, parcels: shipment.parcels },
    });
    if (shipment.warning)
      await recordOrderActivity(tx, attempt.orderId, {
        kind: "warning",
        message: `Avviso ${CARRIER_NAME}: ${shipment.warning}`,
        actor,
      });
    const { tracking } = await readSettings(tx);
    await enqueueEmail(
      tx,
      orderShippedEmail(
        { ...order, parcels: shipment.parcels },
        (code) => trackingLink(tracking, code),
        deps.publicUrl,
      ),
    );
    await recordOrderActivity(tx, attempt.orderId, {
      kind: "email",
      message: `Email "ordine spedito" inviata a ${order.shippingAddress.email}.`,
      actor: "system",
    });
    return true;
  });
  if (shipped) {
    return {
      ok: true,
      message: shipment.warning
        ? `Spedizione ${CARRIER_NAME} creata, con un avviso: ${shipment.warning}`
        : `Spedizione ${CARRIER_NAME} creata.`,
      trackingCode: first.trackingCode,
      warning: shipment.warning,
    };
  }

  // The order left processing meanwhile (cancelled by another staff member): take the parcel back.
  await deleteParcelsQuietly(deps, shipment);
  await deps.db.update(shipments).set({ state: "deleted" }).where(eq(shipments.id, attempt.shipmentId));
  await deleteLabel(deps.files, labelPath);
  return { ok: false, message: "L'ordine è cambiato nel frattempo: la spedizione è stata annullata." };
}

async function deleteParcelsQuietly(deps: ShippingDeps, shipment: Pick<CreatedShipment, "parcels">) {
  for (const parcel of shipment.parcels) {
    try {
      await deps.carrier.deleteParcel(parcel.number);
    } catch (error) {
      logger.error({ err: error, parcel: parcel.number }, "courier parcel not deleted");
    }
  }
}

/**
 * Deletes an order's shipment before the courier's day is closed: the parcels at the courier, then
 * the order back to processing, without tracking or label.
 */
export async function deleteShipment(
  deps: ShippingDeps,
  orderId: string,
  actor: string,
): Promise<{ ok: boolean; message: string }> {
  const [shipment] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, orderId), eq(shipments.state, "created")));
  if (!shipment) return { ok: false, message: "Questo ordine non ha una spedizione da annullare." };
  try {
    for (const parcel of shipment.parcels) await deps.carrier.deleteParcel(parcel.number);
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    await recordOrderActivity(deps.db, orderId, {
      kind: "warning",
      message: `${CARRIER_NAME} non ha annullato la spedizione: ${error.message}`,
      actor,
    });
    return { ok: false, message: error.message };
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(shipments).set({ state: "deleted" }).where(eq(shipments.id, shipment.id));
    const change = await applyOrderEvent(tx, orderId, "shipment_deleted", actor);
    if (change)
      await tx
        .update(orders)
        .set({ shippingTracking: null, shippingLabelPath: null, shippingWeightGrams: null, shippingParcels: null })
        .where(eq(orders.id, orderId));
    await recordOrderActivity(tx, orderId, {
      kind: "carrier",
      message: `Spedizione ${CARRIER_NAME} annullata (${shipment.parcels.map((parcel) => parcel.trackingCode).join(", ")}).`,
      actor,
    });
  });
  return { ok: true, message: `Spedizione ${CARRIER_NAME} annullata: l'ordine è di nuovo In Lavorazione.` };
}

export type CloseDayOutcome = { ok: true; message: string; results: CloseDayResult[] } | { ok: false; message: string };

/**
 * Confirms to the courier every parcel created and not yet closed (the day's hand-over); each order
 * whose parcels all closed becomes gls_closed. The answer lists every parcel with its outcome.
 */
export async function closeCourierDay(deps: ShippingDeps, actor: string): Promise<CloseDayOutcome> {
  const open = await deps.db
    .select({ id: shipments.id, orderId: shipments.orderId, parcels: shipments.parcels })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    // Only this courier's: parcels made with another (the sandbox, before GLS was configured) are not its to close.
    .where(and(eq(shipments.state, "created"), eq(shipments.carrier, deps.carrier.name), eq(orders.status, "shipped")))
    .orderBy(asc(shipments.id));
  if (open.length === 0)
    return { ok: false, message: "Nessuna spedizione da chiudere: non ci sono ordini spediti in attesa di chiusura." };

  const numbers = open.flatMap((shipment) => shipment.parcels.map((parcel) => parcel.number));
  let answer: Awaited<ReturnType<Carrier["closeDay"]>>;
  try {
    answer = await deps.carrier.closeDay(numbers);
  } catch (error) {
    if (!(error instanceof CarrierError)) throw error;
    return { ok: false, message: error.message };
  }
  const outcomeOf = new Map(answer.parcels.map((parcel) => [parcel.number, parcel]));

  const results: CloseDayResult[] = [];
  for (const shipment of open) {
    const parcels = shipment.parcels.map((parcel) => ({
      ...parcel,
      outcome: outcomeOf.get(parcel.number) ?? {
        closed: false,
        reason: `${CARRIER_NAME} non ha risposto per questo collo`,
      },
    }));
    const allClosed = parcels.every((parcel) => parcel.outcome.closed);
    await deps.db.transaction(async (tx) => {
      if (allClosed) {
        await tx.update(shipments).set({ state: "closed", closedAt: sql`now()` }).where(eq(shipments.id, shipment.id));
        await applyOrderEvent(tx, shipment.orderId, "courier_day_closed", actor);
        await recordOrderActivity(tx, shipment.orderId, {
          kind: "carrier",
          message: `Giornata ${CARRIER_NAME} chiusa: spedizione affidata al corriere.`,
          actor,
        });
      } else {
        await recordOrderActivity(tx, shipment.orderId, {
          kind: "warning",
          message: `Chiusura giornata ${CARRIER_NAME} non riuscita: ${parcels
            .filter((parcel) => !parcel.outcome.closed)
            .map((parcel) => `${parcel.trackingCode}: ${parcel.outcome.reason ?? "errore"}`)
            .join("; ")}`,
          actor,
        });
      }
    });
    for (const parcel of parcels)
      results.push({
        orderId: shipment.orderId,
        trackingCode: parcel.trackingCode,
        closed: parcel.outcome.closed,
        reason: parcel.outcome.closed ? null : (parcel.outcome.reason ?? "errore"),
      });
  }
  const closedCount = results.filter((result) => result.closed).length;
  return {
    ok: true,
    message: `Operazione di chiusura giornata inviata: ${closedCount} di ${results.length} ${results.length === 1 ? "collo chiuso" : "colli chiusi"}.`,
    results,
  };
}

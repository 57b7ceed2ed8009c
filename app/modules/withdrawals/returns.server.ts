import { and, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { orders, productVariants, withdrawalItems, withdrawalRequests } from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { recordOrderActivity } from "~/modules/orders/activity.server";
import { RefundRefused, refundableAmount, refundOrder } from "~/modules/orders/refunds.server";
import type { PaymentProvider } from "~/modules/payments/provider";
import { type RequestItem, readRequestItems } from "./request-items.server";
import {
  type DecidedItem,
  goodsReceivedEmail,
  goodsReceivedSubject,
  returnDecidedEmail,
  returnDecidedSubject,
} from "./return-emails";
import { REFUSAL_REASON_MAX } from "./return-views";
import type { WithdrawalItemDecision, WithdrawalState } from "./values";

// Staff's side of a withdrawal (art. 54-bis ff. Codice del Consumo): the parcel comes back, staff
// decide item by item (a refused item carries the reason the customer reads), choose which pieces
// go back on sale, and refund what was accepted through the provider that took the money. Every
// step writes the order's timeline and e-mails the customer.

/** Nothing changed, for the reason the message gives staff (in Italian). */
export class ReturnRefused extends Error {}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isRequestId = (value: string) => uuidPattern.test(value);

export type ReturnRow = {
  id: string;
  orderId: string;
  name: string;
  email: string;
  wholeOrder: boolean;
  state: WithdrawalState;
  refundedCents: number | null;
  createdAt: Date;
  itemCount: number;
};

/** The newest requests (at most 200), of one state when given. */
export async function listReturnRequests(
  db: Queryable,
  filter: { state: WithdrawalState | null; orderId?: string },
): Promise<ReturnRow[]> {
  return db
    .select({
      id: withdrawalRequests.id,
      orderId: withdrawalRequests.orderId,
      name: withdrawalRequests.name,
      email: withdrawalRequests.email,
      wholeOrder: withdrawalRequests.wholeOrder,
      state: withdrawalRequests.state,
      refundedCents: withdrawalRequests.refundedCents,
      createdAt: withdrawalRequests.createdAt,
      itemCount: count(withdrawalItems.id),
    })
    .from(withdrawalRequests)
    .leftJoin(withdrawalItems, eq(withdrawalItems.requestId, withdrawalRequests.id))
    .where(
      and(
        filter.state ? eq(withdrawalRequests.state, filter.state) : undefined,
        filter.orderId ? eq(withdrawalRequests.orderId, filter.orderId) : undefined,
      ),
    )
    .groupBy(withdrawalRequests.id)
    .orderBy(desc(withdrawalRequests.createdAt), desc(withdrawalRequests.id))
    .limit(200);
}

export type ReturnDetail = Omit<ReturnRow, "itemCount"> & {
  order: {
    id: string;
    status: string;
    paymentStatus: string;
    deliveryMethod: string;
    shippingCostCents: number;
    totalCents: number;
  };
  items: RequestItem[];
  /** The standard delivery cost goes back with a whole order accepted in full. */
  shippingRefundCents: number;
  /** What the refund step gives back with the decisions as they stand. */
  dueCents: number;
};

function amounts(request: { wholeOrder: boolean }, shippingCostCents: number, items: RequestItem[]) {
  const accepted = items.filter((item) => item.decision === "accepted");
  const shippingRefundCents =
    request.wholeOrder && items.length > 0 && accepted.length === items.length ? shippingCostCents : 0;
  const goods = accepted.reduce((sum, item) => sum + item.refundCents, 0);
  return { shippingRefundCents, dueCents: goods + shippingRefundCents };
}

/** One request with its items and its order; null when there is none. */
export async function getReturnRequest(db: Queryable, requestId: string): Promise<ReturnDetail | null> {
  if (!isRequestId(requestId)) return null;
  const [row] = await db
    .select({
      request: withdrawalRequests,
      order: {
        id: orders.id,
        status: orders.status,
        paymentStatus: orders.paymentStatus,
        deliveryMethod: orders.deliveryMethod,
        shippingCostCents: orders.shippingCostCents,
        totalCents: orders.totalCents,
      },
    })
    .from(withdrawalRequests)
    .innerJoin(orders, eq(orders.id, withdrawalRequests.orderId))
    .where(eq(withdrawalRequests.id, requestId));
  if (!row) return null;
  const { updatedAt: _updatedAt, userId: _userId, ...request } = row.request;
  const items = await readRequestItems(db, requestId);
  return { ...request, order: row.order, items, ...amounts(request, row.order.shippingCostCents, items) };
}

/** Locks the request (its steps go one at a time) and checks it is in `state`. */
async function lockRequest(db: Queryable, requestId: string, state: WithdrawalState) {
  if (!isRequestId(requestId)) throw new ReturnRefused("Richiesta di recesso non trovata.");
  const [request] = await db
    .select()
    .from(withdrawalRequests)
    .where(eq(withdrawalRequests.id, requestId))
    .for("update");
  if (!request) throw new ReturnRefused("Richiesta di recesso non trovata.");
  if (request.state !== state) {
    throw new ReturnRefused(
      state === "received"
        ? "La merce di questa richiesta è già stata registrata come ricevuta."
        : request.state === "received"
          ? "Registra prima la merce come ricevuta."
          : "Questa richiesta è già stata chiusa.",
    );
  }
  return request;
}

/** Staff have the parcel back: the request moves on and the customer is told. */
export async function markGoodsReceived(db: Database, input: { requestId: string; actor: string }): Promise<string> {
  const { requestId, actor } = input;
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId, "received");
    await tx
      .update(withdrawalRequests)
      .set({ state: "goods_received", updatedAt: sql`now()` })
      .where(eq(withdrawalRequests.id, requestId));
    await recordOrderActivity(tx, request.orderId, {
      kind: "withdrawal",
      message: "Recesso: merce ricevuta in negozio",
      actor,
      details: { requestId },
    });
    await enqueueEmail(tx, goodsReceivedEmail(request));
    await recordOrderActivity(tx, request.orderId, {
      kind: "email",
      message: `Email «${goodsReceivedSubject(request.orderId)}» in coda per ${request.email}`,
      actor,
    });
    return "Merce registrata come ricevuta: il cliente riceve un'email.";
  });
}

export type ItemDecision = {
  itemId: number;
  decision: "accepted" | "refused";
  /** Required for a refusal; the customer reads it. */
  refusalReason: string | null;
  /** Put the pieces back on sale (accepted items only); they go back once, whoever asks twice. */
  restock: boolean;
};

/**
 * Records staff's decision on each item listed and puts back on sale the pieces chosen for it, in
 * one transaction: stock rises exactly once per item (its restocked_at), variants locked in id order.
 */
export async function decideReturnItems(
  db: Database,
  input: { requestId: string; actor: string; decisions: ItemDecision[] },
): Promise<string> {
  const { requestId, actor, decisions } = input;
  if (decisions.length === 0) throw new ReturnRefused("Nessuna decisione da registrare.");
  return db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId, "goods_received");
    const items = new Map((await readRequestItems(tx, requestId)).map((item) => [item.id, item]));
    for (const decided of decisions) {
      const item = items.get(decided.itemId);
      if (!item) throw new ReturnRefused("Articolo non presente nella richiesta.");
      const reason = decided.refusalReason?.trim() ?? "";
      if (decided.decision === "refused" && reason.length === 0) {
        throw new ReturnRefused(`Scrivi il motivo del rifiuto di «${item.productName}»: il cliente lo legge.`);
      }
      if (reason.length > REFUSAL_REASON_MAX) {
        throw new ReturnRefused(`Il motivo del rifiuto può avere al massimo ${REFUSAL_REASON_MAX} caratteri.`);
      }
      if (decided.decision === "refused" && (decided.restock || item.restockedAt)) {
        throw new ReturnRefused(`«${item.productName}» rifiutato non può tornare in vendita.`);
      }
      if (decided.restock && item.variantId === null) {
        throw new ReturnRefused(`«${item.productName}» non è più in catalogo: non può tornare in vendita.`);
      }
      await tx
        .update(withdrawalItems)
        .set({ decision: decided.decision, refusalReason: decided.decision === "refused" ? reason : null })
        .where(eq(withdrawalItems.id, item.id));
    }

    const toRestock = decisions.filter((decided) => decided.restock).map((decided) => decided.itemId);
    // The guard: only items not yet back on sale, whoever else is asking.
    const restocked =
      toRestock.length === 0
        ? []
        : await tx
            .update(withdrawalItems)
            .set({ restockedAt: sql`now()` })
            .where(
              and(
                eq(withdrawalItems.requestId, requestId),
                inArray(withdrawalItems.id, toRestock),
                isNull(withdrawalItems.restockedAt),
              ),
            )
            .returning({ id: withdrawalItems.id });
    const pieces = new Map<number, number>();
    for (const { id } of restocked) {
      const item = items.get(id) as RequestItem;
      const variantId = item.variantId as number;
      pieces.set(variantId, (pieces.get(variantId) ?? 0) + item.quantity);
    }
    // Variants in id order, as every stock change takes them: no deadlock with a checkout.
    for (const [variantId, quantity] of [...pieces].sort(([a], [b]) => a - b)) {
      await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} + ${quantity}` })
        .where(eq(productVariants.id, variantId));
    }

    const accepted = decisions.filter((decided) => decided.decision === "accepted").length;
    const refused = decisions.length - accepted;
    const restockedPieces = [...pieces.values()].reduce((sum, quantity) => sum + quantity, 0);
    const summary = [
      `${accepted} ${accepted === 1 ? "articolo accettato" : "articoli accettati"}`,
      `${refused} ${refused === 1 ? "rifiutato" : "rifiutati"}`,
      ...(restockedPieces > 0
        ? [`${restockedPieces} ${restockedPieces === 1 ? "pezzo rimesso" : "pezzi rimessi"} in vendita`]
        : []),
    ].join(", ");
    await recordOrderActivity(tx, request.orderId, {
      kind: "withdrawal",
      message: `Recesso: ${summary}`,
      actor,
      details: { requestId, decisions, restockedItemIds: restocked.map((row) => row.id) },
    });
    return `Decisioni registrate: ${summary}.`;
  });
}

export type ReturnRefundResult = {
  ok: boolean;
  /** Given back through the provider (0 when nothing, or not online). */
  refundedCents: number;
  state: WithdrawalState;
  message: string;
};

/**
 * Gives back what staff accepted (plus the delivery cost for a whole order accepted in full) through
 * the provider that took the money, never above what the order has left to give back, and closes the
 * request: refunded, or partially_refused when something was refused. The request is claimed first,
 * so two staff refunding at once give the money back once; a refund that does not go through puts
 * the request back to be tried again. An order not paid online gets no provider refund: staff are
 * told to give the money back in the shop.
 */
export async function refundReturn(
  db: Database,
  provider: PaymentProvider,
  input: { requestId: string; actor: string },
): Promise<ReturnRefundResult> {
  const { requestId, actor } = input;
  const claim = await db.transaction(async (tx) => {
    const request = await lockRequest(tx, requestId, "goods_received");
    const detail = (await getReturnRequest(tx, requestId)) as ReturnDetail;
    if (detail.items.some((item) => item.decision === "pending")) {
      throw new ReturnRefused("Decidi prima su ogni articolo: accettato o rifiutato.");
    }
    const refundable = await refundableAmount(tx, request.orderId);
    const online = refundable !== null;
    const amountCents = online ? Math.min(detail.dueCents, refundable.refundableCents) : 0;
    const state: WithdrawalState = detail.items.some((item) => item.decision === "refused")
      ? "partially_refused"
      : "refunded";
    await tx
      .update(withdrawalRequests)
      // Null for an order not paid online: nothing goes back through the shop's system.
      .set({ state, refundedCents: online ? amountCents : null, updatedAt: sql`now()` })
      .where(eq(withdrawalRequests.id, requestId));
    return { detail, online, amountCents, state };
  });
  const { detail, online, amountCents, state } = claim;

  // The provider's own words for staff ("eseguito", or "richiesto" when it completes later).
  let refundMessage = "";
  if (amountCents > 0) {
    const reopen = () =>
      db
        .update(withdrawalRequests)
        .set({ state: "goods_received", refundedCents: null, updatedAt: sql`now()` })
        .where(eq(withdrawalRequests.id, requestId));
    try {
      const refund = await refundOrder(db, provider, {
        orderId: detail.orderId,
        amountCents,
        actor,
        reason: "Recesso",
        // The outcome's e-mail, below, names this refund.
        emailCustomer: false,
      });
      if (refund.state === "failed") {
        await reopen();
        return { ok: false, refundedCents: 0, state: "goods_received", message: refund.message };
      }
      refundMessage = refund.message;
    } catch (error) {
      await reopen();
      if (error instanceof RefundRefused) throw new ReturnRefused(error.message);
      throw error;
    }
  }

  const decided = (decision: WithdrawalItemDecision): DecidedItem[] =>
    detail.items
      .filter((item) => item.decision === decision)
      .map(({ productName, size, color, quantity, refundCents, refusalReason }) => ({
        productName,
        size,
        color,
        quantity,
        refundCents,
        refusalReason,
      }));
  const customerCents = online ? amountCents : detail.dueCents;
  const capped = online && amountCents < detail.dueCents;
  const message = !online
    ? detail.dueCents > 0
      ? `Ordine non pagato online: nessun rimborso tramite il circuito di pagamento. Restituisci ${formatEuro(detail.dueCents)} al cliente in negozio.`
      : "Richiesta chiusa: nulla da rimborsare."
    : amountCents > 0
      ? `${refundMessage}${capped ? ` Dovuti ${formatEuro(detail.dueCents)}: il resto era già stato rimborsato.` : ""}`
      : "Richiesta chiusa: nulla da rimborsare.";

  await db.transaction(async (tx) => {
    await recordOrderActivity(tx, detail.orderId, {
      kind: "withdrawal",
      message: `Recesso chiuso: ${message}`,
      actor,
      details: { requestId, state, dueCents: detail.dueCents, refundedCents: amountCents, online },
    });
    const email = returnDecidedEmail(detail, {
      accepted: decided("accepted"),
      refused: decided("refused"),
      shippingCents: detail.shippingRefundCents,
      refundCents: customerCents,
      online,
    });
    await enqueueEmail(tx, email);
    await recordOrderActivity(tx, detail.orderId, {
      kind: "email",
      message: `Email «${returnDecidedSubject(detail.orderId)}» in coda per ${detail.email}`,
      actor,
    });
  });
  return { ok: true, refundedCents: amountCents, state, message };
}

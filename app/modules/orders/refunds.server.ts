import { randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { orders, type PaymentStatus, payments, type RefundState, refunds } from "~/db/schema";
import { logger } from "~/logger.server";
import { formatEuro } from "~/modules/format/numbers";
import { enqueueEmail } from "~/modules/mail/queue.server";
import type { PaymentProvider, RefundOutcome } from "~/modules/payments/provider";
import type { PaymentProviderName } from "~/modules/payments/values";
import { recordOrderActivity } from "./activity.server";
import { orderRefundEmail, REFUND_SUBJECT } from "./refund-email";

// Money given back through the provider that took it, in part or in full, as often as staff need,
// never more than was paid. Each refund is written down as "requested" before the provider is
// called, so a crash in between leaves a trace (and that amount held) instead of a lost refund;
// the provider's answer then settles the row, the order's payment status and the timeline at once.

/** Nothing was refunded, for the reason the message gives staff (in Italian). */
export class RefundRefused extends Error {}

/** How the provider is named to staff. */
export const providerLabel: Record<PaymentProviderName, string> = { stripe: "Stripe", sandbox: "pagamento di prova" };

export type Refundable = {
  paymentId: number;
  provider: PaymentProviderName;
  sessionId: string;
  reference: string | null;
  paidCents: number;
  /** Given back, or on its way back (a refund requested and not failed). */
  refundedCents: number;
  refundableCents: number;
};

/** What the order's paid online payment took and what is left to give back; null when nothing was paid online. */
export async function refundableAmount(db: Queryable, orderId: string): Promise<Refundable | null> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, "paid")))
    .orderBy(desc(payments.id))
    .limit(1);
  // A paid payment always has its session; the check tells TypeScript so.
  if (!payment?.sessionId) return null;
  const [given] = await db
    .select({ cents: sql<number>`coalesce(sum(${refunds.amountCents}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), inArray(refunds.state, ["requested", "succeeded"])));
  const refundedCents = given?.cents ?? 0;
  return {
    paymentId: payment.id,
    provider: payment.provider,
    sessionId: payment.sessionId,
    reference: payment.reference,
    paidCents: payment.amountCents,
    refundedCents,
    refundableCents: Math.max(0, payment.amountCents - refundedCents),
  };
}

/** Refuses, with the words staff read, a refund of `amountCents` from what `refundable` leaves. */
export function checkRefund(refundable: Refundable | null, amountCents: number, providerName: PaymentProviderName) {
  if (!Number.isInteger(amountCents) || amountCents <= 0) {
    throw new RefundRefused("L'importo da rimborsare deve essere maggiore di zero.");
  }
  if (!refundable) {
    throw new RefundRefused("Questo ordine non è stato pagato online: non c'è nulla da rimborsare.");
  }
  if (refundable.provider !== providerName) {
    throw new RefundRefused(
      `Questo ordine è stato pagato con ${providerLabel[refundable.provider]}, che il negozio non usa più: rimborsalo dal pannello del fornitore.`,
    );
  }
  if (refundable.refundableCents === 0) throw new RefundRefused("Questo ordine è già stato rimborsato per intero.");
  if (amountCents > refundable.refundableCents) {
    throw new RefundRefused(`Puoi rimborsare al massimo ${formatEuro(refundable.refundableCents)}.`);
  }
  return refundable;
}

export type RefundResult = {
  refundId: number;
  amountCents: number;
  /** succeeded; requested: the provider accepted it and will complete it later; failed: nothing went back. */
  state: RefundState;
  /** The order's payment status after it. */
  paymentStatus: PaymentStatus;
  /** One sentence for staff, e.g. for a toast. */
  message: string;
};

async function lockOrder(db: Queryable, orderId: string) {
  // The same lock applyOrderEvent takes: refunds of one order, and its status changes, go one at a time.
  const [order] = await db
    .select({ paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId))
    .for("no key update");
  if (!order) throw new RefundRefused("Ordine non trovato.");
  return order;
}

/**
 * Gives back `amountCents` of what the order's online payment took. Throws RefundRefused, changing
 * nothing, when there is nothing (or not that much) to give back; otherwise returns how it went,
 * also when the provider refused (state "failed", written on the row and the timeline). Each refund
 * that goes through is e-mailed to the customer, in the transaction that records it, unless
 * `emailCustomer` is false because the caller's own e-mail tells of it (a cancellation, a withdrawal's outcome).
 */
export async function refundOrder(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; amountCents: number; actor: string; reason: string | null; emailCustomer?: boolean },
): Promise<RefundResult> {
  const { orderId, amountCents, actor, reason } = input;
  const { refund, payment } = await db.transaction(async (tx) => {
    await lockOrder(tx, orderId);
    const payment = checkRefund(await refundableAmount(tx, orderId), amountCents, provider.name);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId,
        paymentId: payment.paymentId,
        provider: payment.provider,
        amountCents,
        idempotencyKey: `refund-${randomUUID()}`,
        reason,
        requestedBy: actor,
      })
      .returning({ id: refunds.id, idempotencyKey: refunds.idempotencyKey });
    if (!refund) throw new Error(`The refund of order ${orderId} was not stored`);
    return { refund, payment };
  });

  let outcome: RefundOutcome | null = null;
  let error: string | null = null;
  try {
    outcome = await provider.refund({
      sessionId: payment.sessionId,
      reference: payment.reference,
      amountCents,
      idempotencyKey: refund.idempotencyKey,
      ...(reason ? { reason } : {}),
    });
    if (outcome.status === "failed") error = "rimborso rifiutato dal circuito di pagamento";
  } catch (thrown) {
    logger.error({ err: thrown, orderId, refundId: refund.id }, "refund failed at the payment provider");
    error = thrown instanceof Error ? thrown.message : String(thrown);
  }
  const state: RefundState = error ? "failed" : outcome?.status === "pending" ? "requested" : "succeeded";

  return db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await tx
      .update(refunds)
      .set({ state, providerRefundId: outcome?.refundId ?? null, error })
      .where(eq(refunds.id, refund.id));
    const after = await refundableAmount(tx, orderId);
    let paymentStatus = order.paymentStatus;
    if (after && after.refundedCents > 0) {
      paymentStatus = after.refundableCents === 0 ? "refunded" : "partially_refunded";
      await tx.update(orders).set({ paymentStatus, updatedAt: sql`now()` }).where(eq(orders.id, orderId));
    }
    const amount = formatEuro(amountCents);
    const via = providerLabel[payment.provider];
    const line =
      state === "succeeded"
        ? `Rimborso di ${amount} eseguito (${via})`
        : state === "requested"
          ? `Rimborso di ${amount} richiesto (${via}): in attesa di conferma`
          : `Rimborso di ${amount} non riuscito (${via}): ${error}`;
    await recordOrderActivity(tx, orderId, {
      kind: "refund",
      message: line,
      actor,
      details: { refundId: refund.id, providerRefundId: outcome?.refundId ?? null, reason },
    });
    if (state !== "failed" && input.emailCustomer !== false && after)
      await queueRefundEmail(tx, orderId, amountCents, after, actor);
    const message =
      state === "succeeded"
        ? `Rimborso di ${amount} eseguito.`
        : state === "requested"
          ? `Rimborso di ${amount} richiesto: ${via} lo completerà a breve.`
          : `Rimborso di ${amount} non riuscito: ${error}. Puoi riprovare.`;
    return { refundId: refund.id, amountCents, state, paymentStatus, message };
  });
}

async function queueRefundEmail(
  db: Queryable,
  orderId: string,
  amountCents: number,
  { refundedCents, paidCents }: Refundable,
  actor: string,
): Promise<void> {
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: { items: { orderBy: (item, { asc }) => [asc(item.id)] } },
  });
  if (!order) return;
  const email = orderRefundEmail(order, { amountCents, refundedCents, paidCents });
  await enqueueEmail(db, email);
  await recordOrderActivity(db, orderId, {
    kind: "email",
    message: `Email «${REFUND_SUBJECT}» in coda per ${email.to}`,
    actor,
  });
}

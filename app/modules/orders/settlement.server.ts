import { and, eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "~/db/client.server";
import { orders, paymentEvents, payments } from "~/db/schema";
import { logger } from "~/logger.server";
import { clearCheckoutSession } from "~/modules/cart/checkout-sessions.server";
import type { PaymentEvent, PaymentProvider, SessionState } from "~/modules/payments/provider";
import type { PaymentProviderName } from "~/modules/payments/values";
import { queueOrderConfirmation } from "./confirmation.server";
import { applyOrderEvent } from "./lifecycle.server";
import type { OrderEvent } from "./transitions";

// Fulfilment, exactly once (Stripe's fulfilment guide): one function takes what the provider says of
// a payment session (from a signed webhook, from the return page, from the expiry job) and moves the
// order through the lifecycle. Whoever comes first changes the order; the others find it changed
// and do nothing. Paid: processing/paid, the confirmation e-mail, the checkout session emptied.
// Failed or expired: the order ends, its stock and its code's use go back.

const eventOf: Record<Exclude<SessionState["status"], "open">, OrderEvent> = {
  paid: "payment_succeeded",
  failed: "payment_failed",
  expired: "payment_expired",
};

export type Settlement = { orderId: string; changed: boolean } | null;

/** Applies the session's state to its payment and order, in the caller's transaction. Null for an unknown session. */
export async function settlePayment(
  tx: Transaction,
  provider: PaymentProviderName,
  session: SessionState,
  actor: string,
  publicUrl: string,
): Promise<Settlement> {
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.sessionId, session.sessionId)))
    .for("update");
  if (!payment) {
    logger.warn({ provider, sessionId: session.sessionId }, "payment session unknown to the shop");
    return null;
  }
  if (session.status === "open") return { orderId: payment.orderId, changed: false };

  if (payment.state === "open") {
    await tx
      .update(payments)
      .set({
        state: session.status,
        reference: session.reference,
        paidAt: session.status === "paid" ? sql`now()` : null,
      })
      .where(eq(payments.id, payment.id));
  }
  if (session.status === "paid" && session.amountCents !== payment.amountCents) {
    logger.error(
      { orderId: payment.orderId, expected: payment.amountCents, paid: session.amountCents },
      "payment amount differs from the order's",
    );
  }

  const applied = await applyOrderEvent(tx, payment.orderId, eventOf[session.status], actor);
  if (!applied) {
    if (session.status === "paid" && payment.state !== "paid") {
      // Cannot happen when sessions are expired at the provider before orders are cancelled; if it
      // does, staff must refund by hand.
      logger.error({ orderId: payment.orderId, sessionId: session.sessionId }, "payment received for a closed order");
    }
    return { orderId: payment.orderId, changed: false };
  }
  if (applied.to === "processing") {
    const [order] = await tx
      .select({ checkoutSessionId: orders.checkoutSessionId })
      .from(orders)
      .where(eq(orders.id, payment.orderId));
    await queueOrderConfirmation(tx, payment.orderId, publicUrl);
    if (order?.checkoutSessionId) await clearCheckoutSession(tx, order.checkoutSessionId);
  }
  return { orderId: payment.orderId, changed: true };
}

/**
 * A provider's event, stored once (unique provider + event id) and acted on in the same
 * transaction: a duplicate, late or out-of-order delivery changes nothing twice.
 */
export async function receivePaymentEvent(
  db: Database,
  provider: PaymentProviderName,
  event: PaymentEvent,
  publicUrl: string,
): Promise<"stored" | "duplicate"> {
  return db.transaction(async (tx) => {
    const [stored] = await tx
      .insert(paymentEvents)
      .values({
        provider,
        eventId: event.id,
        type: event.providerType,
        sessionId: event.session?.sessionId ?? null,
        payload: event.payload,
      })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!stored) return "duplicate";
    if (event.type !== "ignored" && event.session) {
      const settled = await settlePayment(tx, provider, event.session, `${provider}:${event.id}`, publicUrl);
      if (settled) {
        await tx.update(paymentEvents).set({ orderId: settled.orderId }).where(eq(paymentEvents.id, stored.id));
      }
    }
    return "stored";
  });
}

/** The return page: asks the provider how the session stands and settles it, in case its webhook is late. */
export async function settleFromProvider(
  db: Database,
  provider: PaymentProvider,
  sessionId: string,
  actor: string,
  publicUrl: string,
): Promise<Settlement> {
  const session = await provider.retrieveSession(sessionId);
  return db.transaction((tx) => settlePayment(tx, provider.name, session, actor, publicUrl));
}

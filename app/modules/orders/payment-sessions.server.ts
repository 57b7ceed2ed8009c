import { and, asc, eq, gt, isNotNull, lte } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { orders, payments } from "~/db/schema";
import { logger } from "~/logger.server";
import type { PaymentLineItem, PaymentProvider, PaymentSession } from "~/modules/payments/provider";
import { CARRIER_NAME } from "~/modules/shop/constants";
import { applyOrderEvent } from "./lifecycle.server";
import { settleFromProvider, settlePayment } from "./settlement.server";

// The shop's side of a payment session: opening it at the provider for a placed order, and ending
// the sessions nobody paid. Stock is only ever given back after the provider has confirmed that the
// session can no longer be paid.

/** The provider answered without the address of its payment page. */
export class MissingPaymentPage extends Error {
  constructor() {
    super("The payment provider answered without a payment page URL");
  }
}

export type OpenSessionInput = {
  orderId: string;
  paymentId: number;
  email: string;
  amountCents: number;
  shippingCents: number;
  delivery: "shipping" | "pickup";
  lineItems: PaymentLineItem[];
  expiresAt: Date;
};

/**
 * Opens the provider's hosted payment page for a placed order. When the provider cannot, the order
 * fails (its stock goes back) and the error is thrown on, for the checkout to say so.
 */
export async function openPaymentSession(
  db: Database,
  provider: PaymentProvider,
  input: OpenSessionInput,
  publicUrl: string,
): Promise<PaymentSession> {
  let session: PaymentSession;
  try {
    session = await provider.createSession({
      orderId: input.orderId,
      customerEmail: input.email,
      lineItems: input.lineItems,
      shippingCents: input.shippingCents,
      shippingLabel: input.delivery === "shipping" ? `Spedizione ${CARRIER_NAME}` : "Ritiro in negozio",
      amountCents: input.amountCents,
      successUrl: `${publicUrl}/checkout-success?session_id={SESSION_ID}`,
      // Back on the summary; the page tells how the attempt went from the order (last-attempt.server.ts).
      cancelUrl: `${publicUrl}/checkout?passo=pagamento`,
      expiresAt: input.expiresAt,
      idempotencyKey: `order-${input.orderId}`,
    });
    if (!session.url) throw new MissingPaymentPage();
  } catch (error) {
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ state: "failed" }).where(eq(payments.id, input.paymentId));
      await applyOrderEvent(tx, input.orderId, "payment_failed", `${provider.name}:session-not-created`);
    });
    throw error;
  }
  // The payment's own expiry stays the order's hold, which ends before the provider's session does.
  await db
    .update(payments)
    .set({ sessionId: session.sessionId, checkoutUrl: session.url })
    .where(eq(payments.id, input.paymentId));
  return session;
}

/**
 * Ends one unpaid order's payment: the provider expires the session (or reports it paid, and the
 * order is fulfilled instead), then the order is settled accordingly. An order whose session was
 * never opened is cancelled directly. "pending": the provider could not end it because a payment
 * with a delayed method is still being processed; its outcome will come as an event.
 */
export async function endPayment(
  db: Database,
  provider: PaymentProvider,
  payment: { id: number; orderId: string; sessionId: string | null },
  actor: string,
  publicUrl: string,
): Promise<"paid" | "ended" | "pending"> {
  if (!payment.sessionId) {
    await db.transaction(async (tx) => {
      await tx.update(payments).set({ state: "expired" }).where(eq(payments.id, payment.id));
      await applyOrderEvent(tx, payment.orderId, "payment_expired", actor);
    });
    return "ended";
  }
  const state = await provider.expireSession(payment.sessionId);
  if (state.status === "open") return "pending";
  await db.transaction((tx) => settlePayment(tx, provider.name, state, actor, publicUrl));
  return state.status === "paid" ? "paid" : "ended";
}

/** The open payments of a checkout session's unpaid orders, e.g. before it places a new order. */
export async function openPaymentsOfCheckout(db: Database, checkoutSessionId: string) {
  return db
    .select({
      id: payments.id,
      orderId: payments.orderId,
      sessionId: payments.sessionId,
      checkoutAttempt: orders.checkoutAttempt,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(
      and(
        eq(orders.checkoutSessionId, checkoutSessionId),
        eq(orders.status, "pending_payment"),
        eq(payments.state, "open"),
      ),
    );
}

/**
 * The scheduled job: every open payment past its expiry is ended at the provider and its order
 * settled. Safe to run on several app instances at once: the provider answers the same for the same
 * session and the settlement changes an order once.
 */
export async function expireOverduePayments(
  db: Database,
  provider: PaymentProvider,
  now: Date,
  publicUrl: string,
): Promise<number> {
  const overdue = await db
    .select({ id: payments.id, orderId: payments.orderId, sessionId: payments.sessionId })
    .from(payments)
    .where(and(eq(payments.state, "open"), eq(payments.provider, provider.name), lte(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(100);
  let ended = 0;
  for (const payment of overdue) {
    try {
      if ((await endPayment(db, provider, payment, "system:payment-expiry", publicUrl)) !== "pending") ended++;
    } catch (error) {
      // The next run tries again; a provider outage must not stop the other payments.
      logger.warn({ err: error, orderId: payment.orderId }, "overdue payment not ended yet");
    }
  }
  return ended;
}

/**
 * A payment left unsettled this long is asked about at its provider: its webhook usually arrives
 * within seconds, and Stripe's first retries come within minutes; later than that it was lost (the
 * shop was down, the endpoint misconfigured) and the shopper may have paid all the same.
 */
export const RECONCILE_AFTER_MINUTES = 5;

/**
 * The scheduled job that hears what a lost webhook did not say: every open payment older than
 * RECONCILE_AFTER_MINUTES and not yet due to expire is looked up at the provider (Stripe: the
 * Checkout Session) and settled by what it answers, through the same idempotent settlement as the
 * webhook. Returns how many orders it changed.
 */
export async function reconcilePendingPayments(
  db: Database,
  provider: PaymentProvider,
  now: Date,
  publicUrl: string,
): Promise<number> {
  const pending = await db
    .select({ orderId: payments.orderId, sessionId: payments.sessionId })
    .from(payments)
    .where(
      and(
        eq(payments.state, "open"),
        eq(payments.provider, provider.name),
        isNotNull(payments.sessionId),
        lte(payments.createdAt, new Date(now.getTime() - RECONCILE_AFTER_MINUTES * 60_000)),
        // Those past their expiry are the expiry job's, which settles a paid one as paid too.
        gt(payments.expiresAt, now),
      ),
    )
    .orderBy(asc(payments.createdAt))
    .limit(100);
  let changed = 0;
  for (const { orderId, sessionId } of pending) {
    try {
      const settled = await settleFromProvider(
        db,
        provider,
        sessionId as string,
        "system:payment-reconciliation",
        publicUrl,
      );
      if (settled?.changed) {
        changed++;
        logger.warn({ orderId }, "payment settled by reconciliation: its provider's event never arrived");
      }
    } catch (error) {
      // The next run asks again; one provider error must not stop the others.
      logger.warn({ err: error, orderId }, "pending payment not reconciled yet");
    }
  }
  return changed;
}

import { setTimeout } from "node:timers/promises";
import { desc, eq } from "drizzle-orm";
import { orders, payments } from "~/db/schema";
import { logger } from "~/logger.server";
import {
  endPayment,
  MissingPaymentPage,
  openPaymentSession,
  openPaymentsOfCheckout,
} from "~/modules/orders/payment-sessions.server";
import { settlePayment } from "~/modules/orders/settlement.server";
import type { Services } from "~/services.server";
import { orderOfAttempt, placeOrder, type SeenQuote } from "./place-order.server";
import type { CheckoutQuote } from "./quote.server";
import type { CheckoutDraft } from "./values";

// The last step of the checkout, from the button to the payment page: earlier unpaid attempts of
// this checkout are ended at the provider, the order is placed (stock taken), and the provider
// opens the payment page for it. A reservation ends at the order. The button of one showing of the
// page places one order however often it is pressed: every press after the first follows that
// order to its payment page (or its success page).

export type CheckoutOutcome =
  /** Off to the payment page. */
  | { kind: "pay"; url: string }
  /** Done: a reservation, or an order that needed no payment or was already paid. */
  | { kind: "done"; orderId: string; reservation: boolean }
  | { kind: "empty_cart" }
  | { kind: "changed"; messages: string[]; quote: CheckoutQuote }
  /** The payment provider could not open the payment page (or gave no address for it); the order was undone. */
  | { kind: "provider_error"; missingPage?: boolean };

/** How long a second click waits for the first click's payment page. */
const waitForPageMs = 15_000;

/**
 * Where a press of the button goes when this showing of the page placed its order already (a
 * double click, a resent form), or null. Asked before anything else, as the order may have emptied
 * the cart.
 */
export async function earlierPlacement(
  services: Services,
  checkoutSessionId: string,
  seen: SeenQuote | null,
): Promise<CheckoutOutcome | null> {
  const order = seen ? await orderOfAttempt(services.db, checkoutSessionId, seen.attempt) : null;
  return order ? followOrder(services, order.id) : null;
}

export async function completeCheckout(
  services: Services,
  input: {
    checkoutSessionId: string;
    userId: string | null;
    draft: CheckoutDraft;
    seen: SeenQuote | null;
    /** The keyed hash of the shopper's network, for the cap on pieces held per network. */
    placedFrom: string | null;
  },
): Promise<CheckoutOutcome> {
  const { db, payments: provider, publicUrl } = services;

  // A shopper back from the payment page who orders again: the earlier session must not be paid too.
  // Not the one this showing of the page opened on an earlier press: that is the order to follow.
  for (const payment of await openPaymentsOfCheckout(db, input.checkoutSessionId)) {
    if (!payment.sessionId || payment.checkoutAttempt === input.seen?.attempt) continue;
    try {
      const ended = await endPayment(db, provider, payment, "customer:new-attempt", publicUrl);
      if (ended === "paid") return { kind: "done", orderId: payment.orderId, reservation: false };
      // A delayed payment of the earlier order is still being processed: a second order could be paid twice.
      if (ended === "pending") return { kind: "provider_error" };
    } catch (error) {
      logger.error({ err: error, orderId: payment.orderId }, "earlier payment session not ended");
      return { kind: "provider_error" };
    }
  }

  const placed = await placeOrder(db, {
    ...input,
    provider: provider.name,
    now: services.clock.now(),
    publicUrl,
  });
  if (!placed.ok) {
    if (placed.reason === "placed_already") return followOrder(services, placed.orderId);
    if (placed.reason === "empty_cart") return { kind: "empty_cart" };
    return { kind: "changed", messages: placed.messages, quote: placed.quote };
  }
  if (placed.kind === "reservation") return { kind: "done", orderId: placed.orderId, reservation: true };

  if (placed.amountCents === 0) {
    // A free order (a 100% code, collected in the shop): nothing to pay, the same fulfilment as a payment.
    await db.transaction(async (tx) => {
      const sessionId = `nothing-to-pay:${placed.orderId}`;
      await tx.update(payments).set({ sessionId }).where(eq(payments.id, placed.paymentId));
      const state = { sessionId, orderId: placed.orderId, status: "paid" as const, amountCents: 0, reference: null };
      await settlePayment(tx, provider.name, state, "system:nothing-to-pay", publicUrl);
    });
    return { kind: "done", orderId: placed.orderId, reservation: false };
  }

  try {
    const session = await openPaymentSession(
      db,
      provider,
      {
        orderId: placed.orderId,
        paymentId: placed.paymentId,
        email: input.draft.email,
        amountCents: placed.amountCents,
        shippingCents: placed.shippingCents,
        delivery: input.draft.deliveryMethod === "shipping" ? "shipping" : "pickup",
        lineItems: placed.lineItems,
        expiresAt: placed.sessionExpiresAt,
      },
      publicUrl,
    );
    return { kind: "pay", url: session.url };
  } catch (error) {
    logger.error({ err: error, orderId: placed.orderId, provider: provider.name }, "payment session not opened");
    return { kind: "provider_error", missingPage: error instanceof MissingPaymentPage };
  }
}

/**
 * A press after the first: the order that press placed, on its payment page once the first press
 * has opened it; a reservation or a paid order on its success page. An order that failed meanwhile
 * (its payment page could not be opened) gets the first press's answer.
 */
async function followOrder({ db }: Services, orderId: string): Promise<CheckoutOutcome> {
  const deadline = Date.now() + waitForPageMs;
  while (Date.now() < deadline) {
    const [order] = await db
      .select({
        status: orders.status,
        deliveryMethod: orders.deliveryMethod,
        url: payments.checkoutUrl,
        paymentState: payments.state,
      })
      .from(orders)
      .leftJoin(payments, eq(payments.orderId, orders.id))
      .where(eq(orders.id, orderId))
      .orderBy(desc(payments.id))
      .limit(1);
    if (!order || order.status === "cancelled" || order.status === "payment_failed") break;
    if (order.status !== "pending_payment") {
      return { kind: "done", orderId, reservation: order.deliveryMethod === "pickup_and_pay" };
    }
    if (order.url && order.paymentState === "open") return { kind: "pay", url: order.url };
    await setTimeout(200);
  }
  return { kind: "provider_error" };
}

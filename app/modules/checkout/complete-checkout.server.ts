import { eq } from "drizzle-orm";
import type { CheckoutDraft } from "~/db/schema";
import { payments } from "~/db/schema";
import { logger } from "~/logger.server";
import {
  endPayment,
  MissingPaymentPage,
  openPaymentSession,
  openPaymentsOfCheckout,
} from "~/modules/payments/payment-sessions.server";
import { settlePayment } from "~/modules/payments/settlement.server";
import type { Services } from "~/services.server";
import { placeOrder, type SeenQuote } from "./place-order.server";
import type { CheckoutQuote } from "./quote.server";

// The last step of the checkout, from the button to the payment page: earlier unpaid attempts of
// this checkout are ended at the provider, the order is placed (stock taken), and the provider
// opens the payment page for it. A reservation ends at the order.

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

export async function completeCheckout(
  services: Services,
  input: { checkoutSessionId: string; userId: string | null; draft: CheckoutDraft; seen: SeenQuote | null },
): Promise<CheckoutOutcome> {
  const { db, payments: provider, publicUrl } = services;

  // A shopper back from the payment page who orders again: the earlier session must not be paid too.
  for (const payment of await openPaymentsOfCheckout(db, input.checkoutSessionId)) {
    if (!payment.sessionId) continue;
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
    if (placed.reason === "in_progress") return waitForPaymentPage(services, placed.orderId);
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
        expiresAt: placed.expiresAt,
      },
      publicUrl,
    );
    return { kind: "pay", url: session.url };
  } catch (error) {
    logger.error({ err: error, orderId: placed.orderId, provider: provider.name }, "payment session not opened");
    return { kind: "provider_error", missingPage: error instanceof MissingPaymentPage };
  }
}

/** A double click: the first request is opening the payment page; the second follows it there. */
async function waitForPaymentPage({ db }: Services, orderId: string): Promise<CheckoutOutcome> {
  const deadline = Date.now() + waitForPageMs;
  while (Date.now() < deadline) {
    const [payment] = await db
      .select({ url: payments.checkoutUrl, state: payments.state })
      .from(payments)
      .where(eq(payments.orderId, orderId));
    if (payment?.url && payment.state === "open") return { kind: "pay", url: payment.url };
    if (payment && payment.state !== "open") return { kind: "provider_error" };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { kind: "provider_error" };
}

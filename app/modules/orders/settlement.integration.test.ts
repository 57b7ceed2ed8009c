import { and, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkoutSessions,
  coupons,
  orderStatusChanges,
  orders,
  outgoingEmails,
  paymentEvents,
  payments,
} from "~/db/schema";
import { completeCheckout } from "~/modules/checkout/complete-checkout.server";
import { seenQuoteOf } from "~/modules/checkout/place-order.server";
import { quoteCheckout } from "~/modules/checkout/quote.server";
import { SANDBOX_SIGNATURE_HEADER, type SandboxProvider } from "~/modules/payments/sandbox.server";
import { PAYMENT_SESSION_MINUTES } from "~/modules/shop/constants";
import type { Services } from "~/services.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import {
  createCheckoutSession,
  createTestVariant,
  deleteTestVariants,
  stockOf,
  testDraft,
} from "../../../tests/support/fixtures";
import { testClock, testServices } from "../../../tests/support/services";
import { expireOverduePayments } from "./payment-sessions.server";
import { handlePaymentWebhook } from "./payment-webhook.server";
import { settleFromProvider } from "./settlement.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

/** A shopper through the checkout up to the sandbox's payment page: the order, its session, its stock. */
async function checkoutToPaymentPage(
  services: Services,
  { stock = 5, quantity = 1, couponCode = null as string | null } = {},
) {
  const variant = await createTestVariant(db, { priceCents: 2000, stock });
  const draft = testDraft();
  const checkoutSessionId = await createCheckoutSession(db, [variant.line(quantity)], { draft, couponCode });
  const quote = await quoteCheckout(db, {
    cart: [variant.line(quantity)],
    delivery: draft.deliveryMethod,
    email: draft.email,
    userId: null,
    couponCode,
    now: services.clock.now(),
  });
  const outcome = await completeCheckout(services, {
    checkoutSessionId,
    userId: null,
    draft,
    seen: seenQuoteOf(quote, true),
    placedFrom: null,
  });
  if (outcome.kind !== "pay") throw new Error(`Expected the payment page, got ${outcome.kind}`);
  const sessionId = outcome.url.split("/").at(-1) as string;
  const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
  return { variant, draft, checkoutSessionId, sessionId, orderId: (payment as { orderId: string }).orderId };
}

const sandboxOf = (services: Services) => services.payments as SandboxProvider;

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  return order;
}

const confirmationsTo = (email: string) =>
  db.$count(
    outgoingEmails,
    and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Conferma ordine #%")),
  );

describe("a paid order", () => {
  it("is fulfilled once: processing and paid, one confirmation e-mail, the code counted, the checkout emptied", async () => {
    const services = testServices(db);
    await db.insert(coupons).values({ code: "SETTLE20", percentOff: 20 });
    const { draft, sessionId, orderId, checkoutSessionId, variant } = await checkoutToPaymentPage(services, {
      couponCode: "SETTLE20",
    });
    expect(await stockOf(db, variant.variantId)).toBe(4);

    const { event } = await sandboxOf(services).act(sessionId, "pay");
    if (!event) throw new Error("no event");
    const answer = await handlePaymentWebhook(services, Buffer.from(event.body), event.headers);
    expect(answer).toEqual({ status: 200, body: "stored" });

    expect(await orderOf(orderId)).toMatchObject({
      status: "processing",
      paymentStatus: "paid",
      couponCode: "SETTLE20",
    });
    expect(await confirmationsTo(draft.email)).toBe(1);
    const [coupon] = await db.select().from(coupons).where(eq(coupons.code, "SETTLE20"));
    expect(coupon?.usedCount).toBe(1);
    const [checkout] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, checkoutSessionId));
    expect(checkout).toMatchObject({ cart: [], draft: null, couponCode: null });
    const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment).toMatchObject({ state: "paid", reference: expect.stringMatching(/^sbx_pay_/) });
    expect(await stockOf(db, variant.variantId)).toBe(4);
    const history = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));
    expect(history.map((change) => [change.fromStatus, change.toStatus, change.event])).toEqual([
      [null, "pending_payment", "placed"],
      ["pending_payment", "processing", "payment_succeeded"],
    ]);
    expect(history[1]?.actor).toMatch(/^sandbox:sbx_evt_/);
  });

  it("the same webhook 10 times at once and 5 times after: one transition, one e-mail, one stored event", async () => {
    const services = testServices(db);
    const { draft, sessionId, orderId } = await checkoutToPaymentPage(services);
    const { event } = await sandboxOf(services).act(sessionId, "pay");
    if (!event) throw new Error("no event");
    const deliver = () => handlePaymentWebhook(services, Buffer.from(event.body), event.headers);

    const concurrent = await Promise.all(Array.from({ length: 10 }, deliver));
    const sequential = [];
    for (let attempt = 0; attempt < 5; attempt++) sequential.push(await deliver());

    expect(concurrent.filter((answer) => answer.body === "stored")).toHaveLength(1);
    expect([...concurrent, ...sequential].every((answer) => answer.status === 200)).toBe(true);
    expect(sequential.every((answer) => answer.body === "duplicate")).toBe(true);
    expect(await db.$count(orderStatusChanges, eq(orderStatusChanges.orderId, orderId))).toBe(2);
    expect(await confirmationsTo(draft.email)).toBe(1);
    expect(await db.$count(paymentEvents, eq(paymentEvents.orderId, orderId))).toBe(1);
  });

  it("is fulfilled by the return page when the webhook is late, and the webhook then changes nothing", async () => {
    const services = testServices(db);
    const { draft, sessionId, orderId } = await checkoutToPaymentPage(services);
    const { event } = await sandboxOf(services).act(sessionId, "pay");
    if (!event) throw new Error("no event");

    await settleFromProvider(db, services.payments, sessionId, "customer:return-page", services.publicUrl);
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    await handlePaymentWebhook(services, Buffer.from(event.body), event.headers);
    expect(await confirmationsTo(draft.email)).toBe(1);
    expect(await db.$count(orderStatusChanges, eq(orderStatusChanges.orderId, orderId))).toBe(2);
  });
});

describe("forged webhooks", () => {
  it("1,000 forged or stale signatures: 400 each, nothing stored, nothing changed", async () => {
    const services = testServices(db);
    const { sessionId, orderId } = await checkoutToPaymentPage(services);
    const body = JSON.stringify({
      id: "sbx_evt_forged",
      type: "session.paid",
      session: { sessionId, orderId, status: "paid", amountCents: 1, reference: "forged" },
    });
    const sandbox = sandboxOf(services);
    const nowSeconds = Math.floor(services.clock.now().getTime() / 1000);
    const forgeries = Array.from({ length: 1000 }, (_, index) => {
      const headers = new Headers();
      switch (index % 5) {
        case 0: // signed with another secret
          headers.set(SANDBOX_SIGNATURE_HEADER, `t=${nowSeconds},v1=${"ab".repeat(32)}`);
          break;
        case 1: // a genuine signature of another body
          headers.set(SANDBOX_SIGNATURE_HEADER, sandbox.sign(body.replace("forged", "other")));
          break;
        case 2: // stale: signed 6 minutes ago
          headers.set(SANDBOX_SIGNATURE_HEADER, sandbox.sign(body, nowSeconds - 360));
          break;
        case 3: // garbage
          headers.set(SANDBOX_SIGNATURE_HEADER, `t=abc,v1=${index}`);
          break;
        default: // none at all
          break;
      }
      return handlePaymentWebhook(services, Buffer.from(body), headers);
    });
    const answers = await Promise.all(forgeries);
    expect(answers.every((answer) => answer.status === 400)).toBe(true);
    expect(await db.$count(paymentEvents, eq(paymentEvents.eventId, "sbx_evt_forged"))).toBe(0);
    expect(await orderOf(orderId)).toMatchObject({ status: "pending_payment", paymentStatus: "pending" });
  });
});

describe("an order that is not paid", () => {
  it("fails for good: payment_failed, the stock back once, however often the news comes", async () => {
    const services = testServices(db);
    const { sessionId, orderId, variant } = await checkoutToPaymentPage(services, { quantity: 2 });
    expect(await stockOf(db, variant.variantId)).toBe(3);

    const { event } = await sandboxOf(services).act(sessionId, "fail");
    if (!event) throw new Error("no event");
    await handlePaymentWebhook(services, Buffer.from(event.body), event.headers);
    expect(await orderOf(orderId)).toMatchObject({ status: "payment_failed", paymentStatus: "failed" });
    expect(await stockOf(db, variant.variantId)).toBe(5);

    // The return page, the expiry job and the event again: nothing more goes back.
    await settleFromProvider(db, services.payments, sessionId, "customer:return-page", services.publicUrl);
    await handlePaymentWebhook(services, Buffer.from(event.body), event.headers);
    await expireOverduePayments(db, services.payments, new Date(Date.now() + 3600_000), services.publicUrl);
    expect(await stockOf(db, variant.variantId)).toBe(5);
  });

  it("a declined card is not final: the shopper tries again on the same page and pays", async () => {
    const services = testServices(db);
    const { sessionId, orderId } = await checkoutToPaymentPage(services);
    const declined = await sandboxOf(services).act(sessionId, "decline");
    expect(declined.event).toBeNull();
    expect(await orderOf(orderId)).toMatchObject({ status: "pending_payment" });
    const { event } = await sandboxOf(services).act(sessionId, "pay");
    if (!event) throw new Error("no event");
    await handlePaymentWebhook(services, Buffer.from(event.body), event.headers);
    expect(await orderOf(orderId)).toMatchObject({ status: "processing" });
  });

  it("expires with its payment session: cancelled by the scheduled job, stock back, a late 'paid' changes nothing", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const { sessionId, orderId, variant } = await checkoutToPaymentPage(services, { quantity: 3 });
    expect(await stockOf(db, variant.variantId)).toBe(2);

    // Not yet due: nothing happens.
    await expireOverduePayments(db, services.payments, clock.now(), services.publicUrl);
    expect(await orderOf(orderId)).toMatchObject({ status: "pending_payment" });

    clock.advance((PAYMENT_SESSION_MINUTES + 1) * 60_000);
    await expireOverduePayments(db, services.payments, clock.now(), services.publicUrl);
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "failed" });
    expect(await stockOf(db, variant.variantId)).toBe(5);

    // The provider no longer takes money for it.
    expect((await sandboxOf(services).act(sessionId, "pay")).event).toBeNull();
    await expireOverduePayments(db, services.payments, clock.now(), services.publicUrl);
    expect(await stockOf(db, variant.variantId)).toBe(5);
  });

  it("paid a moment before the job ends it: fulfilled, not cancelled", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const { sessionId, orderId, variant } = await checkoutToPaymentPage(services);
    // Paid at the provider; its webhook has not arrived when the job runs.
    await sandboxOf(services).act(sessionId, "pay");
    clock.advance((PAYMENT_SESSION_MINUTES + 1) * 60_000);
    await db.update(payments).set({ expiresAt: clock.now() }).where(eq(payments.sessionId, sessionId));
    await expireOverduePayments(db, services.payments, clock.now(), services.publicUrl);
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(await stockOf(db, variant.variantId)).toBe(4);
  });

  it("ordering again from the same checkout ends the earlier payment session first", async () => {
    const services = testServices(db);
    const first = await checkoutToPaymentPage(services);
    const [again] = await db
      .select({ cart: checkoutSessions.cart, draft: checkoutSessions.draft })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.id, first.checkoutSessionId));
    if (!again?.draft) throw new Error("no draft");
    const quote = await quoteCheckout(db, {
      cart: again.cart,
      delivery: again.draft.deliveryMethod,
      email: again.draft.email,
      userId: null,
      couponCode: null,
      now: services.clock.now(),
      checkoutSessionId: first.checkoutSessionId,
    });
    const outcome = await completeCheckout(services, {
      checkoutSessionId: first.checkoutSessionId,
      userId: null,
      draft: again.draft,
      seen: seenQuoteOf(quote, true),
      placedFrom: null,
    });
    expect(outcome.kind).toBe("pay");
    expect(await orderOf(first.orderId)).toMatchObject({ status: "cancelled" });
    expect((await sandboxOf(services).retrieveSession(first.sessionId)).status).toBe("expired");
    // One piece held, by the new order only.
    expect(await stockOf(db, first.variant.variantId)).toBe(4);
  });
});

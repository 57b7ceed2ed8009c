import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FakeStripe } from "../../../tests/support/fake-stripe";
import { PaymentProviderError } from "./provider";
import { type PaymentProviderHarness, paymentProviderContract, sessionInput } from "./provider.contract";
import { stripePaymentProvider } from "./stripe.server";

// The adapter, through the real SDK, against a fake Stripe on localhost (tests/support/fake-stripe.ts).

async function stripeHarness(): Promise<PaymentProviderHarness & { stripe: FakeStripe }> {
  const stripe = await new FakeStripe().start();
  const provider = stripePaymentProvider({
    secretKey: stripe.secretKey,
    webhookSecret: stripe.webhookSecret,
    api: stripe.api,
  });
  const eventTypes = {
    paid: "checkout.session.completed",
    failed: "checkout.session.async_payment_failed",
    expired: "checkout.session.expired",
    // Sent with every card payment; the shop fulfils on the session's events instead.
    unrelated: "payment_intent.succeeded",
  };
  return {
    stripe,
    provider,
    pay: async (sessionId) => void stripe.pay(sessionId),
    fail: async (sessionId) => void stripe.failAsync(sessionId),
    lapse: async (sessionId) => void stripe.expireByTime(sessionId),
    async eventFor(kind, sessionId) {
      const { body, headers } = stripe.event(eventTypes[kind], sessionId);
      return { rawBody: Buffer.from(body), headers };
    },
    registerWebhook: async (url) => void stripe.registerWebhookEndpoint(url),
    restarted: () =>
      stripePaymentProvider({ secretKey: stripe.secretKey, webhookSecret: stripe.webhookSecret, api: stripe.api }),
    forge(rawBody, { signedAt = new Date(), wrongSecret = false }) {
      const signature = stripe.sign(rawBody.toString("utf8"), {
        timestamp: Math.floor(signedAt.getTime() / 1000),
        secret: wrongSecret ? "whsec_another_endpoint" : stripe.webhookSecret,
      });
      return new Headers({ "stripe-signature": signature });
    },
    cleanup: () => stripe.stop(),
  };
}

paymentProviderContract("Stripe", stripeHarness);

describe("the Stripe payment provider, as Stripe sees it", () => {
  let harness: Awaited<ReturnType<typeof stripeHarness>>;
  beforeAll(async () => {
    harness = await stripeHarness();
  });
  afterAll(() => harness.cleanup());

  const parse = async (type: string, sessionId: string) => {
    const { body, headers } = harness.stripe.event(type, sessionId);
    return harness.provider.parseWebhook(Buffer.from(body), headers);
  };

  it("opens a Checkout Session in Italian with the order's lines, shipping and references", async () => {
    const input = sessionInput({ idempotencyKey: "order-parameters" });
    const session = await harness.provider.createSession(input);

    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.sessionId}`);
    const [request] = harness.stripe.sessionCreations().slice(-1);
    expect(request?.headers.authorization).toBe(`Bearer ${harness.stripe.secretKey}`);
    expect(request?.headers["idempotency-key"]).toBe("order-parameters");
    expect(request?.params).toEqual({
      mode: "payment",
      locale: "it",
      line_items: [
        {
          quantity: "2",
          price_data: {
            currency: "eur",
            unit_amount: "1990",
            product_data: {
              name: "Canottiera in cotone",
              description: "Taglia M, colore Bianco",
              images: ["https://negozio.example.it/files/canottiera.webp"],
            },
          },
        },
        // No description and no image: Stripe refuses empty ones.
        { quantity: "1", price_data: { currency: "eur", unit_amount: "3450", product_data: { name: "Pigiama" } } },
      ],
      shipping_options: [
        {
          shipping_rate_data: {
            type: "fixed_amount",
            display_name: "Spedizione GLS",
            fixed_amount: { amount: "590", currency: "eur" },
          },
        },
      ],
      customer_email: "anna@example.it",
      client_reference_id: input.orderId,
      metadata: { orderId: input.orderId },
      payment_intent_data: { metadata: { orderId: input.orderId } },
      expires_at: String(Math.floor(input.expiresAt.getTime() / 1000)),
      // Stripe puts the session id in the address it sends the shopper back to.
      success_url: "https://negozio.example.it/checkout-success?session_id={CHECKOUT_SESSION_ID}",
      cancel_url: input.cancelUrl,
    });
    // Payment methods come from the Dashboard: cards, Apple Pay, Google Pay, Satispay.
    expect(request?.params).not.toHaveProperty("payment_method_types");
    expect(harness.stripe.sessions.get(session.sessionId)?.amount_total).toBe(8020);
  });

  it("sends a product image only from an HTTPS address", async () => {
    const local = {
      name: "Slip",
      description: "Taglia S",
      imageUrl: "http://localhost:3000/files/slip.webp",
      unitAmountCents: 990,
      quantity: 1,
    };
    await harness.provider.createSession(sessionInput({ lineItems: [local], amountCents: 990 + 590 }));

    const [request] = harness.stripe.sessionCreations().slice(-1);
    expect(request?.params.line_items).toEqual([
      {
        quantity: "1",
        price_data: { currency: "eur", unit_amount: "990", product_data: { name: "Slip", description: "Taglia S" } },
      },
    ]);
  });

  it("opens the session once at Stripe when the same idempotency key comes twice", async () => {
    const input = sessionInput();
    const sessionsBefore = harness.stripe.sessions.size;
    await harness.provider.createSession(input);
    await harness.provider.createSession(input);

    const sent = harness.stripe.sessionCreations().filter((r) => r.headers["idempotency-key"] === input.idempotencyKey);
    expect(sent).toHaveLength(2);
    expect(harness.stripe.sessions.size).toBe(sessionsBefore + 1);
  });

  it("refuses a session that does not add up or expires out of bounds without calling Stripe", async () => {
    const requestsBefore = harness.stripe.requests.length;
    await expect(harness.provider.createSession(sessionInput({ amountCents: 1 }))).rejects.toThrow(
      PaymentProviderError,
    );
    const tooSoon = sessionInput({ expiresAt: new Date(Date.now() + 10 * 60_000) });
    await expect(harness.provider.createSession(tooSoon)).rejects.toThrow(PaymentProviderError);
    expect(harness.stripe.requests).toHaveLength(requestsBefore);
  });

  it("retries a request Stripe could not answer, with the same idempotency key", async () => {
    const input = sessionInput();
    harness.stripe.failNext(503);
    const session = await harness.provider.createSession(input);

    const sent = harness.stripe.sessionCreations().filter((r) => r.headers["idempotency-key"] === input.idempotencyKey);
    expect(sent).toHaveLength(2);
    expect(harness.stripe.sessions.has(session.sessionId)).toBe(true);
  });

  it("gives up with a PaymentProviderError after two retries when Stripe stays unavailable", async () => {
    const input = sessionInput();
    harness.stripe.failNext(503, 503, 503);
    await expect(harness.provider.createSession(input)).rejects.toThrow(PaymentProviderError);

    const sent = harness.stripe.sessionCreations().filter((r) => r.headers["idempotency-key"] === input.idempotencyKey);
    expect(sent).toHaveLength(3);
  });

  it("reports an error when Stripe refuses to expire a session that is still open", async () => {
    const { sessionId } = await harness.provider.createSession(sessionInput());
    harness.stripe.failNext(400);

    await expect(harness.provider.expireSession(sessionId)).rejects.toThrow(PaymentProviderError);
    expect(await harness.provider.retrieveSession(sessionId)).toMatchObject({ status: "open" });
  });

  it("keeps a session paid with a delayed method open until the payment succeeds", async () => {
    const { sessionId } = await harness.provider.createSession(sessionInput());
    harness.stripe.startAsync(sessionId);

    expect(await harness.provider.retrieveSession(sessionId)).toMatchObject({ status: "open" });
    expect(await parse("checkout.session.completed", sessionId)).toMatchObject({
      type: "ignored",
      providerType: "checkout.session.completed",
      session: { sessionId, status: "open" },
    });
    // Stripe no longer expires a completed session: the payment is on its way.
    expect(await harness.provider.expireSession(sessionId)).toMatchObject({ status: "open" });

    harness.stripe.pay(sessionId);
    const paid = await parse("checkout.session.async_payment_succeeded", sessionId);
    expect(paid).toMatchObject({ type: "session.paid", session: { sessionId, status: "paid" } });
    expect(paid.session?.reference).toMatch(/^pi_/);
  });

  it("ignores the sessions of the Stripe account that are not the shop's orders", async () => {
    // e.g. a Payment Link the shop made in the Dashboard: no order id on it.
    const sdk = new Stripe(harness.stripe.secretKey, harness.stripe.api);
    const giftCard = await sdk.checkout.sessions.create({
      mode: "payment",
      line_items: [
        { quantity: 1, price_data: { currency: "eur", unit_amount: 5000, product_data: { name: "Buono" } } },
      ],
      success_url: "https://negozio.example.it/grazie",
    });
    harness.stripe.pay(giftCard.id);

    expect(await parse("checkout.session.completed", giftCard.id)).toMatchObject({ type: "ignored", session: null });
    await expect(harness.provider.retrieveSession(giftCard.id)).rejects.toThrow(PaymentProviderError);
  });

  it("reads the PaymentIntent as the reference and the event itself as the payload", async () => {
    const { sessionId } = await harness.provider.createSession(sessionInput());
    harness.stripe.pay(sessionId);
    const { body, headers } = harness.stripe.event("checkout.session.completed", sessionId);

    const event = await harness.provider.parseWebhook(Buffer.from(body), headers);
    const sent = JSON.parse(body);
    expect(event).toMatchObject({ id: sent.id, providerType: "checkout.session.completed", payload: sent });
    expect(event.session?.reference).toBe(harness.stripe.sessions.get(sessionId)?.payment_intent);
    // The payment's non-session event carries no session.
    expect(await parse("payment_intent.succeeded", sessionId)).toMatchObject({ type: "ignored", session: null });
  });

  it("refunds through the session's PaymentIntent with the amount, the key and the reason", async () => {
    const { sessionId } = await harness.provider.createSession(sessionInput());
    harness.stripe.pay(sessionId);
    const paid = await harness.provider.retrieveSession(sessionId);

    const outcome = await harness.provider.refund({
      sessionId,
      reference: paid.reference,
      amountCents: 1250,
      idempotencyKey: "refund-parameters",
      reason: "Ordine annullato",
    });

    expect(outcome).toEqual({ refundId: expect.stringMatching(/^re_/), status: "succeeded" });
    const [request] = harness.stripe.requests.filter((r) => r.path === "/v1/refunds").slice(-1);
    expect(request?.headers["idempotency-key"]).toBe("refund-parameters");
    expect(request?.params).toEqual({
      payment_intent: paid.reference,
      amount: "1250",
      metadata: { sessionId, reason: "Ordine annullato" },
    });
    expect(harness.stripe.refunds.at(-1)).toMatchObject({ id: outcome.refundId, amount: 1250 });
  });

  it("reports Stripe's refusal of a refund as a PaymentProviderError", async () => {
    const { sessionId } = await harness.provider.createSession(sessionInput());
    harness.stripe.pay(sessionId);
    const paid = await harness.provider.retrieveSession(sessionId);
    harness.stripe.failNext(402);

    await expect(
      harness.provider.refund({
        sessionId,
        reference: paid.reference,
        amountCents: 100,
        idempotencyKey: "refund-refused",
      }),
    ).rejects.toThrow(PaymentProviderError);
    expect(harness.stripe.refunds.filter((refund) => refund.payment_intent === paid.reference)).toHaveLength(0);
  });

  it("finds the shop's webhook only at its own address and enabled, and tells test keys from live ones", async () => {
    const webhookUrl = "https://vetrina.example.it/api/pagamenti/webhook";
    expect(await harness.provider.checkSetup(webhookUrl)).toEqual({ live: false, webhookRegistered: false });

    harness.stripe.registerWebhookEndpoint("https://altro-negozio.example.it/api/pagamenti/webhook");
    harness.stripe.registerWebhookEndpoint(webhookUrl, "disabled");
    expect(await harness.provider.checkSetup(webhookUrl)).toMatchObject({ webhookRegistered: false });

    harness.stripe.registerWebhookEndpoint(webhookUrl);
    expect(await harness.provider.checkSetup(webhookUrl)).toMatchObject({ webhookRegistered: true });
    const [listing] = harness.stripe.requests.filter((r) => r.path === "/v1/webhook_endpoints").slice(-1);
    expect(listing?.method).toBe("GET");

    const live = await new FakeStripe({ live: true }).start();
    try {
      const provider = stripePaymentProvider({
        secretKey: live.secretKey,
        webhookSecret: live.webhookSecret,
        api: live.api,
      });
      expect(await provider.checkSetup(webhookUrl)).toEqual({ live: true, webhookRegistered: false });
    } finally {
      await live.stop();
    }
  });

  it("reports keys Stripe refuses as a PaymentProviderError", async () => {
    const provider = stripePaymentProvider({
      secretKey: "sk_live_revoked",
      webhookSecret: harness.stripe.webhookSecret,
      api: harness.stripe.api,
    });
    await expect(provider.checkSetup("https://vetrina.example.it/api/pagamenti/webhook")).rejects.toThrow(
      PaymentProviderError,
    );
  });
});

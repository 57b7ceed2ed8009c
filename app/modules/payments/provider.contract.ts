// What every payment provider must do for the shop, as one suite of tests that runs against each
// adapter (sandbox.integration.test.ts, stripe.integration.test.ts): the shop's payment code may
// then rely on these behaviours whichever provider is configured.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type CreateSessionInput,
  InvalidWebhookSignature,
  type PaymentProvider,
  PaymentProviderError,
  type SessionState,
} from "./provider";

export type WebhookDelivery = { rawBody: Buffer; headers: Headers };

/** An adapter under test, and the provider's side of the story that only a test can play. */
export type PaymentProviderHarness = {
  provider: PaymentProvider;
  /** The shopper pays the session on the provider's page (nothing happens when it cannot be paid). */
  pay(sessionId: string): Promise<void>;
  /** The payment fails for good, e.g. a delayed method is refused after the shopper left. */
  fail(sessionId: string): Promise<void>;
  /** The session's expiry passes without a payment. */
  lapse(sessionId: string): Promise<void>;
  /**
   * The webhook the provider delivers when the session is paid, fails or expires, or one about the
   * same payment that the shop does not act on ("unrelated"), signed now with the real secret.
   */
  eventFor(kind: "paid" | "failed" | "expired" | "unrelated", sessionId: string): Promise<WebhookDelivery>;
  /** The shop's owner tells the provider to send its events to `url` (nothing to do where it sends them itself). */
  registerWebhook(url: string): Promise<void>;
  /** The adapter as a restarted shop builds it anew from its configuration. */
  restarted(): PaymentProvider;
  /** Headers that sign `rawBody` as the provider does, at `signedAt` (default now), or with another secret. */
  forge(rawBody: Buffer, options: { signedAt?: Date; wrongSecret?: boolean }): Headers;
  cleanup(): Promise<void>;
};

const minutes = (count: number) => count * 60_000;

/** A checkout as the shop sends it: 2 × 19.90 + 34.50 + 5.90 shipping = 80.20. */
export function sessionInput(overrides: Partial<CreateSessionInput> = {}): CreateSessionInput {
  return {
    orderId: randomUUID(),
    customerEmail: "anna@example.it",
    lineItems: [
      {
        name: "Canottiera in cotone",
        description: "Taglia M, colore Bianco",
        imageUrl: "https://negozio.example.it/files/canottiera.webp",
        unitAmountCents: 1990,
        quantity: 2,
      },
      { name: "Pigiama", description: "", imageUrl: null, unitAmountCents: 3450, quantity: 1 },
    ],
    shippingCents: 590,
    shippingLabel: "Spedizione GLS",
    amountCents: 8020,
    successUrl: "https://negozio.example.it/checkout-success?session_id={SESSION_ID}",
    cancelUrl: "https://negozio.example.it/checkout?passo=pagamento&pagamento=annullato",
    expiresAt: new Date(Date.now() + minutes(45)),
    idempotencyKey: `order-${randomUUID()}`,
    ...overrides,
  };
}

export function paymentProviderContract(name: string, setup: () => Promise<PaymentProviderHarness>): void {
  describe(`the ${name} payment provider`, () => {
    let harness: PaymentProviderHarness;
    beforeAll(async () => {
      harness = await setup();
    });
    afterAll(() => harness.cleanup());

    async function openSession(overrides: Partial<CreateSessionInput> = {}) {
      const input = sessionInput(overrides);
      return { input, session: await harness.provider.createSession(input) };
    }

    async function parse(delivery: WebhookDelivery) {
      return harness.provider.parseWebhook(delivery.rawBody, delivery.headers);
    }

    it("opens a session the shopper can pay, for the order and its amount", async () => {
      const { input, session } = await openSession();

      expect(session.url).toMatch(/^https?:\/\//);
      expect(Math.floor(session.expiresAt.getTime() / 1000)).toBe(Math.floor(input.expiresAt.getTime() / 1000));
      expect(await harness.provider.retrieveSession(session.sessionId)).toEqual({
        sessionId: session.sessionId,
        orderId: input.orderId,
        status: "open",
        amountCents: 8020,
        reference: null,
      });
    });

    it("opens one session for one idempotency key", async () => {
      const input = sessionInput();
      const first = await harness.provider.createSession(input);
      const again = await harness.provider.createSession(input);

      expect(again).toEqual(first);
      // Another key is another session.
      const other = await harness.provider.createSession({ ...input, idempotencyKey: `order-${randomUUID()}` });
      expect(other.sessionId).not.toBe(first.sessionId);
    });

    it("refuses lines that do not add up to the amount", async () => {
      await expect(harness.provider.createSession(sessionInput({ amountCents: 8019 }))).rejects.toThrow(
        PaymentProviderError,
      );
      await expect(harness.provider.createSession(sessionInput({ shippingCents: 0 }))).rejects.toThrow(
        PaymentProviderError,
      );
    });

    it("refuses an expiry under 30 minutes or over 24 hours ahead", async () => {
      const at = (ms: number) => sessionInput({ expiresAt: new Date(Date.now() + ms) });
      await expect(harness.provider.createSession(at(minutes(29)))).rejects.toThrow(PaymentProviderError);
      await expect(harness.provider.createSession(at(minutes(24 * 60 + 1)))).rejects.toThrow(PaymentProviderError);
      // Just inside both bounds is accepted.
      await expect(harness.provider.createSession(at(minutes(31)))).resolves.toHaveProperty("sessionId");
      await expect(harness.provider.createSession(at(minutes(24 * 60 - 1)))).resolves.toHaveProperty("sessionId");
    });

    it("reports a paid session with the payment's reference, and reads its paid event", async () => {
      const { input, session } = await openSession();
      await harness.pay(session.sessionId);

      const paid = await harness.provider.retrieveSession(session.sessionId);
      expect(paid).toMatchObject({
        sessionId: session.sessionId,
        orderId: input.orderId,
        status: "paid",
        amountCents: 8020,
      });
      expect(paid.reference).toEqual(expect.any(String));

      const event = await parse(await harness.eventFor("paid", session.sessionId));
      expect(event).toMatchObject({ type: "session.paid", session: paid });
      expect(event.id).toEqual(expect.any(String));
      expect(event.providerType).toEqual(expect.any(String));
      expect(event.payload).toBeTruthy();
    });

    it("reports a payment that failed for good, and reads its failed event", async () => {
      const { input, session } = await openSession();
      await harness.fail(session.sessionId);

      expect(await harness.provider.retrieveSession(session.sessionId)).toMatchObject({ status: "failed" });
      const event = await parse(await harness.eventFor("failed", session.sessionId));
      expect(event).toMatchObject({
        type: "session.failed",
        session: { sessionId: session.sessionId, orderId: input.orderId, status: "failed", amountCents: 8020 },
      });
    });

    it("expires an open session, which then stays expired and cannot be paid", async () => {
      const { input, session } = await openSession();

      expect(await harness.provider.expireSession(session.sessionId)).toMatchObject({
        sessionId: session.sessionId,
        orderId: input.orderId,
        status: "expired",
      });
      await harness.pay(session.sessionId);
      expect(await harness.provider.retrieveSession(session.sessionId)).toMatchObject({ status: "expired" });
      // Expiring again is no error: the expiry job may end a session twice.
      expect(await harness.provider.expireSession(session.sessionId)).toMatchObject({ status: "expired" });

      const event = await parse(await harness.eventFor("expired", session.sessionId));
      expect(event).toMatchObject({
        type: "session.expired",
        session: { sessionId: session.sessionId, status: "expired" },
      });
    });

    it("reports a session whose time ran out as expired, also when asked to expire it", async () => {
      const { session } = await openSession();
      await harness.lapse(session.sessionId);

      expect(await harness.provider.retrieveSession(session.sessionId)).toMatchObject({ status: "expired" });
      expect(await harness.provider.expireSession(session.sessionId)).toMatchObject({ status: "expired" });
    });

    it("reports a session paid before it could be expired as paid, not as an error", async () => {
      const { session } = await openSession();
      await harness.pay(session.sessionId);

      const state = await harness.provider.expireSession(session.sessionId);
      expect(state).toMatchObject({ sessionId: session.sessionId, status: "paid", amountCents: 8020 });
      expect(state.reference).toEqual(expect.any(String));
      expect(await harness.provider.retrieveSession(session.sessionId)).toEqual(state);
    });

    it("tells a restarted shop how its sessions stand, paid or not (what the reconciliation job asks)", async () => {
      const { input, session: paid } = await openSession();
      const { session: open } = await openSession();
      await harness.pay(paid.sessionId);
      const before = await harness.provider.retrieveSession(paid.sessionId);

      const restarted = harness.restarted();
      expect(await restarted.retrieveSession(paid.sessionId)).toEqual(before);
      expect(before).toMatchObject({ orderId: input.orderId, status: "paid", amountCents: 8020 });
      expect(await restarted.retrieveSession(open.sessionId)).toMatchObject({ status: "open", reference: null });
    });

    it("treats an unknown session as an error, not as a state", async () => {
      await expect(harness.provider.retrieveSession("cs_unknown")).rejects.toThrow(PaymentProviderError);
      await expect(harness.provider.expireSession("cs_unknown")).rejects.toThrow(PaymentProviderError);
    });

    it("checks its set-up without changing anything, and finds the webhook endpoint the owner registered", async () => {
      const webhookUrl = "https://negozio.example.it/api/pagamenti/webhook";
      await harness.registerWebhook(webhookUrl);

      const setup = await harness.provider.checkSetup(webhookUrl);
      expect(setup).toEqual({ live: expect.any(Boolean), webhookRegistered: true });
      expect(await harness.provider.checkSetup(webhookUrl)).toEqual(setup);
    });

    it("ignores an event the shop does not act on", async () => {
      const { session } = await openSession();
      await harness.pay(session.sessionId);

      const event = await parse(await harness.eventFor("unrelated", session.sessionId));
      expect(event.type).toBe("ignored");
      expect(event.id).toEqual(expect.any(String));
    });

    describe("refunds", () => {
      /** A session paid by the shopper: 80,20 €. */
      async function paidSession() {
        const { session } = await openSession();
        await harness.pay(session.sessionId);
        return harness.provider.retrieveSession(session.sessionId);
      }

      const refund = (paid: SessionState, amountCents: number, idempotencyKey = `refund-${randomUUID()}`) =>
        harness.provider.refund({
          sessionId: paid.sessionId,
          reference: paid.reference,
          amountCents,
          idempotencyKey,
          reason: "Ordine annullato",
        });

      it("gives back the whole payment, and nothing more after", async () => {
        const paid = await paidSession();

        expect(await refund(paid, 8020)).toEqual({ refundId: expect.any(String), status: "succeeded" });
        await expect(refund(paid, 1)).rejects.toThrow(PaymentProviderError);
      });

      it("gives back part of the payment, twice, up to what is left and not a cent over", async () => {
        const paid = await paidSession();

        const first = await refund(paid, 2000);
        const second = await refund(paid, 3000);
        expect([first.status, second.status]).toEqual(["succeeded", "succeeded"]);
        expect(second.refundId).not.toBe(first.refundId);
        // 3020 are left.
        await expect(refund(paid, 3021)).rejects.toThrow(PaymentProviderError);
        await expect(refund(paid, 3020)).resolves.toMatchObject({ status: "succeeded" });
      });

      it("gives the money back once for one idempotency key", async () => {
        const paid = await paidSession();

        const key = `refund-${randomUUID()}`;
        const first = await refund(paid, 3000, key);
        const again = await refund(paid, 3000, key);
        expect(again).toEqual(first);
        // Only 3000 went: 5020 are left.
        await expect(refund(paid, 5021)).rejects.toThrow(PaymentProviderError);
        await expect(refund(paid, 5020)).resolves.toMatchObject({ status: "succeeded" });
      });

      it("refuses to refund a session that was not paid", async () => {
        const { session } = await openSession();
        const open = await harness.provider.retrieveSession(session.sessionId);

        await expect(refund(open, 1000)).rejects.toThrow(PaymentProviderError);
      });
    });

    describe("refuses a webhook whose signature does not hold", () => {
      async function paidDelivery() {
        const { session } = await openSession();
        await harness.pay(session.sessionId);
        return harness.eventFor("paid", session.sessionId);
      }

      it("when the body was altered after signing", async () => {
        const { rawBody, headers } = await paidDelivery();
        const altered = Buffer.from(JSON.stringify({ ...JSON.parse(rawBody.toString("utf8")), altered: true }));
        await expect(harness.provider.parseWebhook(altered, headers)).rejects.toThrow(InvalidWebhookSignature);
      });

      it("when it was signed with another secret", async () => {
        const { rawBody } = await paidDelivery();
        const headers = harness.forge(rawBody, { wrongSecret: true });
        await expect(harness.provider.parseWebhook(rawBody, headers)).rejects.toThrow(InvalidWebhookSignature);
      });

      it("when it was signed more than 5 minutes ago", async () => {
        const { rawBody } = await paidDelivery();
        const stale = harness.forge(rawBody, { signedAt: new Date(Date.now() - minutes(6)) });
        await expect(harness.provider.parseWebhook(rawBody, stale)).rejects.toThrow(InvalidWebhookSignature);
        // A delivery retried within the tolerance still counts.
        const late = harness.forge(rawBody, { signedAt: new Date(Date.now() - minutes(4)) });
        await expect(harness.provider.parseWebhook(rawBody, late)).resolves.toMatchObject({ type: "session.paid" });
      });

      it("when the signature header is missing", async () => {
        const { rawBody } = await paidDelivery();
        const headers = new Headers({ "content-type": "application/json" });
        await expect(harness.provider.parseWebhook(rawBody, headers)).rejects.toThrow(InvalidWebhookSignature);
      });
    });
  });
}

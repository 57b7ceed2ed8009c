import { and, eq, isNull, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outgoingEmails, sandboxPaymentEvents } from "~/db/schema";
import type { Job } from "~/modules/jobs/scheduler.server";
import { shopJobs } from "~/modules/jobs/shop-jobs.server";
import { eventRetryDelaySeconds, type SandboxProvider } from "~/modules/payments/sandbox.server";
import { stripePaymentProvider } from "~/modules/payments/stripe.server";
import type { Services } from "~/services.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { FakeStripe } from "../../../tests/support/fake-stripe";
import { deleteTestVariants } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testClock, testServices } from "../../../tests/support/services";
import { RECONCILE_AFTER_MINUTES } from "./payment-sessions.server";
import { webhookReceiver } from "./payment-webhook.server";

// A payment that happened while the shop did not hear of it (stopped, crashed, its webhook endpoint
// misconfigured): the sandbox delivers its events again until they are acknowledged, as Stripe does,
// and the reconciliation job asks the provider about every payment still open after a few minutes.
// The jobs run as the scheduler runs them; the clock is the test's.

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
// The delivery job takes the 50 oldest events due: those other files paid and never delivered would
// fill its batch ahead of this file's, whatever order the run gives the files.
beforeAll(async () => {
  await db
    .update(sandboxPaymentEvents)
    .set({ deliveredAt: new Date() })
    .where(isNull(sandboxPaymentEvents.deliveredAt));
});

const minutes = (count: number) => count * 60_000;

/** A scheduled job of the shop, by name, as the scheduler would run it. */
function job(services: Services, name: string): Job {
  const found = shopJobs(services).find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no job ${name}`);
  return found;
}

/** An order placed as a shopper places it, waiting on the provider's payment page. */
async function orderAtPaymentPage(services: Services) {
  const placed = await placeTestOrder(db, services);
  if (!placed.sessionId) throw new Error("no payment session was opened");
  return { ...placed, sessionId: placed.sessionId };
}

async function orderOf(orderId: string) {
  const [order] = await db
    .select({ status: orders.status, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(eq(orders.id, orderId));
  return order;
}

const confirmationsTo = (email: string) =>
  db.$count(
    outgoingEmails,
    and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Conferma ordine #%")),
  );

async function eventOf(sessionId: string) {
  const [event] = await db.select().from(sandboxPaymentEvents).where(eq(sandboxPaymentEvents.sessionId, sessionId));
  return event;
}

describe("the sandbox's events", () => {
  it("are kept with the payment, and delivered by the job when the payment page could not deliver them", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const sandbox = services.payments as SandboxProvider;
    const { orderId, sessionId, email } = await orderAtPaymentPage(services);

    // The shopper pays; the shop stops before the payment page delivers the event.
    const { event } = await sandbox.act(sessionId, "pay");
    expect(await eventOf(sessionId)).toMatchObject({ id: event?.id, deliveredAt: null, attempts: 0 });
    expect(await orderOf(orderId)).toEqual({ status: "pending_payment", paymentStatus: "pending" });

    clock.advance(eventRetryDelaySeconds(1) * 1000);
    await job(services, "sandbox-webhook-delivery").run();
    expect(await orderOf(orderId)).toEqual({ status: "processing", paymentStatus: "paid" });
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 1, deliveredAt: clock.now() });
    expect(await confirmationsTo(email)).toBe(1);

    // Acknowledged: never delivered again.
    clock.advance(minutes(90));
    await job(services, "sandbox-webhook-delivery").run();
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 1 });
    expect(await confirmationsTo(email)).toBe(1);
  });

  it("are delivered again, later each time, until the shop acknowledges them, for three days", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const sandbox = services.payments as SandboxProvider;
    const { orderId, sessionId, email } = await orderAtPaymentPage(services);
    const { event } = await sandbox.act(sessionId, "pay");
    const eventId = event?.id as string;
    // The shop answers 503 (its database away), then once it is back, 200. (Events other tests left
    // undelivered in the database may be offered too.)
    let refusals = 0;
    const away = async (rawBody: Buffer) => {
      if (JSON.parse(rawBody.toString()).id === eventId) refusals++;
      return false;
    };

    expect(await sandbox.deliverEvents(away, eventId)).toBe(0);
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 1, deliveredAt: null });
    // Not due again before its retry delay: 10 s after the first try, then 20 s.
    expect((await eventOf(sessionId))?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 10_000));
    clock.advance(10_000);
    await sandbox.deliverEvents(away);
    expect((await eventOf(sessionId))?.nextAttemptAt).toEqual(new Date(clock.now().getTime() + 20_000));
    expect(refusals).toBe(2);
    clock.advance(19_000);
    await sandbox.deliverEvents(away);
    expect(refusals).toBe(2);

    clock.advance(1_000);
    await sandbox.deliverEvents(webhookReceiver(services));
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 3, deliveredAt: clock.now() });
    expect(await orderOf(orderId)).toEqual({ status: "processing", paymentStatus: "paid" });
    expect(await confirmationsTo(email)).toBe(1);
  });

  it("are given up after three days unacknowledged, as Stripe gives up", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const sandbox = services.payments as SandboxProvider;
    const { sessionId } = await orderAtPaymentPage(services);
    const { event } = await sandbox.act(sessionId, "pay");

    clock.advance(minutes(3 * 24 * 60 + 1));
    let offered = 0;
    await sandbox.deliverEvents(async (rawBody) => {
      if (JSON.parse(rawBody.toString()).id === event?.id) offered++;
      return true;
    });
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 0, deliveredAt: null });
    expect(offered).toBe(0);
  });
});

describe("the reconciliation job", () => {
  it("settles a sandbox payment still open after a few minutes, once, whatever comes later", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const sandbox = services.payments as SandboxProvider;
    const { orderId, sessionId, email } = await orderAtPaymentPage(services);
    await sandbox.act(sessionId, "pay");

    clock.advance(minutes(RECONCILE_AFTER_MINUTES - 1));
    await job(services, "payment-reconciliation").run();
    expect(await orderOf(orderId)).toEqual({ status: "pending_payment", paymentStatus: "pending" });

    clock.advance(minutes(2));
    await job(services, "payment-reconciliation").run();
    expect(await orderOf(orderId)).toEqual({ status: "processing", paymentStatus: "paid" });
    expect(await confirmationsTo(email)).toBe(1);

    // The event arrives after all, and the job runs again: nothing changes twice.
    await job(services, "sandbox-webhook-delivery").run();
    await job(services, "payment-reconciliation").run();
    expect(await eventOf(sessionId)).toMatchObject({ attempts: 1, deliveredAt: expect.any(Date) });
    expect(await confirmationsTo(email)).toBe(1);
  });

  it("leaves an unpaid session open, for the shopper to pay or the expiry to end", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const { orderId } = await orderAtPaymentPage(services);

    clock.advance(minutes(RECONCILE_AFTER_MINUTES + 1));
    await job(services, "payment-reconciliation").run();
    expect(await orderOf(orderId)).toEqual({ status: "pending_payment", paymentStatus: "pending" });
  });

  describe("with Stripe", () => {
    let stripe: FakeStripe;
    beforeAll(async () => {
      stripe = await new FakeStripe().start();
    });
    afterAll(() => stripe.stop());

    it("retrieves the Checkout Session of a payment whose webhook never came, and settles it once", async () => {
      const clock = testClock();
      const services: Services = {
        ...testServices(db, clock),
        payments: stripePaymentProvider({
          secretKey: stripe.secretKey,
          webhookSecret: stripe.webhookSecret,
          api: stripe.api,
        }),
      };
      const { orderId, sessionId, email } = await orderAtPaymentPage(services);
      // Paid at Stripe; the endpoint is misconfigured, so no webhook reaches the shop.
      expect(stripe.pay(sessionId)).toBe(true);
      expect(shopJobs(services).map((candidate) => candidate.name)).not.toContain("sandbox-webhook-delivery");

      clock.advance(minutes(RECONCILE_AFTER_MINUTES + 1));
      await job(services, "payment-reconciliation").run();
      expect(await orderOf(orderId)).toEqual({ status: "processing", paymentStatus: "paid" });
      expect(stripe.requests.some((request) => request.method === "GET" && request.path.includes(sessionId))).toBe(
        true,
      );
      await job(services, "payment-reconciliation").run();
      expect(await confirmationsTo(email)).toBe(1);
    });
  });
});

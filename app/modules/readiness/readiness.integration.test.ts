import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { smtpTransport } from "~/modules/mail/transport.server";
import { stripePaymentProvider } from "~/modules/payments/stripe.server";
import { glsCarrier } from "~/modules/shipping/gls.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { FakeGls } from "../../../tests/support/fake-gls-server";
import { FakeStripe } from "../../../tests/support/fake-stripe";
import { testServices } from "../../../tests/support/services";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import type { ReadinessCheck } from "./checks";
import { courierCheck, mailCheck, paymentChecks, paymentWebhookPath } from "./outside-checks.server";
import { localChecks, outsideChecks } from "./readiness.server";

// The checks that ask outside services, against the tests' fake Stripe, fake GLS and SMTP sink:
// red while the set-up is wrong, green once it is right.

const db = connectTestDatabase();
const publicUrl = "https://www.vetrinafossano.it";
const webhookUrl = `${publicUrl}${paymentWebhookPath}`;

const statuses = (checks: ReadinessCheck[]) => Object.fromEntries(checks.map((check) => [check.id, check.status]));

describe("the payments check, against a fake Stripe", () => {
  let stripe: FakeStripe;
  beforeAll(async () => {
    stripe = await new FakeStripe({ live: true }).start();
  });
  afterAll(() => stripe.stop());

  const provider = (secretKey = stripe.secretKey) =>
    stripePaymentProvider({ secretKey, webhookSecret: stripe.webhookSecret, api: stripe.api });

  it("is red with keys Stripe refuses, then without the shop's webhook, and green once it is registered", async () => {
    const refused = await paymentChecks(provider("sk_live_wrong"), publicUrl, null);
    expect(refused).toEqual([
      expect.objectContaining({
        id: "payments",
        status: "missing",
        detail: expect.stringContaining("Invalid API Key"),
      }),
    ]);

    expect(statuses(await paymentChecks(provider(), publicUrl, null))).toEqual({ payments: "ok", webhook: "missing" });

    stripe.registerWebhookEndpoint(webhookUrl);
    const ready = await paymentChecks(provider(), publicUrl, new Date("2026-11-26T09:30:00Z"));
    expect(statuses(ready)).toEqual({ payments: "ok", webhook: "ok" });
    expect(ready[1]?.detail).toBe(`Stripe avvisa ${webhookUrl}. L'ultimo avviso è arrivato il 26/11/2026, 10:30.`);
  });

  it("warns about test keys, which take no real money", async () => {
    const test = await new FakeStripe().start();
    try {
      const checks = await paymentChecks(
        stripePaymentProvider({ secretKey: test.secretKey, webhookSecret: test.webhookSecret, api: test.api }),
        publicUrl,
        null,
      );
      expect(checks[0]).toMatchObject({ id: "payments", status: "warning", fix: expect.stringContaining("sk_live_") });
    } finally {
      await test.stop();
    }
  });

  it("says the sandbox is active, never green", async () => {
    const checks = await paymentChecks(testServices(db).payments, publicUrl, null);
    expect(statuses(checks)).toEqual({ payments: "missing", webhook: "missing" });
    expect(checks[0]?.detail).toContain("sandbox");
  });
});

describe("the courier check, against a fake GLS", () => {
  let gls: FakeGls;
  beforeAll(async () => {
    gls = await new FakeGls().start();
  });
  afterAll(() => gls.stop());

  it("is red with a wrong password and green with the right credentials", async () => {
    const wrong = await courierCheck(glsCarrier(gls.settings({ password: "sbagliata" })));
    expect(wrong).toMatchObject({ status: "missing", detail: expect.stringContaining("Password errata") });

    expect(await courierCheck(glsCarrier(gls.settings()))).toMatchObject({ status: "ok" });
    expect(gls.requestsTo("AddParcel")).toHaveLength(0);
  });

  it("says the sandbox courier is active", async () => {
    expect(await courierCheck(testServices(db).carrier)).toMatchObject({
      status: "missing",
      detail: expect.stringContaining("corriere di prova"),
    });
  });
});

describe("the e-mail check, against an SMTP sink", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  const transport = () => smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@vetrinafossano.it>");

  it("is red while the mail server refuses, and green once the test message reaches the owner", async () => {
    sink.setFailing(true);
    expect(await mailCheck(transport(), "anna@vetrinafossano.it")).toMatchObject({ status: "missing" });

    sink.setFailing(false);
    expect(await mailCheck(transport(), "anna@vetrinafossano.it")).toMatchObject({ status: "ok" });
    expect(sink.messages.at(-1)).toMatchObject({ to: ["anna@vetrinafossano.it"], subject: "Prova dal negozio" });
  });

  it("is red when no mail server answers", async () => {
    const nobody = smtpTransport("smtp://127.0.0.1:1", "Vetrina <info@vetrinafossano.it>");
    expect(await mailCheck(nobody, "anna@vetrinafossano.it")).toMatchObject({ status: "missing" });
  });
});

describe("the readiness page's checks", () => {
  it("read the shop itself on the page load, and ask the outside services only when told", async () => {
    const services = testServices(db);
    const local = await localChecks(
      services,
      { authSecret: undefined, trustProxy: false, s3: undefined },
      new Headers(),
    );
    expect(local.map((check) => check.id)).toEqual([
      "public-url",
      "auth-secret",
      "proxy",
      "backup",
      "seller",
      "photos",
    ]);

    const outbox = { kind: "outbox" as const, send: async () => {} };
    expect(statuses(await outsideChecks(services, outbox))).toEqual({
      payments: "missing",
      webhook: "missing",
      courier: "missing",
      mail: "missing",
    });
  });
});

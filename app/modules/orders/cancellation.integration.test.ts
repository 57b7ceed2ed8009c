import { and, asc, eq, like, notLike } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  orderActivity,
  orderStatusChanges,
  orders,
  outgoingEmails,
  payments,
  refunds,
  sandboxPaymentSessions,
} from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import { type PaymentProvider, PaymentProviderError } from "~/modules/payments/provider";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { stripePaymentProvider } from "~/modules/payments/stripe.server";
import type { Services } from "~/services.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { FakeStripe } from "../../../tests/support/fake-stripe";
import { deleteTestVariants, stockOf } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testServices } from "../../../tests/support/services";
import { CancellationRefused, cancelOrder } from "./cancellation.server";
import { applyOrderEvent } from "./lifecycle.server";
import { refundOrder } from "./refunds.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const actor = "staff:test";
const publicUrl = services.publicUrl;

/** A shipping order of 2 pieces (5 in stock), paid through the sandbox: processing, paid. */
const paidOrder = () =>
  placeTestOrder(db, services, { quantity: 2, pay: (sessionId) => sandbox.act(sessionId, "pay") });

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

const refundRows = (orderId: string) =>
  db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

const activityOf = (orderId: string) =>
  db
    .select({ kind: orderActivity.kind, message: orderActivity.message })
    .from(orderActivity)
    // Leaving out the confirmation e-mail's line, written when the order was placed or paid.
    .where(and(eq(orderActivity.orderId, orderId), notLike(orderActivity.message, "Email di conferma inviata%")))
    .orderBy(asc(orderActivity.id));

const refundEmailsTo = (email: string) =>
  db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Rimborso per l'ordine #%")));

const cancellationEmailsTo = (email: string) =>
  db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Ordine annullato #%")));

async function lastChange(orderId: string) {
  const history = await db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
  return history.at(-1);
}

describe("cancelOrder", () => {
  it("cancels a reservation: stock back, no refund, the customer told, the timeline written", async () => {
    const { orderId, variant, email } = await placeTestOrder(db, services, { delivery: "pickup_and_pay", quantity: 2 });
    expect(await stockOf(db, variant.variantId)).toBe(3);

    const result = await cancelOrder(db, sandbox, { orderId, refundCents: 0, actor, publicUrl });

    expect(result).toEqual({ refund: null, warning: false, message: "Ordine annullato." });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "to_be_paid_in_store" });
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await lastChange(orderId)).toMatchObject({
      fromStatus: "reserved",
      toStatus: "cancelled",
      event: "cancelled_by_staff",
      actor,
    });
    expect(await refundRows(orderId)).toEqual([]);
    const [sent, ...more] = await cancellationEmailsTo(email);
    expect(more).toEqual([]);
    expect(sent?.textBody).toContain("la tua prenotazione");
    expect(await activityOf(orderId)).toEqual([
      { kind: "staff", message: "Ordine annullato, senza rimborso" },
      { kind: "email", message: `Email «Ordine annullato» in coda per ${email}` },
    ]);
  });

  it("refuses a refund for a reservation, which was not paid online, and changes nothing", async () => {
    const { orderId, variant } = await placeTestOrder(db, services, { delivery: "pickup_and_pay" });

    await expect(cancelOrder(db, sandbox, { orderId, refundCents: 500, actor, publicUrl })).rejects.toThrow(
      new CancellationRefused("Questo ordine non è stato pagato online: non c'è nulla da rimborsare."),
    );
    expect(await orderOf(orderId)).toMatchObject({ status: "reserved" });
    expect(await stockOf(db, variant.variantId)).toBe(4);
  });

  it("cancels a paid order with its full refund: refunded, stock back, e-mail with the amount, every step on the timeline", async () => {
    const { orderId, sessionId, variant, email } = await paidOrder();
    const { totalCents } = await orderOf(orderId);
    expect(await stockOf(db, variant.variantId)).toBe(3);

    const result = await cancelOrder(db, sandbox, { orderId, refundCents: totalCents, actor, publicUrl });

    expect(result).toMatchObject({
      warning: false,
      message: `Ordine annullato. Rimborso di ${formatEuro(totalCents)} eseguito.`,
      refund: { amountCents: totalCents, state: "succeeded", paymentStatus: "refunded" },
    });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await refundRows(orderId)).toMatchObject([
      { amountCents: totalCents, state: "succeeded", provider: "sandbox", reason: "Ordine annullato" },
    ]);
    const [session] = await db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId ?? ""));
    expect(session?.refundedCents).toBe(totalCents);
    const [sent] = await cancellationEmailsTo(email);
    expect(sent?.textBody).toContain(`Ti rimborsiamo ${formatEuro(totalCents)}`);
    // The order as it was paid, its first-order discount included: the rows add up to what comes back.
    const { subtotalCents, discounts, shippingCostCents } = await orderOf(orderId);
    expect(discounts).toMatchObject([{ code: "first_order" }]);
    expect(sent?.textBody).toContain(
      [
        `Subtotale: ${formatEuro(subtotalCents)}`,
        `${discounts[0]?.label}: −${formatEuro(discounts[0]?.amountCents ?? 0)}`,
        `Spedizione: ${formatEuro(shippingCostCents)}`,
        `Totale (IVA inclusa): ${formatEuro(totalCents)}`,
      ].join("\n"),
    );
    // The cancellation e-mail tells of this refund: no second e-mail for it.
    expect(await refundEmailsTo(email)).toEqual([]);
    expect(await activityOf(orderId)).toEqual([
      { kind: "staff", message: `Ordine annullato, con rimborso di ${formatEuro(totalCents)}` },
      { kind: "email", message: `Email «Ordine annullato» in coda per ${email}` },
      { kind: "refund", message: `Rimborso di ${formatEuro(totalCents)} eseguito (pagamento di prova)` },
    ]);
  });

  it("cancels a paid order giving back part of it: partially refunded, the rest refundable later and e-mailed", async () => {
    const { orderId, email } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    const result = await cancelOrder(db, sandbox, { orderId, refundCents: 1000, actor, publicUrl });

    expect(result.refund).toMatchObject({ amountCents: 1000, state: "succeeded", paymentStatus: "partially_refunded" });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "partially_refunded" });
    await refundOrder(db, sandbox, { orderId, amountCents: totalCents - 1000, actor, reason: null });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
    const [cancelled] = await cancellationEmailsTo(email);
    expect(cancelled?.textBody).toContain(`Ti rimborsiamo ${formatEuro(1000)}`);
    const [rest, ...more] = await refundEmailsTo(email);
    expect(more).toEqual([]);
    expect(rest?.textBody).toContain(`ti abbiamo rimborsato ${formatEuro(totalCents - 1000)} per l'ordine`);
    expect(rest?.textBody).toContain("ti abbiamo restituito tutto quello che hai pagato");
  });

  it("refuses a refund above what was paid before cancelling anything", async () => {
    const { orderId, variant } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    await expect(cancelOrder(db, sandbox, { orderId, refundCents: totalCents + 1, actor, publicUrl })).rejects.toThrow(
      new CancellationRefused(`Puoi rimborsare al massimo ${formatEuro(totalCents)}.`),
    );
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(await stockOf(db, variant.variantId)).toBe(3);
  });

  it("refuses a shipped order and changes nothing", async () => {
    const { orderId, variant, email } = await paidOrder();
    await db.transaction((tx) => applyOrderEvent(tx, orderId, "shipment_created", "staff:test"));
    const { totalCents } = await orderOf(orderId);

    await expect(cancelOrder(db, sandbox, { orderId, refundCents: totalCents, actor, publicUrl })).rejects.toThrow(
      new CancellationRefused("L'ordine è già stato spedito: non si può più annullare."),
    );
    expect(await orderOf(orderId)).toMatchObject({ status: "shipped", paymentStatus: "paid" });
    expect(await stockOf(db, variant.variantId)).toBe(3);
    expect(await refundRows(orderId)).toEqual([]);
    expect(await cancellationEmailsTo(email)).toEqual([]);
    expect(await activityOf(orderId)).toEqual([]);
  });

  it("refuses an order already cancelled", async () => {
    const { orderId } = await placeTestOrder(db, services, { delivery: "pickup_and_pay" });
    await cancelOrder(db, sandbox, { orderId, refundCents: 0, actor, publicUrl });

    await expect(cancelOrder(db, sandbox, { orderId, refundCents: 0, actor, publicUrl })).rejects.toThrow(
      new CancellationRefused("L'ordine è già annullato."),
    );
  });

  it("cancels once and gives the money back once when two staff cancel at the same moment", async () => {
    const { orderId, sessionId, variant, email } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => cancelOrder(db, sandbox, { orderId, refundCents: totalCents, actor, publicUrl })),
    );

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    for (const outcome of outcomes.filter((outcome) => outcome.status === "rejected")) {
      // Which refusal depends on how far the first cancel got: cancelled, or cancelled and refunded.
      expect(outcome.reason).toBeInstanceOf(CancellationRefused);
      expect((outcome.reason as Error).message).toMatch(
        /^(L'ordine è già annullato\.|Questo ordine è già stato rimborsato)/,
      );
    }
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await refundRows(orderId)).toMatchObject([{ amountCents: totalCents, state: "succeeded" }]);
    const [session] = await db
      .select()
      .from(sandboxPaymentSessions)
      .where(eq(sandboxPaymentSessions.id, sessionId ?? ""));
    expect(session?.refundedCents).toBe(totalCents);
    expect(await cancellationEmailsTo(email)).toHaveLength(1);
    expect(await db.$count(orderStatusChanges, eq(orderStatusChanges.orderId, orderId))).toBe(3);
  });

  it("keeps the order cancelled when the refund fails, with a warning, and staff retry the refund", async () => {
    const { orderId, variant } = await paidOrder();
    const { totalCents } = await orderOf(orderId);
    const refusing: PaymentProvider = {
      ...sandbox,
      refund: async () => {
        throw new PaymentProviderError("Rimborso rifiutato dalla banca");
      },
    };

    const result = await cancelOrder(db, refusing, { orderId, refundCents: totalCents, actor, publicUrl });

    expect(result).toMatchObject({
      warning: true,
      message: `Ordine annullato, ma il rimborso di ${formatEuro(totalCents)} non è riuscito: riprovalo dall'ordine.`,
      refund: { state: "failed", paymentStatus: "paid" },
    });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await refundRows(orderId)).toMatchObject([{ state: "failed", error: "Rimborso rifiutato dalla banca" }]);
    expect((await activityOf(orderId)).slice(2)).toEqual([
      {
        kind: "refund",
        message: `Rimborso di ${formatEuro(totalCents)} non riuscito (pagamento di prova): Rimborso rifiutato dalla banca`,
      },
      {
        kind: "warning",
        message: `Ordine annullato senza il rimborso di ${formatEuro(totalCents)}: riprova il rimborso dall'ordine.`,
      },
    ]);

    const retried = await refundOrder(db, sandbox, { orderId, amountCents: totalCents, actor, reason: null });
    expect(retried).toMatchObject({ state: "succeeded", paymentStatus: "refunded" });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "refunded" });
  });

  it("ends the open payment session of an order waiting for payment before cancelling it", async () => {
    const { orderId, sessionId, variant, email } = await placeTestOrder(db, services, { quantity: 2 });
    if (!sessionId) throw new Error("no session");

    await cancelOrder(db, sandbox, { orderId, refundCents: 0, actor, publicUrl });

    expect((await sandbox.retrieveSession(sessionId)).status).toBe("expired");
    // The shopper can no longer pay it.
    expect((await sandbox.act(sessionId, "pay")).event).toBeNull();
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled" });
    expect(await lastChange(orderId)).toMatchObject({ event: "cancelled_by_staff", actor });
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment?.state).toBe("expired");
    expect(await stockOf(db, variant.variantId)).toBe(5);
    const [sent] = await cancellationEmailsTo(email);
    expect(sent?.textBody).toContain("non ti è stato addebitato nulla");
  });

  it("does not cancel an order the shopper paid just before: it is fulfilled instead", async () => {
    const { orderId, sessionId, variant, email } = await placeTestOrder(db, services);
    if (!sessionId) throw new Error("no session");
    // Paid at the provider; its webhook has not arrived yet.
    await sandbox.act(sessionId, "pay");

    await expect(cancelOrder(db, sandbox, { orderId, refundCents: 0, actor, publicUrl })).rejects.toThrow(
      CancellationRefused,
    );
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "paid" });
    expect(await stockOf(db, variant.variantId)).toBe(4);
    expect(await cancellationEmailsTo(email)).toEqual([]);
  });
});

describe("cancelOrder with Stripe", () => {
  let stripe: FakeStripe;
  let stripeServices: Services;
  beforeAll(async () => {
    stripe = await new FakeStripe().start();
    stripeServices = {
      ...services,
      payments: stripePaymentProvider({
        secretKey: stripe.secretKey,
        webhookSecret: stripe.webhookSecret,
        api: stripe.api,
      }),
    };
  });
  afterAll(() => stripe.stop());

  const stripePaidOrder = () =>
    placeTestOrder(db, stripeServices, { quantity: 2, pay: async (sessionId) => stripe.pay(sessionId) });

  it("refunds part of the PaymentIntent at Stripe", async () => {
    const { orderId } = await stripePaidOrder();
    const [payment] = await db.select().from(payments).where(eq(payments.orderId, orderId));

    const result = await cancelOrder(db, stripeServices.payments, { orderId, refundCents: 1500, actor, publicUrl });

    expect(result.refund).toMatchObject({ state: "succeeded", paymentStatus: "partially_refunded" });
    expect(stripe.refunds.filter((refund) => refund.payment_intent === payment?.reference)).toMatchObject([
      { amount: 1500 },
    ]);
    const [row] = await refundRows(orderId);
    expect(row).toMatchObject({ provider: "stripe", state: "succeeded", providerRefundId: stripe.refunds.at(-1)?.id });
    expect(await activityOf(orderId)).toContainEqual({
      kind: "refund",
      message: `Rimborso di ${formatEuro(1500)} eseguito (Stripe)`,
    });
  });

  it("keeps the order cancelled with a warning when Stripe refuses the refund", async () => {
    const { orderId } = await stripePaidOrder();
    const { totalCents } = await orderOf(orderId);
    stripe.failNext(402);

    const result = await cancelOrder(db, stripeServices.payments, {
      orderId,
      refundCents: totalCents,
      actor,
      publicUrl,
    });

    expect(result).toMatchObject({ warning: true, refund: { state: "failed" } });
    expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "paid" });
    expect(await refundRows(orderId)).toMatchObject([{ provider: "stripe", state: "failed" }]);
    expect((await activityOf(orderId)).map((line) => line.kind)).toEqual(["staff", "email", "refund", "warning"]);
  });
});

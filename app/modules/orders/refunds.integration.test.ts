import { and, asc, eq, like, notLike } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orderActivity, orders, outgoingEmails, refunds, sandboxPaymentSessions } from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { shop } from "~/modules/shop/identity";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deleteTestVariants } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testServices } from "../../../tests/support/services";
import { RefundRefused, refundableAmount, refundOrder } from "./refunds.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const actor = "staff:test";

/** A shipping order paid through the sandbox: processing, paid. */
async function paidOrder(quantity = 2) {
  return placeTestOrder(db, services, { quantity, pay: (sessionId) => sandbox.act(sessionId, "pay") });
}

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

const refundRows = (orderId: string) =>
  db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));

const activityOf = (orderId: string) =>
  db
    .select({ kind: orderActivity.kind, message: orderActivity.message, actor: orderActivity.actor })
    .from(orderActivity)
    // Leaving out the confirmation e-mail's line, written when the order was placed or paid.
    .where(and(eq(orderActivity.orderId, orderId), notLike(orderActivity.message, "Email di conferma inviata%")))
    .orderBy(asc(orderActivity.id));

const refundEmailsTo = (email: string) =>
  db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Rimborso per l'ordine #%")))
    .orderBy(asc(outgoingEmails.id));

async function refundedAtSandbox(sessionId: string | null) {
  const [session] = await db
    .select({ refundedCents: sandboxPaymentSessions.refundedCents })
    .from(sandboxPaymentSessions)
    .where(eq(sandboxPaymentSessions.id, sessionId ?? ""));
  return session?.refundedCents;
}

describe("refundOrder", () => {
  it("gives back part, then the rest: partially refunded, then refunded, each on the timeline and e-mailed", async () => {
    const { orderId, sessionId, email } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    const first = await refundOrder(db, sandbox, { orderId, amountCents: 1000, actor, reason: "Articolo difettoso" });
    expect(first).toMatchObject({ amountCents: 1000, state: "succeeded", paymentStatus: "partially_refunded" });
    expect(first.message).toBe(`Rimborso di ${formatEuro(1000)} eseguito.`);
    expect(await orderOf(orderId)).toMatchObject({ status: "processing", paymentStatus: "partially_refunded" });
    expect(await refundableAmount(db, orderId)).toMatchObject({
      paidCents: totalCents,
      refundedCents: 1000,
      refundableCents: totalCents - 1000,
    });

    const rest = await refundOrder(db, sandbox, { orderId, amountCents: totalCents - 1000, actor, reason: null });
    expect(rest).toMatchObject({ state: "succeeded", paymentStatus: "refunded" });
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded" });
    expect(await refundedAtSandbox(sessionId)).toBe(totalCents);

    const rows = await refundRows(orderId);
    expect(rows.map((row) => [row.amountCents, row.state, row.provider, row.requestedBy])).toEqual([
      [1000, "succeeded", "sandbox", actor],
      [totalCents - 1000, "succeeded", "sandbox", actor],
    ]);
    expect(rows[0]).toMatchObject({
      reason: "Articolo difettoso",
      providerRefundId: expect.stringMatching(/^sbx_re_/),
    });
    expect(await activityOf(orderId)).toEqual([
      { kind: "refund", message: `Rimborso di ${formatEuro(1000)} eseguito (pagamento di prova)`, actor },
      { kind: "email", message: `Email «Rimborso per l'ordine» in coda per ${email}`, actor },
      { kind: "refund", message: `Rimborso di ${formatEuro(totalCents - 1000)} eseguito (pagamento di prova)`, actor },
      { kind: "email", message: `Email «Rimborso per l'ordine» in coda per ${email}`, actor },
    ]);
    // Each refund is e-mailed to the customer, the first as much as the last.
    const [firstEmail, lastEmail] = await refundEmailsTo(email);
    expect(firstEmail?.subject).toBe(`Rimborso per l'ordine #${orderId.slice(0, 8)} - ${shop.name}`);
    expect(firstEmail?.textBody).toContain(`ti abbiamo rimborsato ${formatEuro(1000)} per l'ordine`);
    expect(firstEmail?.textBody).toContain(`Totale (IVA inclusa): ${formatEuro(totalCents)}`);
    expect(lastEmail?.textBody).toContain(`ti abbiamo rimborsato ${formatEuro(totalCents - 1000)} per l'ordine`);
    expect(lastEmail?.textBody).toContain("ti abbiamo restituito tutto quello che hai pagato");

    await expect(refundOrder(db, sandbox, { orderId, amountCents: 1, actor, reason: null })).rejects.toThrow(
      new RefundRefused("Questo ordine è già stato rimborsato per intero."),
    );
  });

  it("refuses, changing nothing, an amount of zero or above what is left", async () => {
    const { orderId } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    for (const amountCents of [0, -100, 12.5]) {
      await expect(refundOrder(db, sandbox, { orderId, amountCents, actor, reason: null })).rejects.toThrow(
        new RefundRefused("L'importo da rimborsare deve essere maggiore di zero."),
      );
    }
    await expect(
      refundOrder(db, sandbox, { orderId, amountCents: totalCents + 1, actor, reason: null }),
    ).rejects.toThrow(new RefundRefused(`Puoi rimborsare al massimo ${formatEuro(totalCents)}.`));
    expect(await refundRows(orderId)).toEqual([]);
    expect(await activityOf(orderId)).toEqual([]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid" });
  });

  it("refuses an order not paid online: a reservation, an order still waiting for payment", async () => {
    const reservation = await placeTestOrder(db, services, { delivery: "pickup_and_pay" });
    const unpaid = await placeTestOrder(db, services, { delivery: "pickup" });

    for (const { orderId } of [reservation, unpaid]) {
      await expect(refundOrder(db, sandbox, { orderId, amountCents: 100, actor, reason: null })).rejects.toThrow(
        new RefundRefused("Questo ordine non è stato pagato online: non c'è nulla da rimborsare."),
      );
      expect(await refundRows(orderId)).toEqual([]);
    }
  });

  it("gives the money back once when two staff refund the whole order at the same moment", async () => {
    const { orderId, sessionId } = await paidOrder();
    const { totalCents } = await orderOf(orderId);

    const outcomes = await Promise.allSettled(
      [1, 2, 3].map(() => refundOrder(db, sandbox, { orderId, amountCents: totalCents, actor, reason: null })),
    );

    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refused = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refused.map((outcome) => (outcome.reason as Error).constructor)).toEqual([RefundRefused, RefundRefused]);
    expect(await refundRows(orderId)).toMatchObject([{ amountCents: totalCents, state: "succeeded" }]);
    expect(await refundedAtSandbox(sessionId)).toBe(totalCents);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("records a refund the provider refused as failed, leaves the payment status, and a retry succeeds", async () => {
    const { orderId, sessionId, email } = await paidOrder();
    // The sandbox refuses what it did not take: its records say more was already given back.
    await db
      .update(sandboxPaymentSessions)
      .set({ refundedCents: sandboxPaymentSessions.amountCents })
      .where(eq(sandboxPaymentSessions.id, sessionId ?? ""));

    const failed = await refundOrder(db, sandbox, { orderId, amountCents: 500, actor, reason: null });
    expect(failed).toMatchObject({ state: "failed", paymentStatus: "paid" });
    expect(failed.message).toMatch(
      new RegExp(`^Rimborso di ${formatEuro(500)} non riuscito: .+\\. Puoi riprovare\\.$`),
    );
    expect(await refundRows(orderId)).toMatchObject([
      { amountCents: 500, state: "failed", providerRefundId: null, error: expect.stringContaining("more than") },
    ]);
    const [line] = await activityOf(orderId);
    expect(line?.message).toMatch(
      new RegExp(`^Rimborso di ${formatEuro(500)} non riuscito \\(pagamento di prova\\): `),
    );
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "paid" });
    // Nothing came back: nothing to tell the customer.
    expect(await refundEmailsTo(email)).toEqual([]);

    // A failed refund holds nothing back: once the provider can, the same amount goes through.
    await db
      .update(sandboxPaymentSessions)
      .set({ refundedCents: 0 })
      .where(eq(sandboxPaymentSessions.id, sessionId ?? ""));
    const retried = await refundOrder(db, sandbox, { orderId, amountCents: 500, actor, reason: null });
    expect(retried).toMatchObject({ state: "succeeded", paymentStatus: "partially_refunded" });
    expect(await refundEmailsTo(email)).toHaveLength(1);
  });
});

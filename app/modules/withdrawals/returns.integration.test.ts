import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  orderActivity,
  orderItems,
  orders,
  outgoingEmails,
  products,
  refunds,
  sandboxPaymentSessions,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import { formatEuro } from "~/modules/format/numbers";
import { refundOrder } from "~/modules/orders/refunds.server";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { createTestVariant, deleteTestVariants, stockOf } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testServices } from "../../../tests/support/services";
import {
  decideReturnItems,
  getReturnRequest,
  listReturnRequests,
  markGoodsReceived,
  ReturnRefused,
  refundReturn,
} from "./returns.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const actor = "staff:test";

/** A shipping order of `quantity` pieces (stock 5), paid through the sandbox. */
const paidOrder = (quantity = 2) =>
  placeTestOrder(db, services, { quantity, pay: (sessionId) => sandbox.act(sessionId, "pay") });

async function linesOf(orderId: string) {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
}

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

/** A withdrawal as the customer's form leaves it: state received, its items pending. */
async function withdraw(
  orderId: string,
  email: string,
  items: { orderItemId: number; quantity: number }[],
  wholeOrder: boolean,
) {
  const [request] = await db
    .insert(withdrawalRequests)
    .values({ orderId, name: "Anna Neri", email, wholeOrder })
    .returning({ id: withdrawalRequests.id });
  const requestId = (request as { id: string }).id;
  const rows = await db
    .insert(withdrawalItems)
    .values(items.map((item) => ({ requestId, ...item })))
    .returning({ id: withdrawalItems.id });
  return { requestId, itemIds: rows.map((row) => row.id) };
}

async function requestOf(requestId: string) {
  const [request] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, requestId));
  return request;
}

const emailsTo = (to: string, subject: string) =>
  db
    .select({ subject: outgoingEmails.subject, text: outgoingEmails.textBody })
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, to), like(outgoingEmails.subject, `${subject}%`)));

const withdrawalLines = (orderId: string) =>
  db
    .select({ message: orderActivity.message, actor: orderActivity.actor })
    .from(orderActivity)
    .where(and(eq(orderActivity.orderId, orderId), eq(orderActivity.kind, "withdrawal")))
    .orderBy(asc(orderActivity.id));

const refundRows = (orderId: string) =>
  db
    .select({ amountCents: refunds.amountCents, state: refunds.state })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(asc(refunds.id));

describe("returns", () => {
  it("whole order: goods received, accepted and restocked, the order's total (shipping too) refunded", async () => {
    const { orderId, variant, email } = await paidOrder(2);
    const [line] = await linesOf(orderId);
    const { requestId, itemIds } = await withdraw(orderId, email, [{ orderItemId: line?.id ?? 0, quantity: 2 }], true);
    expect(await stockOf(db, variant.variantId)).toBe(3);

    await expect(refundReturn(db, sandbox, { requestId, actor })).rejects.toThrow(
      new ReturnRefused("Registra prima la merce come ricevuta."),
    );
    expect(await markGoodsReceived(db, { requestId, actor })).toMatch(/^Merce registrata/);
    expect(await requestOf(requestId)).toMatchObject({ state: "goods_received" });
    const received = await emailsTo(email, "Abbiamo ricevuto il tuo reso");
    expect(received).toHaveLength(1);
    await expect(markGoodsReceived(db, { requestId, actor })).rejects.toThrow(ReturnRefused);

    await expect(refundReturn(db, sandbox, { requestId, actor })).rejects.toThrow(
      new ReturnRefused("Decidi prima su ogni articolo: accettato o rifiutato."),
    );
    await decideReturnItems(db, {
      requestId,
      actor,
      decisions: [{ itemId: itemIds[0] ?? 0, decision: "accepted", refusalReason: null, restock: true }],
    });
    expect(await stockOf(db, variant.variantId)).toBe(5);

    const { totalCents } = await orderOf(orderId);
    const detail = await getReturnRequest(db, requestId);
    expect(detail?.dueCents).toBe(totalCents);

    const outcome = await refundReturn(db, sandbox, { requestId, actor });
    expect(outcome).toMatchObject({ ok: true, refundedCents: totalCents, state: "refunded" });
    expect(await requestOf(requestId)).toMatchObject({ state: "refunded", refundedCents: totalCents });
    expect(await refundRows(orderId)).toEqual([{ amountCents: totalCents, state: "succeeded" }]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded" });

    const [decided] = await emailsTo(email, "Esito del tuo reso");
    expect(decided?.text).toContain(`Ti abbiamo rimborsato ${formatEuro(totalCents)}`);
    expect(decided?.text).toContain("Spese di spedizione");
    expect((await withdrawalLines(orderId)).map((entry) => entry.message)).toEqual([
      "Recesso: merce ricevuta in negozio",
      "Recesso: 1 articolo accettato, 0 rifiutati, 2 pezzi rimessi in vendita",
      `Recesso chiuso: Rimborso di ${formatEuro(totalCents)} eseguito.`,
    ]);
    expect(await listReturnRequests(db, { state: "refunded", orderId })).toMatchObject([
      { id: requestId, itemCount: 1 },
    ]);
    expect(await listReturnRequests(db, { state: "received", orderId })).toEqual([]);
  });

  it("refuses a sealed item with the reason the customer reads, refunds the rest without shipping", async () => {
    const { orderId, email } = await paidOrder(2);
    // A second line, a hygiene-sealed swimsuit, added to the order as the checkout would have.
    const sealed = await createTestVariant(db, { priceCents: 1500, subcategory: "bikini", name: "Bikini sigillato" });
    await db.update(products).set({ hygieneSealed: true }).where(eq(products.id, sealed.productId));
    await db.insert(orderItems).values({
      orderId,
      productId: sealed.productId,
      variantId: sealed.variantId,
      productName: "Bikini sigillato",
      quantity: 1,
      unitPriceCents: 1500,
    });
    const [first, second] = await linesOf(orderId);
    if (!first || !second) throw new Error("two lines expected");
    const { requestId, itemIds } = await withdraw(
      orderId,
      email,
      [
        { orderItemId: first.id, quantity: 1 },
        { orderItemId: second.id, quantity: 1 },
      ],
      false,
    );
    await markGoodsReceived(db, { requestId, actor });
    const [keptId, sealedId] = itemIds as [number, number];

    await expect(
      decideReturnItems(db, {
        requestId,
        actor,
        decisions: [{ itemId: sealedId, decision: "refused", refusalReason: "  ", restock: false }],
      }),
    ).rejects.toThrow(ReturnRefused);
    const reason = "Il sigillo igienico è stato rimosso.";
    await decideReturnItems(db, {
      requestId,
      actor,
      decisions: [
        { itemId: keptId, decision: "accepted", refusalReason: null, restock: false },
        { itemId: sealedId, decision: "refused", refusalReason: reason, restock: false },
      ],
    });
    const detail = await getReturnRequest(db, requestId);
    expect(detail?.items.map((item) => [item.decision, item.hygieneSealed, item.refusalReason])).toEqual([
      ["accepted", false, null],
      ["refused", true, reason],
    ]);
    // One of the two pieces of the first line: half of what that line cost, discounts included.
    const half = Math.floor((first.unitPriceCents * 2 - first.discountCents) / 2);
    expect(detail?.dueCents).toBe(half);

    const outcome = await refundReturn(db, sandbox, { requestId, actor });
    expect(outcome).toMatchObject({ ok: true, refundedCents: half, state: "partially_refused" });
    expect(await refundRows(orderId)).toEqual([{ amountCents: half, state: "succeeded" }]);
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "partially_refunded" });
    const [decided] = await emailsTo(email, "Esito del tuo reso");
    expect(decided?.text).toContain(`Bikini sigillato × 1: ${reason}`);
    expect(decided?.text).toContain(`Ti abbiamo rimborsato ${formatEuro(half)}`);
    expect(decided?.text).not.toContain("Spese di spedizione");
  });

  it("puts the pieces back on sale once when two staff decide at the same moment", async () => {
    const { orderId, variant, email } = await paidOrder(2);
    const [line] = await linesOf(orderId);
    const { requestId, itemIds } = await withdraw(orderId, email, [{ orderItemId: line?.id ?? 0, quantity: 2 }], true);
    await markGoodsReceived(db, { requestId, actor });
    const decide = () =>
      decideReturnItems(db, {
        requestId,
        actor,
        decisions: [{ itemId: itemIds[0] ?? 0, decision: "accepted", refusalReason: null, restock: true }],
      });
    await Promise.all([decide(), decide()]);
    expect(await stockOf(db, variant.variantId)).toBe(5);
    await decide();
    expect(await stockOf(db, variant.variantId)).toBe(5);
    const [item] = await db.select().from(withdrawalItems).where(eq(withdrawalItems.requestId, requestId));
    expect(item?.restockedAt).toBeInstanceOf(Date);
    // Restocked pieces cannot be refused afterwards.
    await expect(
      decideReturnItems(db, {
        requestId,
        actor,
        decisions: [{ itemId: itemIds[0] ?? 0, decision: "refused", refusalReason: "Rovinato", restock: false }],
      }),
    ).rejects.toThrow(ReturnRefused);
  });

  it("never gives back more than was paid: after a refund by hand, and when two staff refund at once", async () => {
    const { orderId, email } = await paidOrder(2);
    const { totalCents } = await orderOf(orderId);
    await refundOrder(db, sandbox, { orderId, amountCents: totalCents - 1000, actor, reason: null });
    const [line] = await linesOf(orderId);
    const { requestId, itemIds } = await withdraw(orderId, email, [{ orderItemId: line?.id ?? 0, quantity: 2 }], true);
    await markGoodsReceived(db, { requestId, actor });
    await decideReturnItems(db, {
      requestId,
      actor,
      decisions: [{ itemId: itemIds[0] ?? 0, decision: "accepted", refusalReason: null, restock: false }],
    });

    const outcomes = await Promise.allSettled([
      refundReturn(db, sandbox, { requestId, actor }),
      refundReturn(db, sandbox, { requestId, actor }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await refundRows(orderId)).toEqual([
      { amountCents: totalCents - 1000, state: "succeeded" },
      { amountCents: 1000, state: "succeeded" },
    ]);
    expect(await requestOf(requestId)).toMatchObject({ state: "refunded", refundedCents: 1000 });
    const [settled] = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
    expect(settled?.message).toBe(
      `Rimborso di ${formatEuro(1000)} eseguito. Dovuti ${formatEuro(totalCents)}: il resto era già stato rimborsato.`,
    );
    expect(await orderOf(orderId)).toMatchObject({ paymentStatus: "refunded" });
  });

  it("a refund the provider refuses leaves the request open, and a retry settles it", async () => {
    const { orderId, sessionId, email } = await paidOrder(1);
    const [line] = await linesOf(orderId);
    const { requestId, itemIds } = await withdraw(orderId, email, [{ orderItemId: line?.id ?? 0, quantity: 1 }], true);
    await markGoodsReceived(db, { requestId, actor });
    await decideReturnItems(db, {
      requestId,
      actor,
      decisions: [{ itemId: itemIds[0] ?? 0, decision: "accepted", refusalReason: null, restock: false }],
    });
    // The sandbox refuses what it did not take: its records say all was already given back.
    const atSandbox = eq(sandboxPaymentSessions.id, sessionId ?? "");
    await db.update(sandboxPaymentSessions).set({ refundedCents: sandboxPaymentSessions.amountCents }).where(atSandbox);

    const failed = await refundReturn(db, sandbox, { requestId, actor });
    expect(failed).toMatchObject({ ok: false, refundedCents: 0, state: "goods_received" });
    expect(await requestOf(requestId)).toMatchObject({ state: "goods_received", refundedCents: null });
    expect(await emailsTo(email, "Esito del tuo reso")).toEqual([]);

    await db.update(sandboxPaymentSessions).set({ refundedCents: 0 }).where(atSandbox);
    const { totalCents } = await orderOf(orderId);
    expect(await refundReturn(db, sandbox, { requestId, actor })).toMatchObject({
      ok: true,
      refundedCents: totalCents,
      state: "refunded",
    });
    expect(await emailsTo(email, "Esito del tuo reso")).toHaveLength(1);
  });

  it("an order not paid online: no refund through a provider, staff are told to give it back in the shop", async () => {
    const { orderId, email } = await placeTestOrder(db, services, { delivery: "pickup_and_pay" });
    const [line] = await linesOf(orderId);
    const { requestId, itemIds } = await withdraw(orderId, email, [{ orderItemId: line?.id ?? 0, quantity: 1 }], true);
    await markGoodsReceived(db, { requestId, actor });
    await decideReturnItems(db, {
      requestId,
      actor,
      decisions: [{ itemId: itemIds[0] ?? 0, decision: "accepted", refusalReason: null, restock: false }],
    });
    const { totalCents } = await orderOf(orderId);
    const outcome = await refundReturn(db, sandbox, { requestId, actor });
    expect(outcome).toMatchObject({ ok: true, refundedCents: 0, state: "refunded" });
    expect(await requestOf(requestId)).toMatchObject({ state: "refunded", refundedCents: null });
    expect(outcome.message).toBe(
      `Ordine non pagato online: nessun rimborso tramite il circuito di pagamento. Restituisci ${formatEuro(totalCents)} al cliente in negozio.`,
    );
    expect(await refundRows(orderId)).toEqual([]);
    const [decided] = await emailsTo(email, "Esito del tuo reso");
    expect(decided?.text).toContain(`Ti restituiamo ${formatEuro(totalCents)} in negozio`);
  });
});

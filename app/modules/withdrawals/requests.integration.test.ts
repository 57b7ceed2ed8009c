import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  orderActivity,
  orderStatusChanges,
  orders,
  outgoingEmails,
  products,
  users,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import { applyOrderEvent } from "~/modules/orders/lifecycle.server";
import type { OrderEvent } from "~/modules/orders/transitions";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deleteTestVariants, stockOf } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testServices } from "../../../tests/support/services";
import {
  customerOrderChoices,
  findCustomerOrder,
  findGuestOrder,
  loadWithdrawalOrder,
  loadWithdrawalReceipt,
  submitWithdrawal,
  WithdrawalRefused,
} from "./requests.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const publicUrl = services.publicUrl;

/** A paid shipping order of 2 pieces of one line. */
const paidOrder = () =>
  placeTestOrder(db, services, { quantity: 2, pay: (sessionId) => sandbox.act(sessionId, "pay") });

async function apply(orderId: string, ...events: OrderEvent[]) {
  for (const event of events) {
    const applied = await db.transaction((tx) => applyOrderEvent(tx, orderId, event, "test"));
    if (!applied) throw new Error(`${event} not applied`);
  }
}

const requestsOf = (orderId: string) =>
  db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));

const acknowledgementsOf = (to: string) =>
  db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, to)));

describe("finding the order", () => {
  it("by number (with or without '#', any case) and e-mail for a guest; a wrong e-mail finds nothing", async () => {
    const { orderId, email } = await paidOrder();
    const number = orderId.slice(0, 8);
    expect(await findGuestOrder(db, number, email)).toBe(orderId);
    expect(await findGuestOrder(db, ` #${number.toUpperCase()} `, email.toUpperCase())).toBe(orderId);
    expect(await findGuestOrder(db, number, "qualcun.altro@example.it")).toBeNull();
    expect(await findGuestOrder(db, "zzzzzzzz", email)).toBeNull();
    expect(await findGuestOrder(db, "%", email)).toBeNull();
  });

  it("among a signed-in customer's own orders only, and the withdrawal names the customer", async () => {
    const { orderId, email } = await paidOrder();
    const userId = randomUUID();
    await db.insert(users).values({ id: userId, name: "Giulia Bianchi", email: `${userId}@example.it` });
    expect(await findCustomerOrder(db, orderId.slice(0, 8), userId)).toBeNull();
    await db.update(orders).set({ userId }).where(eq(orders.id, orderId));
    expect(await findCustomerOrder(db, orderId.slice(0, 8), userId)).toBe(orderId);
    expect((await customerOrderChoices(db, userId)).map((order) => order.id)).toEqual([orderId]);

    const input = {
      orderId,
      userId,
      name: "Giulia Bianchi",
      email,
      items: "whole" as const,
      now: new Date(),
      publicUrl,
    };
    await submitWithdrawal(db, input);
    expect(await requestsOf(orderId)).toEqual([expect.objectContaining({ userId, state: "received" })]);
    const [activity] = await db
      .select()
      .from(orderActivity)
      .where(and(eq(orderActivity.orderId, orderId), eq(orderActivity.kind, "withdrawal")));
    expect(activity?.actor).toBe(`customer:${userId}`);
  });
});

describe("withdrawing", () => {
  it("records the request, its items, the timeline line and the acknowledgement in Italian time", async () => {
    const { orderId, email } = await paidOrder();
    const order = await loadWithdrawalOrder(db, orderId, new Date());
    expect(order.window).toEqual({ open: true, lastDay: null });
    const [line] = order.lines;
    if (!line) throw new Error("no line");
    expect(line.available).toBe(2);

    const result = await submitWithdrawal(db, {
      orderId,
      userId: null,
      name: "Giulia Bianchi",
      email: "ricevuta@example.it",
      items: [{ orderItemId: line.id, quantity: 1 }],
      now: new Date(),
      publicUrl,
    });
    expect(result.created).toBe(true);
    const [request] = await requestsOf(orderId);
    expect(request).toMatchObject({ state: "received", wholeOrder: false, name: "Giulia Bianchi", userId: null });
    expect(await db.select().from(withdrawalItems).where(eq(withdrawalItems.requestId, result.requestId))).toEqual([
      expect.objectContaining({ orderItemId: line.id, quantity: 1, decision: "pending" }),
    ]);
    const activity = await db.select().from(orderActivity).where(eq(orderActivity.orderId, orderId));
    expect(activity.map((entry) => entry.kind)).toContain("withdrawal");

    const mails = await acknowledgementsOf("ricevuta@example.it");
    const mail = mails.find((candidate) => candidate.subject.includes(`#${orderId.slice(0, 8)}`));
    expect(mail?.subject).toBe(`Recesso ricevuto per l'ordine #${orderId.slice(0, 8)} - Vetrina`);
    const rome = new Intl.DateTimeFormat("it-IT", {
      timeZone: "Europe/Rome",
      day: "2-digit",
      month: "2-digit",
      year: "numeric",
      hour: "2-digit",
      minute: "2-digit",
    }).format(request?.createdAt);
    expect(mail?.textBody).toContain(`Data e ora del recesso: ${rome}`);
    expect(mail?.textBody).toContain("Nome: Giulia Bianchi");
    expect(mail?.textBody).toContain("1 × Slip di prova");
    expect(mail?.textBody).toContain(`${publicUrl}/recesso?richiesta=${result.requestId}`);
    expect(email).not.toBe("ricevuta@example.it");

    const receipt = await loadWithdrawalReceipt(db, result.requestId);
    expect(receipt?.items).toEqual([expect.objectContaining({ productName: "Slip di prova", quantity: 1 })]);
  });

  it("a second submission, even concurrent, gets the first request back: one request, one e-mail", async () => {
    const { orderId, email } = await paidOrder();
    const input = { orderId, userId: null, name: "Anna", email, items: "whole" as const, now: new Date(), publicUrl };
    const [first, second] = await Promise.all([submitWithdrawal(db, input), submitWithdrawal(db, input)]);
    expect(first.requestId).toBe(second.requestId);
    expect([first.created, second.created].sort()).toEqual([false, true]);
    const third = await submitWithdrawal(db, input);
    expect(third).toEqual({ requestId: first.requestId, created: false });
    expect(await requestsOf(orderId)).toHaveLength(1);
    expect((await requestsOf(orderId))[0]?.wholeOrder).toBe(true);
    const mails = (await acknowledgementsOf(email)).filter((mail) => mail.subject.startsWith("Recesso ricevuto"));
    expect(mails.filter((mail) => mail.subject.includes(orderId.slice(0, 8)))).toHaveLength(1);
  });

  it("refuses more pieces than the order has, and an empty choice", async () => {
    const { orderId, email } = await paidOrder();
    const [line] = (await loadWithdrawalOrder(db, orderId, new Date())).lines;
    const base = { orderId, userId: null, name: "Anna", email, now: new Date(), publicUrl };
    await expect(
      submitWithdrawal(db, { ...base, items: [{ orderItemId: line?.id ?? 0, quantity: 3 }] }),
    ).rejects.toBeInstanceOf(WithdrawalRefused);
    await expect(submitWithdrawal(db, { ...base, items: [] })).rejects.toThrow("Scegli almeno un articolo");
    expect(await requestsOf(orderId)).toHaveLength(0);
  });

  it("is open until the end of the 14th day after delivery, then refused with the date", async () => {
    const { orderId, email } = await paidOrder();
    await apply(orderId, "shipment_created", "courier_day_closed", "delivered");
    const deliveredAt = new Date("2026-05-04T10:00:00Z");
    await db
      .update(orderStatusChanges)
      .set({ createdAt: deliveredAt })
      .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.event, "delivered")));
    expect((await loadWithdrawalOrder(db, orderId, new Date("2026-05-18T21:59:00Z"))).window).toEqual({
      open: true,
      lastDay: "2026-05-18",
    });
    const input = { orderId, userId: null, name: "Anna", email, items: "whole" as const, publicUrl };
    await expect(submitWithdrawal(db, { ...input, now: new Date("2026-05-18T22:00:00Z") })).rejects.toThrow(
      "fino al 18 maggio 2026 compreso",
    );
    expect(await requestsOf(orderId)).toHaveLength(0);
  });

  it("flags hygiene-sealed lines", async () => {
    const { orderId } = await paidOrder();
    const [item] = await db.query.orderItems.findMany({ where: (line, { eq }) => eq(line.orderId, orderId) });
    await db
      .update(products)
      .set({ hygieneSealed: true })
      .where(eq(products.id, item?.productId ?? 0));
    expect((await loadWithdrawalOrder(db, orderId, new Date())).lines[0]?.hygieneSealed).toBe(true);
  });

  it("refuses a cancelled order", async () => {
    const { orderId, email } = await paidOrder();
    await apply(orderId, "cancelled_by_staff");
    const input = { orderId, userId: null, name: "Anna", email, items: "whole" as const, now: new Date(), publicUrl };
    await expect(submitWithdrawal(db, input)).rejects.toThrow("annullato");
  });
});

describe("withdrawing from a reservation", () => {
  it("cancels it, puts the stock back exactly once and closes the request; a second submission finds it", async () => {
    const { orderId, variant, email } = await placeTestOrder(db, services, {
      delivery: "pickup_and_pay",
      quantity: 2,
      stock: 5,
    });
    expect(await stockOf(db, variant.variantId)).toBe(3);
    const input = { orderId, userId: null, name: "Anna", email, items: "whole" as const, now: new Date(), publicUrl };
    const first = await submitWithdrawal(db, input);
    const second = await submitWithdrawal(db, input);
    expect(second).toEqual({ requestId: first.requestId, created: false });

    const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(order?.status).toBe("cancelled");
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await requestsOf(orderId)).toEqual([expect.objectContaining({ state: "closed", wholeOrder: true })]);
    const changes = await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, orderId));
    expect(changes.filter((change) => change.event === "reservation_ended")).toHaveLength(1);
    const mails = (await acknowledgementsOf(email)).filter((mail) => mail.subject.includes(orderId.slice(0, 8)));
    expect(mails.filter((mail) => mail.subject.startsWith("Recesso ricevuto"))).toHaveLength(1);
    expect(mails.find((mail) => mail.subject.startsWith("Recesso"))?.textBody).toContain("La prenotazione è annullata");
  });
});

import { randomBytes, randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import {
  checkoutSessions,
  coupons,
  orderItems,
  orderStatusChanges,
  orders,
  outgoingEmails,
  payments,
  products,
  stockHolds,
} from "~/db/schema";
import { parseCartField } from "~/modules/cart/checkout-sessions.server";
import { formatEuro } from "~/modules/format/numbers";
import { applyOrderEvent } from "~/modules/orders/lifecycle.server";
import { expireOverduePayments } from "~/modules/orders/payment-sessions.server";
import type { OrderEvent } from "~/modules/orders/transitions";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import {
  createCheckoutSession,
  createTestVariant,
  deleteTestVariants,
  stockOf,
  testDraft,
  uniqueEmail,
} from "../../../tests/support/fixtures";
import { testClock, testPublicUrl, testServices } from "../../../tests/support/services";
import { completeCheckout } from "./complete-checkout.server";
import { type PlaceOrderInput, placeOrder, type SeenQuote } from "./place-order.server";
import type { CheckoutDraft } from "./values";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

const place = (checkoutSessionId: string, overrides: Partial<PlaceOrderInput> = {}) =>
  placeOrder(db, {
    checkoutSessionId,
    userId: null,
    draft: testDraft(),
    seen: null,
    provider: "sandbox",
    now: new Date(),
    publicUrl: testPublicUrl,
    placedFrom: null,
    ...overrides,
  });

/** What a showing of the payment step shows for these lines: placing with it checks nothing has changed since. */
const seenFor = (
  lines: { line: { id: number; size: string; color: string; quantity: number }; price: number }[],
  totalCents: number | null,
): SeenQuote => ({
  totalCents,
  lines: lines.map(({ line, price }) => [JSON.stringify([line.id, line.size, line.color]), price, line.quantity]),
  attempt: randomBytes(16).toString("base64url"),
});

describe("placing an order", () => {
  it("takes the stock and writes the order, its lines, holds, first status and open payment in one go", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 5 });
    const draft = testDraft();
    const session = await createCheckoutSession(db, [slip.line(2)], { draft });
    // 2 × 20,00 € = 40,00 €; first order −10% = 4,00 €; shipping 7,90 €.
    const placed = await place(session, { draft, seen: seenFor([{ line: slip.line(2), price: 2000 }], 4390) });
    expect(placed).toMatchObject({ ok: true, kind: "payment", amountCents: 4390, shippingCents: 790 });
    if (!placed.ok || placed.kind !== "payment") return;

    expect(await stockOf(db, slip.variantId)).toBe(3);
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({
      status: "pending_payment",
      paymentStatus: "pending",
      email: draft.email,
      subtotalCents: 4000,
      discountCents: 400,
      shippingCostCents: 790,
      totalCents: 4390,
      checkoutSessionId: session,
      discounts: [{ code: "first_order", label: "Sconto primo ordine (10%)", amountCents: 400 }],
      shippingAddress: expect.objectContaining({ name: "Anna Neri", province: "CN", postalCode: "12045" }),
    });
    expect(await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId))).toEqual([
      expect.objectContaining({ variantId: slip.variantId, quantity: 2, unitPriceCents: 2000, discountCents: 400 }),
    ]);
    expect(await db.select().from(stockHolds).where(eq(stockHolds.orderId, placed.orderId))).toEqual([
      expect.objectContaining({ variantId: slip.variantId, quantity: 2, releasedAt: null }),
    ]);
    expect(await db.select().from(orderStatusChanges).where(eq(orderStatusChanges.orderId, placed.orderId))).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "pending_payment", event: "placed", actor: "customer" }),
    ]);
    expect(await db.select().from(payments).where(eq(payments.orderId, placed.orderId))).toEqual([
      expect.objectContaining({ provider: "sandbox", state: "open", amountCents: 4390, sessionId: null }),
    ]);
    // The payment page shows the lines after their discount, adding up to the amount.
    expect(placed.lineItems).toEqual([
      expect.objectContaining({
        unitAmountCents: 1800,
        quantity: 2,
        description: "Taglia M · Colore Nero · sconto incluso",
      }),
    ]);
  });

  it("confirms a reservation at once: reserved, to be paid in the shop, e-mail queued, cart emptied", async () => {
    const slip = await createTestVariant(db, { priceCents: 1500, stock: 3 });
    const draft = testDraft({ deliveryMethod: "pickup_and_pay", address: "", city: "", postalCode: "", province: "" });
    const session = await createCheckoutSession(db, [slip.line(1)], { draft });
    const seen = seenFor([{ line: slip.line(1), price: 1500 }], null);
    const placed = await place(session, { draft, seen });
    expect(placed).toMatchObject({ ok: true, kind: "reservation" });
    if (!placed.ok) return;
    const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect(order).toMatchObject({ status: "reserved", paymentStatus: "to_be_paid_in_store", shippingCostCents: 0 });
    expect(await stockOf(db, slip.variantId)).toBe(2);
    const emails = await db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, draft.email));
    expect(emails.map((email) => email.subject)).toEqual([expect.stringMatching(/^Prenotazione confermata #/)]);
    expect(await db.$count(payments, eq(payments.orderId, placed.orderId))).toBe(0);
    // The same button pressed again finds that reservation; another page finds nothing left to order.
    expect(await place(session, { draft, seen })).toEqual({
      ok: false,
      reason: "placed_already",
      orderId: placed.orderId,
    });
    expect(await place(session, { draft, seen: { ...seen, attempt: "x".repeat(22) } })).toEqual({
      ok: false,
      reason: "empty_cart",
    });
  });

  it("names a line whose price changed since the shopper saw it, and writes nothing", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 5, name: "Slip Elena" });
    const session = await createCheckoutSession(db, [slip.line(1)]);
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], 2590);
    await db.update(products).set({ priceCents: 2400 }).where(eq(products.id, slip.productId));

    const placed = await place(session, { seen });
    expect(placed).toMatchObject({
      ok: false,
      reason: "changed",
      messages: [
        `Il prezzo di «Slip Elena» (taglia M, colore Nero) è cambiato: ora costa ${formatEuro(2400)} invece di ${formatEuro(2000)}.`,
      ],
    });
    expect(await stockOf(db, slip.variantId)).toBe(5);
    expect(await db.$count(orders, eq(orders.checkoutSessionId, session))).toBe(0);
  });

  it("never lets a tampered cart change what is charged", async () => {
    // Quantities, ids and numbers that are not a cart are refused before anything is priced.
    const line = { id: 1, size: "M", color: "Nero", quantity: 1 };
    for (const tampered of [
      [{ ...line, quantity: -2 }],
      [{ ...line, quantity: 0 }],
      [{ ...line, quantity: 1.5 }],
      [{ ...line, quantity: 1e9 }],
      [{ ...line, id: -1 }],
      [{ ...line, id: "1 OR 1=1" }],
      Array.from({ length: 101 }, (_, index) => ({ ...line, id: index + 1 })),
      "non è un carrello",
    ]) {
      expect(parseCartField(JSON.stringify(tampered))).toBeNull();
    }
    expect(parseCartField("{")).toBeNull();
    // The same line twice adds up, as adding to the cart does.
    expect(parseCartField(JSON.stringify([line, { ...line, quantity: 2 }]))).toEqual([{ ...line, quantity: 3 }]);

    // A price sent along with a line is never read: the database's price is charged.
    const slip = await createTestVariant(db, { priceCents: 3000, stock: 5 });
    const cart = parseCartField(JSON.stringify([{ ...slip.line(1), price: 1, unitPriceCents: 1 }])) ?? [];
    const session = await createCheckoutSession(db, cart);
    const placed = await place(session, { seen: seenFor([{ line: slip.line(1), price: 3000 }], null) });
    expect(placed).toMatchObject({ ok: true, amountCents: 3000 - 300 + 790 });

    // An unknown product, and more than the stock, are named and nothing is placed.
    const short = await createTestVariant(db, { priceCents: 1000, stock: 2, name: "Calze Ada" });
    const unknown = { id: 2_000_000_000, size: "M", color: "Nero", quantity: 1 };
    const session2 = await createCheckoutSession(db, [short.line(3), unknown]);
    const refused = await place(session2, {
      seen: seenFor(
        [
          { line: short.line(3), price: 1000 },
          { line: unknown, price: 0 },
        ],
        null,
      ),
    });
    expect(refused).toMatchObject({
      ok: false,
      reason: "changed",
      messages: [
        "«Calze Ada» (taglia M, colore Nero): sono rimasti solo 2 pezzi.",
        "«Articolo non più disponibile» (taglia M, colore Nero): Questo articolo non è più disponibile. Rimuovilo dal carrello.",
      ],
    });
    expect(await stockOf(db, short.variantId)).toBe(2);
  });

  it("keeps the minimum quantity of a pack on the server", async () => {
    const pack = await createTestVariant(db, {
      priceCents: 990,
      stock: 20,
      minQuantity: 3,
      name: "Calze in confezione",
    });
    const session = await createCheckoutSession(db, [pack.line(2)]);
    const placed = await place(session, { seen: seenFor([{ line: pack.line(2), price: 990 }], null) });
    expect(placed).toMatchObject({
      ok: false,
      messages: ["«Calze in confezione» (taglia M, colore Nero): Questo articolo si vende a partire da 3 pezzi."],
    });
    expect(await stockOf(db, pack.variantId)).toBe(20);
  });

  it("lets a second click wait for the first one's order instead of placing another", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 5 });
    const session = await createCheckoutSession(db, [slip.line(1)]);
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const [first, second] = await Promise.all([place(session, { seen }), place(session, { seen })]);
    const placedOne = [first, second].filter((result) => result.ok);
    expect(placedOne).toHaveLength(1);
    const orderId = (placedOne[0] as { orderId: string }).orderId;
    expect([first, second]).toContainEqual({ ok: false, reason: "placed_already", orderId });
    expect(await stockOf(db, slip.variantId)).toBe(4);
  });
});

describe("the first-order discount", () => {
  const firstOrderDiscount = (discounts: { code: string }[]) => discounts.some((d) => d.code === "first_order");

  it("goes to one reservation of an e-mail: the next reservation or order is not its first", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 10 });
    const email = uniqueEmail("prenota");
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const reserve = async (address: string) => {
      const draft = testDraft({ email: address, deliveryMethod: "pickup_and_pay" });
      const session = await createCheckoutSession(db, [slip.line(1)], { draft });
      const placed = await place(session, { draft, seen });
      if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
      const [order] = await db.select().from(orders).where(eq(orders.id, placed.orderId));
      return order?.discounts ?? [];
    };
    expect(firstOrderDiscount(await reserve(email))).toBe(true);
    expect(firstOrderDiscount(await reserve(email))).toBe(false);
    expect(firstOrderDiscount(await reserve(email.toUpperCase()))).toBe(false);
  });

  it("goes to one of four first orders of one e-mail placed at the same moment", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 10 });
    const email = uniqueEmail("insieme");
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const spellings = [email, email.toUpperCase(), ` ${email}`, email.replace(/^./, (c) => c.toUpperCase())];
    const attempts = await Promise.all(
      spellings.map(async (address) => {
        const draft = testDraft({ email: address });
        return { draft, session: await createCheckoutSession(db, [slip.line(1)], { draft }) };
      }),
    );
    const results = await Promise.all(attempts.map(({ draft, session }) => place(session, { draft, seen })));
    expect(results.every((result) => result.ok)).toBe(true);
    const placed = await db
      .select({ discounts: orders.discounts })
      .from(orders)
      .where(
        inArray(
          orders.checkoutSessionId,
          attempts.map(({ session }) => session),
        ),
      );
    expect(placed).toHaveLength(4);
    expect(placed.filter((order) => firstOrderDiscount(order.discounts))).toHaveLength(1);
  });
});

describe("a discount code's uses", () => {
  /** A new code of 20% with `maxUses` uses, none taken yet. */
  async function newCoupon(maxUses: number | null) {
    const code = `USO${randomUUID().slice(0, 8).toUpperCase()}`;
    await db.insert(coupons).values({ code, percentOff: 20, maxUses });
    return code;
  }
  const usesOf = async (code: string) =>
    (await db.select({ used: coupons.usedCount }).from(coupons).where(eq(coupons.code, code)))[0]?.used;

  it("are taken when the order is placed: of five orders racing for a 1-use code one carries it, the others are told", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 10 });
    const code = await newCoupon(1);
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const sessions = await Promise.all(
      Array.from({ length: 5 }, () => createCheckoutSession(db, [slip.line(1)], { couponCode: code })),
    );
    const results = await Promise.all(sessions.map((session) => place(session, { seen })));

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({
        ok: false,
        reason: "changed",
        messages: [`Il codice sconto «${code}» ha raggiunto il numero massimo di utilizzi.`],
      });
    }
    expect(await usesOf(code)).toBe(1);
    // The others lost nothing: no order, no stock taken, the cart and the code still in their session.
    expect(await db.$count(orders, inArray(orders.checkoutSessionId, sessions))).toBe(1);
    expect(await stockOf(db, slip.variantId)).toBe(9);
    const losers = sessions.filter((_, index) => !results[index]?.ok);
    const kept = await db.select().from(checkoutSessions).where(inArray(checkoutSessions.id, losers));
    expect(kept.filter((session) => session.cart.length === 1 && session.couponCode === code)).toHaveLength(4);

    // One after the other, the same: the next shopper is told instead of being charged without it.
    const late = await createCheckoutSession(db, [slip.line(1)], { couponCode: code });
    expect(await place(late, { seen })).toMatchObject({
      ok: false,
      messages: [`Il codice sconto «${code}» ha raggiunto il numero massimo di utilizzi.`],
    });
  });

  it("go back once when an unpaid order fails, lapses or is cancelled; a paid order keeps its use", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 20 });
    const code = await newCoupon(10);
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const placeWithCode = async (deliveryMethod: CheckoutDraft["deliveryMethod"] = "shipping") => {
      const draft = testDraft({ deliveryMethod });
      const session = await createCheckoutSession(db, [slip.line(1)], { draft, couponCode: code });
      const placed = await place(session, { draft, seen });
      if (!placed.ok) throw new Error(`not placed: ${placed.reason}`);
      return placed.orderId;
    };
    const apply = (orderId: string, event: OrderEvent) =>
      db.transaction((tx) => applyOrderEvent(tx, orderId, event, "system"));

    const lapsed = await placeWithCode();
    expect(await usesOf(code)).toBe(1);
    expect(await apply(lapsed, "payment_expired")).not.toBeNull();
    expect(await usesOf(code)).toBe(0);
    // Whatever else is said of that order afterwards, the use went back once.
    expect(await apply(lapsed, "payment_failed")).toBeNull();
    expect(await apply(lapsed, "cancelled_by_staff")).toBeNull();
    expect(await usesOf(code)).toBe(0);

    const failed = await placeWithCode();
    const reservation = await placeWithCode("pickup_and_pay");
    const cancelled = await placeWithCode();
    expect(await usesOf(code)).toBe(3);
    await apply(failed, "payment_failed");
    await apply(reservation, "reservation_ended");
    await apply(cancelled, "cancelled_by_staff");
    expect(await usesOf(code)).toBe(0);

    const paid = await placeWithCode();
    await apply(paid, "payment_succeeded");
    await apply(paid, "cancelled_by_staff");
    expect(await usesOf(code)).toBe(1);
  });
});

describe("the pieces held without paying", () => {
  // The shop's defaults: 10 pieces per line, 30 per order, 40 held per customer, 120 per network.
  const customerMessage =
    "Hai già altri ordini da pagare o prenotazioni da ritirare: con questo supereresti i 40 pezzi che possiamo tenere da parte per te. Completa prima quelli, oppure scrivici per un ordine più grande.";
  const networkMessage =
    "Da questa connessione ci sono già molti articoli messi da parte in ordini non pagati. Riprova più tardi, oppure scrivici.";

  /** Ten pieces of a new variant (two lines of five, the limit per line is ten), placed as `draft` from `placedFrom`. */
  async function tenPieces({
    draft = testDraft(),
    session,
    placedFrom = null,
  }: {
    draft?: CheckoutDraft;
    session?: string;
    placedFrom?: string | null;
  } = {}) {
    const a = await createTestVariant(db, { priceCents: 1000, stock: 50 });
    const b = await createTestVariant(db, { priceCents: 1000, stock: 50 });
    const cart = [a.line(5), b.line(5)];
    const seen = seenFor(
      cart.map((line) => ({ line, price: 1000 })),
      null,
    );
    const checkoutSessionId = session ?? (await createCheckoutSession(db, cart, { draft }));
    if (session) await db.update(checkoutSessions).set({ cart }).where(eq(checkoutSessions.id, session));
    return {
      result: await place(checkoutSessionId, { draft, seen, placedFrom }),
      stock: () => stockOf(db, a.variantId),
    };
  }

  it("refuses a line above the limit per line and an order above the limit per order", async () => {
    const slip = await createTestVariant(db, { priceCents: 1000, stock: 50, name: "Calza Lia" });
    const tooMany = await createCheckoutSession(db, [slip.line(11)]);
    expect(await place(tooMany, { seen: seenFor([{ line: slip.line(11), price: 1000 }], null) })).toMatchObject({
      ok: false,
      messages: ["«Calza Lia» (taglia M, colore Nero): al massimo 10 pezzi per articolo in un ordine."],
    });
    const lines = await Promise.all(Array.from({ length: 4 }, () => createTestVariant(db, { priceCents: 1000 })));
    const cart = lines.map((variant) => variant.line(8));
    const large = await createCheckoutSession(db, cart);
    const seen = seenFor(
      cart.map((line) => ({ line, price: 1000 })),
      null,
    );
    expect(await place(large, { seen })).toMatchObject({
      ok: false,
      messages: [
        "Un ordine può contenere al massimo 30 pezzi, e nel carrello ce ne sono 32: togline qualcuno per procedere. Per un ordine più grande scrivici.",
      ],
    });
    expect(await stockOf(db, slip.variantId)).toBe(50);
  });

  it("per e-mail address: reservations and orders awaiting payment count, paid orders do not", async () => {
    const email = uniqueEmail("scorta");
    const spellings = [email, email.toUpperCase(), email, email];
    const placed = [];
    for (const [index, address] of spellings.entries()) {
      const draft = testDraft({ email: address, deliveryMethod: index % 2 ? "pickup_and_pay" : "shipping" });
      placed.push((await tenPieces({ draft })).result);
    }
    expect(placed.every((result) => result.ok)).toBe(true);

    const refused = await tenPieces({ draft: testDraft({ email }) });
    expect(refused.result).toEqual(expect.objectContaining({ ok: false, messages: [customerMessage] }));
    expect(await refused.stock()).toBe(50);

    // Once one of them is paid, its pieces are sold, not held.
    const paid = placed[0] as { orderId: string };
    await db.transaction((tx) => applyOrderEvent(tx, paid.orderId, "payment_succeeded", "system"));
    expect((await tenPieces({ draft: testDraft({ email }) })).result).toMatchObject({ ok: true });
  });

  it("per checkout session, whatever e-mail each reservation gives", async () => {
    const session = await createCheckoutSession(db, []);
    const reserve = () =>
      tenPieces({ session, draft: testDraft({ deliveryMethod: "pickup_and_pay", email: uniqueEmail("sessione") }) });
    for (let count = 0; count < 4; count++) expect((await reserve()).result).toMatchObject({ ok: true });
    expect((await reserve()).result).toMatchObject({ ok: false, messages: [customerMessage] });
  });

  it("per network: of fourteen orders of ten pieces at once from one network, twelve are placed", async () => {
    const placedFrom = `rete-${randomUUID()}`;
    const results = await Promise.all(
      Array.from({ length: 14 }, () => tenPieces({ placedFrom }).then(({ result }) => result)),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(12);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, messages: [networkMessage] });
    }
    // The network is remembered while the order is unpaid, and forgotten once it is paid or ends.
    const [held] = results.filter((result) => result.ok) as { orderId: string }[];
    const placedFromOf = async (orderId: string) =>
      (await db.select({ placedFrom: orders.placedFrom }).from(orders).where(eq(orders.id, orderId)))[0]?.placedFrom;
    expect(await placedFromOf(held?.orderId ?? "")).toBe(placedFrom);
    await db.transaction((tx) => applyOrderEvent(tx, held?.orderId ?? "", "payment_expired", "system"));
    expect(await placedFromOf(held?.orderId ?? "")).toBeNull();
    expect((await tenPieces({ placedFrom })).result).toMatchObject({ ok: true });
  });
});

describe("an unpaid online order", () => {
  it("holds its pieces for 20 minutes; then the shop ends its payment page, open at the provider for 30 or more", async () => {
    const clock = testClock();
    const services = testServices(db, clock);
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 3 });
    const draft = testDraft();
    const session = await createCheckoutSession(db, [slip.line(1)], { draft });
    const seen = seenFor([{ line: slip.line(1), price: 2000 }], null);
    const outcome = await completeCheckout(services, {
      checkoutSessionId: session,
      userId: null,
      draft,
      seen,
      placedFrom: null,
    });
    if (outcome.kind !== "pay") throw new Error(`Expected the payment page, got ${outcome.kind}`);
    const sessionId = outcome.url.split("/").at(-1) as string;
    const [payment] = await db.select().from(payments).where(eq(payments.sessionId, sessionId));
    expect(payment?.expiresAt).toEqual(new Date(clock.now().getTime() + 20 * 60_000));
    const atProvider = await (services.payments as SandboxProvider).findSession(sessionId);
    expect(atProvider?.expiresAt.getTime()).toBeGreaterThanOrEqual(clock.now().getTime() + 30 * 60_000);

    const expire = () => expireOverduePayments(db, services.payments, clock.now(), testPublicUrl);
    clock.advance(19 * 60_000);
    await expire();
    expect(await stockOf(db, slip.variantId)).toBe(2);
    clock.advance(2 * 60_000);
    await expire();
    expect(await stockOf(db, slip.variantId)).toBe(3);
    const [order] = await db
      .select({ status: orders.status })
      .from(orders)
      .where(eq(orders.id, payment?.orderId ?? ""));
    expect(order?.status).toBe("cancelled");
    expect((await services.payments.retrieveSession(sessionId)).status).toBe("expired");
  });
});

describe("the last pieces, under concurrency", () => {
  it("200 shoppers for the last 5 pieces: exactly 5 orders, stock never below zero, the others told", async () => {
    const scarce = await createTestVariant(db, { priceCents: 2500, stock: 5, name: "Body Giada" });
    const sessions = await Promise.all(Array.from({ length: 200 }, () => createCheckoutSession(db, [scarce.line(1)])));
    const seen = seenFor([{ line: scarce.line(1), price: 2500 }], null);
    const results = await Promise.all(sessions.map((session) => place(session, { seen })));

    const placed = results.filter((result) => result.ok);
    expect(placed).toHaveLength(5);
    expect(await stockOf(db, scarce.variantId)).toBe(0);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, reason: "changed" });
      expect((refused as { messages: string[] }).messages[0]).toMatch(/«Body Giada».*(esaurito|restano solo)/);
    }
    const orderIds = placed.map((result) => (result as { orderId: string }).orderId);
    expect(await db.$count(stockHolds, inArray(stockHolds.orderId, orderIds))).toBe(5);
  });

  it("mixed carts sharing variants, in any order: no deadlock, no oversell", async () => {
    const a = await createTestVariant(db, { priceCents: 1000, stock: 30 });
    const b = await createTestVariant(db, { priceCents: 1200, stock: 30 });
    const c = await createTestVariant(db, { priceCents: 1400, stock: 30 });
    const carts = Array.from({ length: 60 }, (_, index) => {
      const orders = [
        [a.line(1), b.line(1)],
        [b.line(1), a.line(1)],
        [c.line(2), a.line(1), b.line(1)],
        [b.line(1), c.line(1)],
      ];
      return orders[index % orders.length] ?? [];
    });
    const sessions = await Promise.all(carts.map((cart) => createCheckoutSession(db, cart)));
    const price = (line: { id: number }) => (line.id === a.productId ? 1000 : line.id === b.productId ? 1200 : 1400);
    // Any deadlock would reject here.
    const placed = await Promise.all(
      sessions.map((session, index) => {
        const cart = carts[index] ?? [];
        return place(session, {
          seen: seenFor(
            cart.map((line) => ({ line, price: price(line) })),
            null,
          ),
        });
      }),
    );
    const taken = { a: 0, b: 0, c: 0 };
    placed.forEach((result, index) => {
      if (!result.ok) return;
      for (const line of carts[index] ?? []) {
        if (line.id === a.productId) taken.a += line.quantity;
        if (line.id === b.productId) taken.b += line.quantity;
        if (line.id === c.productId) taken.c += line.quantity;
      }
    });
    expect(await stockOf(db, a.variantId)).toBe(30 - taken.a);
    expect(await stockOf(db, b.variantId)).toBe(30 - taken.b);
    expect(await stockOf(db, c.variantId)).toBe(30 - taken.c);
    for (const stock of [
      await stockOf(db, a.variantId),
      await stockOf(db, b.variantId),
      await stockOf(db, c.variantId),
    ]) {
      expect(stock).toBeGreaterThanOrEqual(0);
    }
    // b is in every cart, one piece each: at most 30 orders, and the rest were told why.
    expect(placed.filter((result) => result.ok).length).toBe(taken.b);
    expect(taken.b).toBeLessThanOrEqual(30);
    for (const refused of placed.filter((result) => !result.ok)) expect(refused).toMatchObject({ reason: "changed" });
  });
});

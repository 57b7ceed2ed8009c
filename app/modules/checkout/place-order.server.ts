import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, notInArray, sql } from "drizzle-orm";
import type { Database, Queryable, Transaction } from "~/db/client.server";
import {
  checkoutSessions,
  orderItems,
  orderStatusChanges,
  orders,
  payments,
  productVariants,
  stockHolds,
} from "~/db/schema";
import { cartKey } from "~/modules/cart/cart-lines";
import { clearCheckoutSession } from "~/modules/cart/checkout-sessions.server";
import { pricedDiscounts } from "~/modules/cart/pricing";
import { imageUrl } from "~/modules/files/responsive-images";
import { formatEuro } from "~/modules/format/numbers";
import { normalizeEmail } from "~/modules/mail/address";
import { queueOrderConfirmation } from "~/modules/orders/confirmation.server";
import type { PaymentLineItem } from "~/modules/payments/provider";
import type { PaymentProviderName } from "~/modules/payments/values";
import { takeCouponUse } from "~/modules/settings/coupon-uses.server";
import { readSettings } from "~/modules/settings/settings.server";
import { PAYMENT_HOLD_MINUTES, PAYMENT_SESSION_MINUTES } from "~/modules/shop/constants";
import { couponUsedUp } from "./discounts.server";
import { heldStockProblem } from "./held-stock.server";
import { type CheckoutLine, type CheckoutQuote, describeLine, quoteCheckout } from "./quote.server";
import type { CheckoutDraft } from "./values";

// Placing an order (the 'Completa Ordine e Paga' and 'Conferma Prenotazione' buttons): in one
// transaction the server prices the session's cart again, checks it against what the shopper saw,
// takes the stock and writes the order. Nothing is charged and nothing is written unless all of it
// holds. Stock is taken by a conditional update under row locks taken in variant id order, so
// concurrent orders for the last pieces never oversell and never deadlock.

/**
 * What the shopper saw before pressing the button: each line's unit price and quantity and, on the
 * payment step, the total (null on the first step, which shows no final total: a reservation); and
 * which showing of the page it was, a random id: every press of one showing's button places one
 * order between them (a double click, a resent form, a tab restored).
 */
export type SeenQuote = {
  totalCents: number | null;
  lines: [key: string, unitPriceCents: number, quantity: number][];
  attempt: string;
};

const attemptPattern = /^[A-Za-z0-9_-]{22}$/;

export function seenQuoteOf(quote: CheckoutQuote, withTotal: boolean): SeenQuote {
  return {
    totalCents: withTotal ? quote.pricing.totalCents : null,
    lines: quote.lines.map((line) => [cartKey(line), line.unitPriceCents ?? 0, line.quantity]),
    attempt: randomBytes(16).toString("base64url"),
  };
}

export function parseSeenQuote(value: FormDataEntryValue | null): SeenQuote | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = JSON.parse(value) as SeenQuote;
    const wellFormed =
      (parsed.totalCents === null || Number.isInteger(parsed.totalCents)) &&
      typeof parsed.attempt === "string" &&
      attemptPattern.test(parsed.attempt) &&
      Array.isArray(parsed.lines) &&
      parsed.lines.every(
        (line) =>
          Array.isArray(line) && typeof line[0] === "string" && Number.isInteger(line[1]) && Number.isInteger(line[2]),
      );
    return wellFormed ? parsed : null;
  } catch {
    return null;
  }
}

/** Why the order cannot be placed as the shopper saw it, one sentence each; none when it can. */
export function changesSinceSeen(quote: CheckoutQuote, seen: SeenQuote | null): string[] {
  if (!seen) return ["Controlla il riepilogo aggiornato e conferma di nuovo."];
  const seenLines = new Map(seen.lines.map(([key, unitPriceCents, quantity]) => [key, { unitPriceCents, quantity }]));
  const changes: string[] = [];
  for (const line of quote.lines) {
    const before = seenLines.get(cartKey(line));
    if (before && line.unitPriceCents !== null && before.unitPriceCents !== line.unitPriceCents) {
      changes.push(
        `Il prezzo di ${describeLine(line)} è cambiato: ora costa ${formatEuro(line.unitPriceCents)} invece di ${formatEuro(before.unitPriceCents)}.`,
      );
    }
  }
  const sameLines =
    seen.lines.length === quote.lines.length &&
    quote.lines.every((line) => seenLines.get(cartKey(line))?.quantity === line.quantity);
  if (!sameLines) changes.push("Il carrello è cambiato: controlla il riepilogo aggiornato.");
  if (changes.length === 0 && seen.totalCents !== null && seen.totalCents !== quote.pricing.totalCents) {
    changes.push(
      `L'importo dell'ordine è cambiato: ora è ${formatEuro(quote.pricing.totalCents)}. Controlla il riepilogo aggiornato.`,
    );
  }
  return changes;
}

export type PlacedOrder =
  | { ok: true; kind: "reservation"; orderId: string }
  | {
      ok: true;
      kind: "payment";
      orderId: string;
      paymentId: number;
      amountCents: number;
      shippingCents: number;
      lineItems: PaymentLineItem[];
      /** When the provider's payment session lapses by itself; the shop ends it earlier, when the hold does. */
      sessionExpiresAt: Date;
    }
  | { ok: false; reason: "empty_cart" }
  /**
   * The order is there already: this showing of the page placed it on an earlier press, or another
   * request of this checkout is placing one right now.
   */
  | { ok: false; reason: "placed_already"; orderId: string }
  /** The order cannot be placed as the shopper saw it, one sentence per reason; `quote` is how the cart stands now. */
  | { ok: false; reason: "changed"; messages: string[]; quote: CheckoutQuote };

class NotPlaced extends Error {
  constructor(readonly result: Extract<PlacedOrder, { ok: false }>) {
    super(result.reason);
  }
}

export type PlaceOrderInput = {
  checkoutSessionId: string;
  userId: string | null;
  draft: CheckoutDraft;
  seen: SeenQuote | null;
  /** Who takes the money online; unused for reservations. */
  provider: PaymentProviderName;
  /** The keyed hash of the shopper's network (security/client-network.server.ts), for the cap per network. */
  placedFrom: string | null;
  now: Date;
  publicUrl: string;
};

export async function placeOrder(db: Database, input: PlaceOrderInput): Promise<PlacedOrder> {
  try {
    return await db.transaction((tx) => placeInTransaction(tx, input));
  } catch (error) {
    if (error instanceof NotPlaced) return error.result;
    throw error;
  }
}

async function placeInTransaction(tx: Transaction, input: PlaceOrderInput): Promise<PlacedOrder> {
  const { draft, now } = input;
  // One placement at a time per session: a second click waits here, then finds the first one's order.
  const [session] = await tx
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, input.checkoutSessionId))
    .for("update");
  if (!session) return { ok: false, reason: "empty_cart" };
  const earlier = input.seen ? await orderOfAttempt(tx, session.id, input.seen.attempt) : null;
  if (earlier) return { ok: false, reason: "placed_already", orderId: earlier.id };
  if (session.cart.length === 0) return { ok: false, reason: "empty_cart" };
  const [pending] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.checkoutSessionId, session.id), eq(orders.status, "pending_payment")));
  if (pending) return { ok: false, reason: "placed_already", orderId: pending.id };

  await waitForOtherPlacements(tx, { email: draft.email, userId: input.userId, placedFrom: input.placedFrom });
  const quote = await quoteCheckout(tx, {
    cart: session.cart,
    delivery: draft.deliveryMethod,
    email: draft.email,
    userId: input.userId,
    couponCode: session.couponCode,
    now,
    checkoutSessionId: session.id,
  });
  // Lines that cannot be bought come first: the shopper must deal with those anyway. A code the
  // shopper entered that cannot be used (its last use went meanwhile) is named rather than dropped
  // without a word, unless they saw the total without it.
  const changes = changesSinceSeen(quote, input.seen);
  const codeProblem =
    quote.couponProblem && (changes.length > 0 || input.seen?.totalCents == null) ? [quote.couponProblem] : [];
  const problems = quote.problems.length > 0 ? quote.problems : [...codeProblem, ...changes];
  if (problems.length > 0) return { ok: false, reason: "changed", messages: problems, quote };
  const { orderLimits } = await readSettings(tx);
  const holder = { email: draft.email, checkoutSessionId: session.id, placedFrom: input.placedFrom };
  const overCap = await heldStockProblem(tx, holder, quote.pricing.count, orderLimits.maxUnitsHeld);
  if (overCap) return { ok: false, reason: "changed", messages: [overCap], quote };

  const reservation = draft.deliveryMethod === "pickup_and_pay";
  const { pricing } = quote;
  const couponCode = pricing.orderDiscount?.code === "coupon" ? session.couponCode : null;
  const [order] = await tx
    .insert(orders)
    .values({
      userId: input.userId,
      email: normalizeEmail(draft.email),
      status: reservation ? "reserved" : "pending_payment",
      paymentStatus: reservation ? "to_be_paid_in_store" : "pending",
      deliveryMethod: draft.deliveryMethod,
      shippingAddress: {
        name: draft.name,
        address: draft.address,
        city: draft.city,
        postalCode: draft.postalCode,
        province: draft.province,
        country: draft.country,
        phone: draft.phone,
        email: draft.email,
      },
      subtotalCents: pricing.subtotalCents,
      discounts: pricedDiscounts(pricing),
      discountCents: pricing.promoDiscountCents + (pricing.orderDiscount?.amountCents ?? 0),
      shippingCostCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
      couponCode,
      checkoutSessionId: session.id,
      checkoutAttempt: input.seen?.attempt,
      placedFrom: input.placedFrom,
    })
    .returning({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus });
  if (!order) throw new Error("The order was not written");

  await tx.insert(orderItems).values(
    quote.lines.map((line) => ({
      orderId: order.id,
      productId: line.id,
      variantId: line.variantId,
      productName: line.name ?? "",
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents ?? 0,
      discountCents: line.promoDiscountCents + line.orderDiscountCents,
    })),
  );
  await tx.insert(orderStatusChanges).values({
    orderId: order.id,
    fromStatus: null,
    toStatus: order.status,
    paymentStatus: order.paymentStatus,
    event: "placed",
    actor: input.userId ? `customer:${input.userId}` : "customer",
  });
  // The shop ends the payment when the hold does; the provider's session may stay open longer.
  const holdUntil = new Date(now.getTime() + PAYMENT_HOLD_MINUTES * 60_000);
  const [payment] = reservation
    ? []
    : await tx
        .insert(payments)
        .values({ orderId: order.id, provider: input.provider, amountCents: pricing.totalCents, expiresAt: holdUntil })
        .returning({ id: payments.id });

  // The stock last, so the hot variants stay locked only for the update and the commit.
  const shortfalls = await takeStock(tx, quote.lines);
  if (shortfalls.length > 0) {
    // Rolls back the order written above and any stock already taken.
    throw new NotPlaced({ ok: false, reason: "changed", messages: shortfalls, quote });
  }
  await tx
    .insert(stockHolds)
    .values(
      quote.lines.map((line) => ({ orderId: order.id, variantId: line.variantId as number, quantity: line.quantity })),
    );

  // After the stock, as the lifecycle gives them back: the variants, then the code.
  if (couponCode && !(await takeCouponUse(tx, couponCode))) {
    throw new NotPlaced({ ok: false, reason: "changed", messages: [couponUsedUp(couponCode)], quote });
  }

  if (reservation) {
    await queueOrderConfirmation(tx, order.id, input.publicUrl);
    await clearCheckoutSession(tx, session.id);
    return { ok: true, kind: "reservation", orderId: order.id };
  }
  return {
    ok: true,
    kind: "payment",
    orderId: order.id,
    paymentId: (payment as { id: number }).id,
    amountCents: pricing.totalCents,
    shippingCents: pricing.shippingCents,
    lineItems: quote.lines.map((line) => paymentLineItem(line, input.publicUrl)),
    sessionExpiresAt: new Date(now.getTime() + PAYMENT_SESSION_MINUTES * 60_000),
  };
}

/**
 * The order a showing of the checkout page placed on an earlier press of its button, unless that
 * order ended without being paid (then pressing again is trying again).
 */
export async function orderOfAttempt(
  db: Queryable,
  checkoutSessionId: string,
  attempt: string,
): Promise<{ id: string } | null> {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.checkoutSessionId, checkoutSessionId),
        eq(orders.checkoutAttempt, attempt),
        notInArray(orders.status, ["cancelled", "payment_failed"]),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order ?? null;
}

/**
 * Makes this placement wait until any other placement for the same e-mail address, account or
 * network has committed, so what this one reads next already counts that one's order: whether it
 * is the address's first order, whether the birthday discount is spent, the pieces held unpaid.
 * Transaction-level advisory locks, taken in one fixed order (address, account, network), so two
 * placements never wait for each other in a circle.
 */
async function waitForOtherPlacements(
  tx: Transaction,
  who: { email: string; userId: string | null; placedFrom: string | null },
): Promise<void> {
  const keys = [
    `email:${normalizeEmail(who.email)}`,
    ...(who.userId ? [`user:${who.userId}`] : []),
    ...(who.placedFrom ? [`network:${who.placedFrom}`] : []),
  ];
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/**
 * Takes each line's quantity from its variant. The variants are locked in id order first (the order
 * every placement and every release uses), then one conditional update takes them all; a line whose
 * stock is short comes back as a sentence naming it, and the caller rolls everything back. The lock
 * is FOR NO KEY UPDATE, the one an UPDATE of the stock takes anyway: unlike FOR UPDATE it lets other
 * orders' lines and holds reference the variant meanwhile, so those inserts never wait on it.
 */
async function takeStock(tx: Transaction, lines: CheckoutLine[]): Promise<string[]> {
  const wanted = new Map<number, number>();
  for (const line of lines) {
    if (line.variantId !== null) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
  }
  const ids = [...wanted.keys()].sort((a, b) => a - b);
  const locked = await tx
    .select({ id: productVariants.id, stock: productVariants.stock })
    .from(productVariants)
    .where(inArray(productVariants.id, ids))
    .orderBy(productVariants.id)
    .for("no key update");
  const stockOf = new Map(locked.map((variant) => [variant.id, variant.stock]));
  const short = lines.filter((line) => line.variantId === null || (stockOf.get(line.variantId) ?? 0) < line.quantity);
  if (short.length > 0) {
    return short.map((line) => {
      const left = line.variantId === null ? 0 : (stockOf.get(line.variantId) ?? 0);
      return left === 0
        ? `${describeLine(line)} è appena andato esaurito.`
        : `${describeLine(line)}: ne restano solo ${left}, meno di quanti ne hai scelti (${line.quantity}).`;
    });
  }
  const values = sql.join(
    ids.map((id) => sql`(${id}::int, ${wanted.get(id)}::int)`),
    sql`, `,
  );
  const taken = await tx.execute(sql`
    UPDATE product_variants SET stock = product_variants.stock - wanted.quantity
    FROM (VALUES ${values}) AS wanted(id, quantity)
    WHERE product_variants.id = wanted.id AND product_variants.stock >= wanted.quantity
    RETURNING product_variants.id`);
  // The rows are locked, so this holds; the check constraint (stock >= 0) is the last safety net.
  if (taken.rows.length !== ids.length) throw new Error("Stock changed under a row lock");
  return [];
}

/**
 * A line as the payment page shows it, after its discounts: a unit price when the discounted line
 * total divides evenly, otherwise the whole line as one item named with its quantity.
 */
export function paymentLineItem(line: CheckoutLine, publicUrl: string): PaymentLineItem {
  const discount = line.promoDiscountCents + line.orderDiscountCents;
  const netCents = line.lineTotalCents - discount;
  const details = [`Taglia ${line.size}`, `Colore ${line.color}`, ...(discount > 0 ? ["sconto incluso"] : [])].join(
    " · ",
  );
  const image = line.image ? `${publicUrl}${imageUrl(line.image, 480)}` : null;
  const name = line.name ?? "";
  if (netCents % line.quantity === 0) {
    return {
      name,
      description: details,
      imageUrl: image,
      unitAmountCents: netCents / line.quantity,
      quantity: line.quantity,
    };
  }
  return {
    name: `${line.quantity} × ${name}`,
    description: details,
    imageUrl: image,
    unitAmountCents: netCents,
    quantity: 1,
  };
}

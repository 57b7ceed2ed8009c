import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { type Coupon, coupons, type OrderStatus, orders, userProfiles } from "~/db/schema";
import type { DiscountOffer } from "~/modules/cart/pricing";
import { romeDay } from "~/modules/dates/rome";
import { normalizeEmail } from "~/modules/mail/address";
import { normalizeCouponCode } from "~/modules/settings/coupons";
import type { DiscountSettings } from "~/modules/settings/settings";

// Who is entitled to which order-level discount (design decision 3). The pricing takes the largest.

/**
 * Orders that were placed and did not end unpaid: reserved, waiting for the payment, paid and on
 * their way, completed. Only a payment that failed or lapsed, or a cancellation, takes an order out.
 */
const placedOrderStatuses: OrderStatus[] = [
  "reserved",
  "pending_payment",
  "processing",
  "shipped",
  "gls_closed",
  "completed",
];

/**
 * The first order of an e-mail address: it has no other placed order (design decision 3). Inside
 * the placement's transaction it is read after `waitForOtherPlacements`, so it is one decision with
 * the order written.
 */
export async function isFirstOrder(db: Queryable, email: string, checkoutSessionId?: string): Promise<boolean> {
  const count = await db.$count(
    orders,
    and(
      eq(sql`lower(${orders.email})`, normalizeEmail(email)),
      inArray(orders.status, placedOrderStatuses),
      notReplacedBy(checkoutSessionId),
    ),
  );
  return count === 0;
}

/**
 * Leaves out the unpaid online order of the checkout asking: ordering again ends it first
 * (complete-checkout.server.ts), so the new order is priced as if it had not been placed.
 */
function notReplacedBy(checkoutSessionId: string | undefined) {
  return checkoutSessionId
    ? sql`(${orders.checkoutSessionId} IS DISTINCT FROM ${checkoutSessionId} OR ${orders.status} <> 'pending_payment')`
    : undefined;
}

/** Year and month ("2026", "11") of a moment, in the shop's time zone. */
function romeYearMonth(now: Date): { year: string; month: string } {
  const [year, month] = romeDay(now).split("-") as [string, string];
  return { year, month };
}

/**
 * The birthday discount: a signed-in customer with a date of birth, during the month of their
 * birthday, once a year (a placed order of this year that used it spends it).
 */
export async function hasBirthdayDiscount(
  db: Queryable,
  userId: string,
  now: Date,
  checkoutSessionId?: string,
): Promise<boolean> {
  const [profile] = await db
    .select({ dateOfBirth: userProfiles.dateOfBirth })
    .from(userProfiles)
    .where(eq(userProfiles.id, userId));
  const { year, month } = romeYearMonth(now);
  if (!profile?.dateOfBirth || profile.dateOfBirth.slice(5, 7) !== month) return false;
  const used = await db.$count(
    orders,
    and(
      eq(orders.userId, userId),
      inArray(orders.status, placedOrderStatuses),
      sql`${orders.discounts} @> '[{"code":"birthday"}]'::jsonb`,
      sql`to_char(${orders.createdAt} AT TIME ZONE 'Europe/Rome', 'YYYY') = ${year}`,
      notReplacedBy(checkoutSessionId),
    ),
  );
  return used === 0;
}

/** A code whose last use has gone, to another order. */
export const couponUsedUp = (code: string) => `Il codice sconto «${code}» ha raggiunto il numero massimo di utilizzi.`;

export type CouponCheck = { ok: true; coupon: Coupon } | { ok: false; message: string };

export async function checkCoupon(db: Queryable, rawCode: string, now: Date): Promise<CouponCheck> {
  const code = normalizeCouponCode(rawCode);
  const [coupon] = code ? await db.select().from(coupons).where(eq(coupons.code, code)) : [];
  if (!coupon?.active) return { ok: false, message: `Il codice sconto «${code}» non esiste.` };
  if (coupon.startsAt && coupon.startsAt > now) {
    return { ok: false, message: `Il codice sconto «${code}» non è ancora valido.` };
  }
  if (coupon.endsAt && coupon.endsAt <= now) return { ok: false, message: `Il codice sconto «${code}» è scaduto.` };
  if (coupon.maxUses !== null && coupon.usedCount >= coupon.maxUses) return { ok: false, message: couponUsedUp(code) };
  return { ok: true, coupon };
}

export function couponOffer(coupon: Pick<Coupon, "code" | "percentOff">): DiscountOffer {
  return { code: "coupon", label: `Codice sconto ${coupon.code} (${coupon.percentOff}%)`, percent: coupon.percentOff };
}

export type Offers = { offers: DiscountOffer[]; couponProblem: string | null };

/**
 * Every order-level discount this shopper may have now, among those staff keep on in 'Impostazioni';
 * an unusable code is named in `couponProblem`.
 */
export async function discountOffers(
  db: Queryable,
  {
    email,
    userId,
    couponCode,
    now,
    discounts,
    checkoutSessionId,
  }: {
    email: string;
    userId: string | null;
    couponCode: string | null;
    now: Date;
    discounts: DiscountSettings;
    checkoutSessionId?: string;
  },
): Promise<Offers> {
  // One query after the other: inside a transaction they share one connection.
  const firstOrder = discounts.firstOrderEnabled && email ? await isFirstOrder(db, email, checkoutSessionId) : false;
  const birthday =
    discounts.birthdayEnabled && userId ? await hasBirthdayDiscount(db, userId, now, checkoutSessionId) : false;
  const coupon = couponCode ? await checkCoupon(db, couponCode, now) : null;
  const offers: DiscountOffer[] = [];
  if (firstOrder) {
    const percent = discounts.firstOrderPercent;
    offers.push({ code: "first_order", label: `Sconto primo ordine (${percent}%)`, percent });
  }
  if (birthday) {
    const percent = discounts.birthdayPercent;
    offers.push({ code: "birthday", label: `Sconto compleanno (${percent}%)`, percent });
  }
  if (coupon?.ok) offers.push(couponOffer(coupon.coupon));
  return { offers, couponProblem: coupon && !coupon.ok ? coupon.message : null };
}

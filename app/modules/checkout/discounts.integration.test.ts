import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { coupons, userProfiles } from "~/db/schema";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { defaultSettings } from "~/modules/settings/settings.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { insertOrder, testPassword, uniqueEmail } from "../../../tests/support/fixtures";
import { checkCoupon, discountOffers, hasBirthdayDiscount, isFirstOrder } from "./discounts.server";

const db = connectTestDatabase();

// 15 November 2026, 12:00 in Rome.
const november = new Date("2026-11-15T11:00:00Z");

async function customerBornOn(dateOfBirth: string | null) {
  const email = uniqueEmail("compleanno");
  const id = await createConfirmedUser(db, { email, password: testPassword, name: "Anna Neri", role: "customer" });
  await db.update(userProfiles).set({ dateOfBirth }).where(eq(userProfiles.id, id));
  return { id, email };
}

describe("first order", () => {
  it("is an e-mail's first order: none reserved, awaiting payment, paid or completed, whatever the letter case", async () => {
    const email = uniqueEmail("primo");
    expect(await isFirstOrder(db, email)).toBe(true);
    // Orders that ended unpaid do not count.
    await insertOrder(db, null, { email, status: "cancelled", paymentStatus: "failed" });
    await insertOrder(db, null, { email, status: "payment_failed", paymentStatus: "failed" });
    expect(await isFirstOrder(db, email)).toBe(true);
    await insertOrder(db, null, { email, status: "processing", paymentStatus: "paid" });
    expect(await isFirstOrder(db, ` ${email.toUpperCase()} `)).toBe(false);

    // A reservation, or an order waiting for its payment, is an order placed: the next is not the first.
    const reserved = uniqueEmail("prenota");
    await insertOrder(db, null, { email: reserved, status: "reserved", paymentStatus: "to_be_paid_in_store" });
    expect(await isFirstOrder(db, reserved)).toBe(false);
    const unpaid = uniqueEmail("attesa");
    await insertOrder(db, null, {
      email: unpaid.toUpperCase(),
      status: "pending_payment",
      paymentStatus: "pending",
      checkoutSessionId: "checkout-a",
    });
    expect(await isFirstOrder(db, unpaid)).toBe(false);
    // Except for the checkout that placed it: ordering again ends it first.
    expect(await isFirstOrder(db, unpaid, "checkout-a")).toBe(true);
    expect(await isFirstOrder(db, unpaid, "checkout-b")).toBe(false);
  });
});

describe("birthday discount", () => {
  it("in the month of the birthday, for customers who gave their date of birth, once a year", async () => {
    const born = await customerBornOn("1990-11-28");
    expect(await hasBirthdayDiscount(db, born.id, november)).toBe(true);
    expect(await hasBirthdayDiscount(db, born.id, new Date("2026-12-01T10:00:00Z"))).toBe(false);
    expect(await hasBirthdayDiscount(db, (await customerBornOn(null)).id, november)).toBe(false);

    const used = [{ code: "birthday", label: "Sconto compleanno (10%)", amountCents: 500 }];
    await insertOrder(db, born.id, { email: born.email, discounts: used, createdAt: new Date("2025-11-20T10:00:00Z") });
    expect(await hasBirthdayDiscount(db, born.id, november)).toBe(true);
    await insertOrder(db, born.id, { email: born.email, discounts: used, createdAt: new Date("2026-11-02T10:00:00Z") });
    expect(await hasBirthdayDiscount(db, born.id, november)).toBe(false);
  });

  it("follows the shop's time zone: 31 October 23:30 UTC is already November in Rome", async () => {
    const born = await customerBornOn("1985-11-03");
    expect(await hasBirthdayDiscount(db, born.id, new Date("2026-10-31T23:30:00Z"))).toBe(true);
  });
});

describe("discount codes", () => {
  it("names why a code cannot be used", async () => {
    await db.insert(coupons).values([
      { code: "NOVITA10", percentOff: 10 },
      { code: "PRESTO", percentOff: 10, startsAt: new Date("2027-01-01T00:00:00Z") },
      { code: "ESTATE", percentOff: 10, endsAt: new Date("2026-09-01T00:00:00Z") },
      { code: "ESAURITO", percentOff: 10, maxUses: 2, usedCount: 2 },
      { code: "SPENTO", percentOff: 10, active: false },
    ]);
    expect(await checkCoupon(db, " novita10 ", november)).toMatchObject({ ok: true, coupon: { code: "NOVITA10" } });
    expect(await checkCoupon(db, "presto", november)).toEqual({
      ok: false,
      message: "Il codice sconto «PRESTO» non è ancora valido.",
    });
    expect(await checkCoupon(db, "ESTATE", november)).toEqual({
      ok: false,
      message: "Il codice sconto «ESTATE» è scaduto.",
    });
    expect(await checkCoupon(db, "ESAURITO", november)).toEqual({
      ok: false,
      message: "Il codice sconto «ESAURITO» ha raggiunto il numero massimo di utilizzi.",
    });
    expect(await checkCoupon(db, "SPENTO", november)).toEqual({
      ok: false,
      message: "Il codice sconto «SPENTO» non esiste.",
    });
    expect(await checkCoupon(db, "BOH", november)).toEqual({
      ok: false,
      message: "Il codice sconto «BOH» non esiste.",
    });
  });

  it("is offered beside the first-order and birthday discounts; the pricing then takes the largest", async () => {
    const born = await customerBornOn("1990-11-02");
    await db.insert(coupons).values({ code: "VENTI", percentOff: 20 });
    const offers = await discountOffers(db, {
      email: born.email,
      userId: born.id,
      couponCode: "venti",
      now: november,
      discounts: defaultSettings().discounts,
    });
    expect(offers).toEqual({
      offers: [
        { code: "first_order", label: "Sconto primo ordine (10%)", percent: 10 },
        { code: "birthday", label: "Sconto compleanno (10%)", percent: 10 },
        { code: "coupon", label: "Codice sconto VENTI (20%)", percent: 20 },
      ],
      couponProblem: null,
    });
  });
});

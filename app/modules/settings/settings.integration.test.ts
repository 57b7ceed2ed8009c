import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { coupons, settingChanges, shopSettings } from "~/db/schema";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { checkCoupon } from "~/modules/checkout/discounts.server";
import { quoteCheckout } from "~/modules/checkout/quote.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { createTestVariant, deleteTestVariants, testPassword, uniqueEmail } from "../../../tests/support/fixtures";
import { couponMessages } from "./coupons";
import { createCoupon, deactivateCoupon, listCoupons, updateCoupon } from "./coupons.server";
import { settingsMessages } from "./settings";
import { defaultSettings, forgetCachedSettings, readSettings, saveSettingsGroup } from "./settings.server";

const db = connectTestDatabase();
let admin = { id: "", email: "" };

const shippingForm = {
  feeEuro: "7,90",
  freeShippingEnabled: "on",
  freeShippingThresholdEuro: "100,00",
  returnCostEuro: "7,90",
  freeReturnEnabled: "on",
  freeReturnThresholdEuro: "100,00",
};
const discountsForm = {
  firstOrderEnabled: "on",
  firstOrderPercent: "10",
  birthdayEnabled: "on",
  birthdayPercent: "10",
  secondSwimsuitEnabled: "on",
};

async function storedRow(key: string) {
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.key, key));
  return row?.value;
}

async function changesOf(subject: string) {
  return db.select().from(settingChanges).where(eq(settingChanges.subject, subject)).orderBy(settingChanges.id);
}

async function resetSettings() {
  await db.delete(shopSettings);
  await db.delete(settingChanges);
  forgetCachedSettings();
}

beforeAll(async () => {
  const email = uniqueEmail("impostazioni");
  admin = {
    id: await createConfirmedUser(db, { email, password: testPassword, name: "Ada Admin", role: "admin" }),
    email,
  };
});
beforeEach(resetSettings);
afterAll(async () => {
  await resetSettings();
  await db.delete(coupons).where(like(coupons.code, "IMPOST%"));
  await deleteTestVariants(db);
});

describe("readSettings", () => {
  it("reads the defaults, today's shop, when nothing is stored", async () => {
    const settings = await readSettings(db);
    expect(settings).toEqual(defaultSettings());
    expect(settings.shipping).toEqual({
      feeCents: 790,
      freeShippingThresholdCents: 10_000,
      returnCostCents: 790,
      freeReturnThresholdCents: 10_000,
    });
    expect(settings.identity.name).toBe("Vetrina");
    expect(settings.tracking.urlTemplate).toContain("{tracking}");
  });

  it("reads a stored group that is no longer valid as its defaults", async () => {
    await db.insert(shopSettings).values({ key: "shipping", value: { feeCents: "tanti" } });
    await db.insert(shopSettings).values({ key: "promoBar", value: { enabled: false, text: "Saldi" } });
    const settings = await readSettings(db);
    expect(settings.shipping).toEqual(defaultSettings().shipping);
    expect(settings.promoBar).toEqual({ enabled: false, text: "Saldi" });
  });

  it("keeps them in memory for a moment, and forgets them when they are saved", async () => {
    expect((await readSettings(db)).promoBar.enabled).toBe(true);
    // Written behind the module's back: the copy in memory still answers.
    await db.insert(shopSettings).values({ key: "promoBar", value: { enabled: false, text: "Saldi" } });
    expect((await readSettings(db)).promoBar.enabled).toBe(true);
    await saveSettingsGroup(db, admin, "promoBar", { text: "Saldi d'inverno" });
    expect((await readSettings(db)).promoBar).toEqual({ enabled: false, text: "Saldi d'inverno" });
  });
});

describe("saveSettingsGroup", () => {
  it.each([
    {
      key: "identity" as const,
      input: {
        ...Object.fromEntries(Object.entries(defaultSettings().identity)),
        name: "Vetrina Fossano",
        province: "to",
      },
      stored: { ...defaultSettings().identity, name: "Vetrina Fossano", province: "TO" },
    },
    {
      key: "hours" as const,
      input: {
        monday: "",
        tuesday: "09:00-12:30",
        wednesday: "9:00-12:30, 15:00-19:00",
        thursday: "",
        friday: "",
        saturday: "10:00-18:00",
        sunday: "chiuso",
      },
      stored: {
        monday: [],
        tuesday: [{ opens: "09:00", closes: "12:30" }],
        wednesday: [
          { opens: "09:00", closes: "12:30" },
          { opens: "15:00", closes: "19:00" },
        ],
        thursday: [],
        friday: [],
        saturday: [{ opens: "10:00", closes: "18:00" }],
        sunday: [],
      },
    },
    {
      key: "promoBar" as const,
      input: { enabled: "on", text: "Saldi: -30% su tutto" },
      stored: { enabled: true, text: "Saldi: -30% su tutto" },
    },
    {
      key: "shipping" as const,
      input: { ...shippingForm, freeShippingEnabled: undefined, returnCostEuro: "5" },
      stored: {
        feeCents: 790,
        freeShippingThresholdCents: null,
        returnCostCents: 500,
        freeReturnThresholdCents: 10_000,
      },
    },
    {
      key: "discounts" as const,
      input: { ...discountsForm, birthdayEnabled: undefined, firstOrderPercent: "15" },
      stored: {
        firstOrderEnabled: true,
        firstOrderPercent: 15,
        birthdayEnabled: false,
        birthdayPercent: 10,
        secondSwimsuitEnabled: true,
      },
    },
    {
      key: "tracking" as const,
      input: { urlTemplate: "https://gls.example/traccia?n={tracking}" },
      stored: { urlTemplate: "https://gls.example/traccia?n={tracking}" },
    },
  ])("stores $key and logs old → new with who", async ({ key, input, stored }) => {
    const answer = await saveSettingsGroup(db, admin, key, input);
    expect(answer).toEqual({ ok: true, value: stored });
    expect(await storedRow(key)).toEqual(stored);
    expect((await readSettings(db))[key]).toEqual(stored);
    const [change, ...more] = await changesOf(key);
    expect(more).toEqual([]);
    expect(change).toMatchObject({
      oldValue: defaultSettings()[key],
      newValue: stored,
      userId: admin.id,
      userEmail: admin.email,
    });
  });

  it.each([
    {
      key: "identity" as const,
      input: { ...defaultSettings().identity, vatNumber: "123" },
      field: "vatNumber",
      message: settingsMessages.vatNumber,
    },
    { key: "hours" as const, input: { monday: "sempre" }, field: "monday", message: settingsMessages.hours },
    {
      key: "promoBar" as const,
      input: { enabled: "on", text: "" },
      field: "text",
      message: settingsMessages.promoText,
    },
    {
      key: "shipping" as const,
      input: { ...shippingForm, feeEuro: "7,999" },
      field: "feeEuro",
      message: settingsMessages.amount,
    },
    {
      key: "shipping" as const,
      input: { ...shippingForm, freeShippingThresholdEuro: "" },
      field: "freeShippingThresholdEuro",
      message: settingsMessages.threshold,
    },
    {
      key: "discounts" as const,
      input: { ...discountsForm, birthdayPercent: "200" },
      field: "birthdayPercent",
      message: settingsMessages.percent,
    },
    {
      key: "tracking" as const,
      input: { urlTemplate: "https://gls.example/" },
      field: "urlTemplate",
      message: settingsMessages.trackingUrl,
    },
  ])("refuses an invalid $key ($field) and writes nothing", async ({ key, input, field, message }) => {
    const answer = await saveSettingsGroup(db, admin, key, input);
    expect(answer.ok).toBe(false);
    expect(answer.ok ? {} : answer.fieldErrors[field]).toBe(message);
    expect(await storedRow(key)).toBeUndefined();
    expect(await changesOf(key)).toEqual([]);
  });

  it("logs nothing when the form changes nothing, and each later change from the value before", async () => {
    await saveSettingsGroup(db, admin, "shipping", shippingForm);
    expect(await changesOf("shipping")).toEqual([]);
    await saveSettingsGroup(db, admin, "shipping", { ...shippingForm, feeEuro: "6,90" });
    await saveSettingsGroup(db, admin, "shipping", { ...shippingForm, feeEuro: "5,90" });
    const changes = await changesOf("shipping");
    expect(
      changes.map((change) => [
        (change.oldValue as { feeCents: number }).feeCents,
        (change.newValue as { feeCents: number }).feeCents,
      ]),
    ).toEqual([
      [790, 690],
      [690, 590],
    ]);
  });
});

describe("the checkout follows the settings", () => {
  const quote = async (priceCents: number, subcategory: "slip" | "bikini" = "slip", quantity = 1) => {
    const variant = await createTestVariant(db, { priceCents, subcategory, stock: 50 });
    return quoteCheckout(db, {
      cart: [variant.line(quantity)],
      delivery: "shipping",
      email: uniqueEmail("primo-ordine"),
      userId: null,
      couponCode: null,
      now: new Date(),
    });
  };

  it("charges shipping above 100 € once free shipping is switched off", async () => {
    expect((await quote(12_000)).pricing.shippingCents).toBe(0);
    await saveSettingsGroup(db, admin, "shipping", {
      ...shippingForm,
      freeShippingEnabled: undefined,
      feeEuro: "8,50",
    });
    const after = await quote(12_000);
    expect(after.pricing.shippingCents).toBe(850);
    expect(after.pricing.totalCents).toBe(12_000 - 1200 + 850);
  });

  it("gives the first-order discount at the percentage set, and none when it is off", async () => {
    await saveSettingsGroup(db, admin, "discounts", { ...discountsForm, firstOrderPercent: "20" });
    expect((await quote(5000)).pricing.orderDiscount).toMatchObject({
      code: "first_order",
      label: "Sconto primo ordine (20%)",
      amountCents: 1000,
    });
    await saveSettingsGroup(db, admin, "discounts", { ...discountsForm, firstOrderEnabled: undefined });
    expect((await quote(5000)).pricing.orderDiscount).toBeNull();
  });

  it("caps the pieces per line and per order at the limits set", async () => {
    expect((await quote(1000, "slip", 12)).problems).toEqual([
      "«Slip di prova» (taglia M, colore Nero): al massimo 10 pezzi per articolo in un ordine.",
    ]);
    await saveSettingsGroup(db, admin, "orderLimits", {
      maxUnitsPerLine: "12",
      maxUnitsPerOrder: "12",
      maxUnitsHeld: "40",
    });
    expect((await quote(1000, "slip", 12)).problems).toEqual([]);
    await saveSettingsGroup(db, admin, "orderLimits", {
      maxUnitsPerLine: "3",
      maxUnitsPerOrder: "3",
      maxUnitsHeld: "40",
    });
    expect((await quote(1000, "slip", 4)).problems).toEqual([
      "«Slip di prova» (taglia M, colore Nero): al massimo 3 pezzi per articolo in un ordine.",
    ]);
  });

  it("gives no swimsuit promotion when it is off", async () => {
    expect((await quote(5000, "bikini", 2)).pricing.promoDiscountCents).toBe(1500);
    await saveSettingsGroup(db, admin, "discounts", { ...discountsForm, secondSwimsuitEnabled: undefined });
    expect((await quote(5000, "bikini", 2)).pricing.promoDiscountCents).toBe(0);
  });
});

describe("coupons", () => {
  const coupon = {
    code: "impost estate",
    percentOff: "15",
    active: "on",
    startsOn: "2026-06-01",
    endsOn: "2026-08-31",
    maxUses: "2",
  };

  it("creates a code valid from the first to the end of the last day in Rome, and logs it", async () => {
    const answer = await createCoupon(db, admin, coupon);
    expect(answer).toMatchObject({ ok: true, value: { code: "IMPOSTESTATE", percentOff: 15, usedCount: 0 } });
    const [row] = await db.select().from(coupons).where(eq(coupons.code, "IMPOSTESTATE"));
    // Summer time in Rome: UTC+2.
    expect(row?.startsAt?.toISOString()).toBe("2026-05-31T22:00:00.000Z");
    expect(row?.endsAt?.toISOString()).toBe("2026-08-31T22:00:00.000Z");
    expect((await checkCoupon(db, "impostestate", new Date("2026-08-31T21:59:00Z"))).ok).toBe(true);
    expect(await checkCoupon(db, "impostestate", new Date("2026-08-31T22:00:00Z"))).toMatchObject({ ok: false });
    expect(await changesOf("coupon:IMPOSTESTATE")).toMatchObject([
      {
        oldValue: null,
        newValue: { percentOff: 15, active: true, startsOn: "2026-06-01", endsOn: "2026-08-31", maxUses: 2 },
        userEmail: admin.email,
      },
    ]);
    expect((await listCoupons(db)).find((listed) => listed.code === "IMPOSTESTATE")).toMatchObject({
      startsOn: "2026-06-01",
      endsOn: "2026-08-31",
    });
  });

  it("refuses a code that exists, and invalid terms, writing nothing", async () => {
    await createCoupon(db, admin, { ...coupon, code: "IMPOSTDUE" });
    expect(await createCoupon(db, admin, { ...coupon, code: "impostdue" })).toEqual({
      ok: false,
      fieldErrors: { code: couponMessages.duplicate("IMPOSTDUE") },
    });
    expect(await createCoupon(db, admin, { ...coupon, code: "IMPOSTTRE", percentOff: "0", maxUses: "-1" })).toEqual({
      ok: false,
      fieldErrors: { percentOff: settingsMessages.percent, maxUses: couponMessages.maxUses },
    });
    // A number of uses, only too large: said so, not "un intero da 1 in su".
    expect(await createCoupon(db, admin, { ...coupon, code: "IMPOSTTRE", maxUses: "10000000" })).toEqual({
      ok: false,
      fieldErrors: {
        maxUses: "Il numero massimo di utilizzi è troppo alto: al massimo 9.999.999, o vuoto per nessun limite.",
      },
    });
    expect(await db.select().from(coupons).where(eq(coupons.code, "IMPOSTTRE"))).toEqual([]);
    expect(await changesOf("coupon:IMPOSTDUE")).toHaveLength(1);
    expect(await changesOf("coupon:IMPOSTTRE")).toEqual([]);
  });

  it("edits the terms and switches a code off, logging old → new; uses stay counted", async () => {
    await createCoupon(db, admin, { ...coupon, code: "IMPOSTQUATTRO", startsOn: "", endsOn: "" });
    await db.update(coupons).set({ usedCount: 2 }).where(eq(coupons.code, "IMPOSTQUATTRO"));
    expect((await checkCoupon(db, "IMPOSTQUATTRO", new Date())).ok).toBe(false);

    const edited = await updateCoupon(db, admin, "impostquattro", { percentOff: "20", active: "on", maxUses: "" });
    expect(edited).toMatchObject({ ok: true, value: { percentOff: 20, maxUses: null, usedCount: 2 } });
    expect((await checkCoupon(db, "IMPOSTQUATTRO", new Date())).ok).toBe(true);

    expect(
      await updateCoupon(db, admin, "IMPOSTQUATTRO", {
        percentOff: "20",
        startsOn: "2026-09-01",
        endsOn: "2026-08-01",
      }),
    ).toEqual({
      ok: false,
      fieldErrors: { endsOn: couponMessages.endBeforeStart },
    });

    expect(await deactivateCoupon(db, admin, "IMPOSTQUATTRO")).toMatchObject({ ok: true, value: { active: false } });
    expect(await checkCoupon(db, "IMPOSTQUATTRO", new Date())).toMatchObject({ ok: false });
    expect(await deactivateCoupon(db, admin, "IMPOSTNESSUNO")).toEqual({
      ok: false,
      fieldErrors: { code: couponMessages.notFound },
    });

    const changes = await changesOf("coupon:IMPOSTQUATTRO");
    expect(changes.map((change) => [change.oldValue, change.newValue])).toEqual([
      [null, { percentOff: 15, active: true, startsOn: null, endsOn: null, maxUses: 2 }],
      [
        { percentOff: 15, active: true, startsOn: null, endsOn: null, maxUses: 2 },
        { percentOff: 20, active: true, startsOn: null, endsOn: null, maxUses: null },
      ],
      [
        { percentOff: 20, active: true, startsOn: null, endsOn: null, maxUses: null },
        { percentOff: 20, active: false, startsOn: null, endsOn: null, maxUses: null },
      ],
    ]);
  });
});

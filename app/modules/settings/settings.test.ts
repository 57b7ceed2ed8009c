import { describe, expect, it } from "vitest";
import { parseEuroCents } from "~/modules/forms/euro-amount";
import { couponCreateForm, couponEditForm, couponMessages, normalizeCouponCode } from "./coupons";
import { formatDayHours, parseDayHours, settingsGroups, settingsMessages } from "./settings";

/** The message of each invalid field, as the page shows them. */
function errorsOf(
  schema: {
    safeParse: (input: unknown) => { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
  },
  input: unknown,
) {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) errors[String(issue.path[0] ?? "")] ??= issue.message;
  return errors;
}

const identity = {
  name: "Vetrina",
  legalName: "Vetrina S.n.c. di Anna Bruno & C.",
  vatNumber: "02987610041",
  street: "Via Roma 24",
  postalCode: "12045",
  town: "Fossano",
  province: "cn",
  phoneDisplay: "0172 634 218",
  phoneInternational: "+390172634218",
  email: "info@vetrinafossano.it",
  instagramUrl: "https://www.instagram.com/vetrinafossano",
  facebookUrl: "https://www.facebook.com/vetrinafossano",
  whatsappNumber: "393401265874",
  bookingUrl: "https://calendly.com/vetrinafossano/consulenza-taglia",
};

describe("identity form", () => {
  it("accepts the shop's details, the province in capitals", () => {
    expect(settingsGroups.identity.form.parse(identity)).toEqual({ ...identity, province: "CN" });
  });

  it("names every invalid field", () => {
    expect(
      errorsOf(settingsGroups.identity.form, {
        name: " ",
        legalName: "",
        vatNumber: "02987610042",
        street: "",
        postalCode: "1204",
        town: "",
        province: "Cuneo",
        phoneDisplay: "telefono",
        phoneInternational: "0172634218",
        email: "info@",
        instagramUrl: "http://www.instagram.com/x",
        facebookUrl: "facebook.com/x",
        whatsappNumber: "+39 340 126",
        bookingUrl: "",
      }),
    ).toEqual({
      name: settingsMessages.name,
      legalName: settingsMessages.legalName,
      vatNumber: settingsMessages.vatNumber,
      street: settingsMessages.street,
      postalCode: settingsMessages.postalCode,
      town: settingsMessages.town,
      province: settingsMessages.province,
      phoneDisplay: settingsMessages.phoneDisplay,
      phoneInternational: settingsMessages.phoneInternational,
      email: settingsMessages.email,
      instagramUrl: settingsMessages.httpsAddress,
      facebookUrl: settingsMessages.httpsAddress,
      whatsappNumber: settingsMessages.whatsappNumber,
      bookingUrl: settingsMessages.httpsAddress,
    });
  });

  it("speaks Italian", () => {
    expect(settingsMessages.vatNumber).toBe(
      "La partita IVA non è valida: servono 11 cifre, con l'ultima di controllo corretta.",
    );
    expect(settingsMessages.postalCode).toBe("Il CAP ha 5 cifre.");
  });
});

describe("opening hours", () => {
  it("reads the ranges as staff write them, an empty day as closed", () => {
    expect(parseDayHours("9:00-13:00, 15.30 - 19:30")).toEqual([
      { opens: "09:00", closes: "13:00" },
      { opens: "15:30", closes: "19:30" },
    ]);
    expect(parseDayHours("")).toEqual([]);
    expect(parseDayHours("chiuso")).toEqual([]);
    expect(parseDayHours("mattina")).toBeNull();
    expect(parseDayHours("25:00-26:00")).toBeNull();
    expect(formatDayHours([{ opens: "09:00", closes: "13:00" }])).toBe("09:00-13:00");
  });

  it("names the day that cannot be read, and the one whose ranges are out of order", () => {
    const week = {
      monday: "09:00-13:00",
      tuesday: "",
      wednesday: "",
      thursday: "",
      friday: "",
      saturday: "",
      sunday: "",
    };
    expect(errorsOf(settingsGroups.hours.form, { ...week, tuesday: "tutto il giorno" })).toEqual({
      tuesday: settingsMessages.hours,
    });
    expect(errorsOf(settingsGroups.hours.form, { ...week, friday: "15:00-19:00, 09:00-13:00" })).toEqual({
      friday: settingsMessages.hoursOrder,
    });
    expect(errorsOf(settingsGroups.hours.form, { ...week, friday: "13:00-09:00" })).toEqual({
      friday: settingsMessages.hoursOrder,
    });
    expect(
      errorsOf(settingsGroups.hours.form, {
        ...week,
        saturday: "08:00-09:00, 10:00-11:00, 12:00-13:00, 14:00-15:00, 16:00-17:00",
      }),
    ).toEqual({
      saturday: settingsMessages.hoursCount,
    });
    expect(settingsGroups.hours.form.parse(week).monday).toEqual([{ opens: "09:00", closes: "13:00" }]);
  });
});

describe("promo bar form", () => {
  it("reads the checkbox and the text", () => {
    expect(settingsGroups.promoBar.form.parse({ enabled: "on", text: " Saldi! " })).toEqual({
      enabled: true,
      text: "Saldi!",
    });
    expect(settingsGroups.promoBar.form.parse({ text: "Saldi!" })).toEqual({ enabled: false, text: "Saldi!" });
  });

  it("asks for a text of at most 160 characters", () => {
    expect(errorsOf(settingsGroups.promoBar.form, { enabled: "on", text: "  " })).toEqual({
      text: settingsMessages.promoText,
    });
    expect(errorsOf(settingsGroups.promoBar.form, { enabled: "on", text: "x".repeat(161) })).toEqual({
      text: settingsMessages.promoTextLength,
    });
  });
});

describe("shipping form", () => {
  it("reads euro amounts as Italians write them", () => {
    expect(parseEuroCents("7,90")).toBe(790);
    expect(parseEuroCents("7.9")).toBe(790);
    expect(parseEuroCents(" 100 € ")).toBe(10_000);
    expect(parseEuroCents("1.000,00")).toBe(100_000);
    expect(parseEuroCents("0")).toBe(0);
    expect(parseEuroCents("7,999")).toBeNull();
    expect(parseEuroCents("-1")).toBeNull();
    expect(parseEuroCents("sette")).toBeNull();
  });

  it("turns the form into cents; an unticked free shipping has no threshold", () => {
    expect(
      settingsGroups.shipping.form.parse({
        feeEuro: "6,50",
        freeShippingThresholdEuro: "80",
        returnCostEuro: "7,90",
        freeReturnEnabled: "on",
        freeReturnThresholdEuro: "100,00",
      }),
    ).toEqual({
      feeCents: 650,
      freeShippingThresholdCents: null,
      returnCostCents: 790,
      freeReturnThresholdCents: 10_000,
    });
  });

  it("names the amounts that are not amounts, and a missing threshold that is switched on", () => {
    expect(
      errorsOf(settingsGroups.shipping.form, {
        feeEuro: "gratis",
        freeShippingEnabled: "on",
        freeShippingThresholdEuro: "0",
        returnCostEuro: "2000",
        freeReturnEnabled: "on",
        freeReturnThresholdEuro: "",
      }),
    ).toEqual({
      feeEuro: settingsMessages.amount,
      returnCostEuro: settingsMessages.amount,
    });
    expect(
      errorsOf(settingsGroups.shipping.form, {
        feeEuro: "7,90",
        freeShippingEnabled: "on",
        freeShippingThresholdEuro: "0",
        returnCostEuro: "7,90",
        freeReturnEnabled: "on",
        freeReturnThresholdEuro: "",
      }),
    ).toEqual({
      freeShippingThresholdEuro: settingsMessages.threshold,
      freeReturnThresholdEuro: settingsMessages.threshold,
    });
  });

  it("shows cents back as the form's text", () => {
    expect(
      settingsGroups.shipping.toForm({
        feeCents: 790,
        freeShippingThresholdCents: null,
        returnCostCents: 0,
        freeReturnThresholdCents: 10_000,
      }),
    ).toEqual({
      feeEuro: "7,90",
      freeShippingEnabled: false,
      freeShippingThresholdEuro: "",
      returnCostEuro: "0,00",
      freeReturnEnabled: true,
      freeReturnThresholdEuro: "100,00",
    });
  });
});

describe("discounts form", () => {
  it("reads the switches and the percentages", () => {
    expect(
      settingsGroups.discounts.form.parse({
        firstOrderEnabled: "on",
        firstOrderPercent: "15%",
        birthdayPercent: "10",
        secondSwimsuitEnabled: "on",
      }),
    ).toEqual({
      firstOrderEnabled: true,
      firstOrderPercent: 15,
      birthdayEnabled: false,
      birthdayPercent: 10,
      secondSwimsuitEnabled: true,
    });
  });

  it("wants whole percentages from 1 to 100", () => {
    expect(errorsOf(settingsGroups.discounts.form, { firstOrderPercent: "0", birthdayPercent: "10,5" })).toEqual({
      firstOrderPercent: settingsMessages.percent,
      birthdayPercent: settingsMessages.percent,
    });
    expect(errorsOf(settingsGroups.discounts.form, { firstOrderPercent: "101", birthdayPercent: "" })).toEqual({
      firstOrderPercent: settingsMessages.percent,
      birthdayPercent: settingsMessages.percent,
    });
  });
});

describe("tracking form", () => {
  it("wants an https address with {tracking}", () => {
    expect(settingsGroups.tracking.form.parse({ urlTemplate: "https://gls.example/t?n={tracking}" })).toEqual({
      urlTemplate: "https://gls.example/t?n={tracking}",
    });
    for (const urlTemplate of ["https://gls.example/t", "http://gls.example/{tracking}", "{tracking}", ""]) {
      expect(errorsOf(settingsGroups.tracking.form, { urlTemplate })).toEqual({
        urlTemplate: settingsMessages.trackingUrl,
      });
    }
  });
});

describe("nightly backup form", () => {
  it("takes a full folder path or a bucket, or nothing, and a whole number of backups", () => {
    for (const folder of ["/var/backups/vetrina", "s3://vetrina-backup/notte", "s3://vetrina-backup", ""]) {
      expect(settingsGroups.backups.form.parse({ folder: ` ${folder} `, kept: "14" })).toEqual({ folder, kept: 14 });
    }
  });

  it("refuses a relative folder, a malformed bucket and a number of backups outside 1–365", () => {
    for (const folder of ["backups", "./backups", "s3://", "s3://Bad_Bucket/x", "C:\\backup"]) {
      expect(errorsOf(settingsGroups.backups.form, { folder, kept: "7" })).toEqual({
        folder: settingsMessages.backupFolder,
      });
    }
    for (const kept of ["0", "366", "-1", "1e3", "sette", ""]) {
      expect(errorsOf(settingsGroups.backups.form, { folder: "", kept })).toEqual({
        kept: settingsMessages.backupsKept,
      });
    }
  });
});

describe("coupon forms", () => {
  it("normalizes the code and reads validity and limits", () => {
    expect(normalizeCouponCode(" estate 10 ")).toBe("ESTATE10");
    expect(
      couponCreateForm.parse({
        code: "estate 10",
        percentOff: "10",
        active: "on",
        startsOn: "2026-06-01",
        endsOn: "2026-08-31",
        maxUses: "100",
      }),
    ).toEqual({
      code: "ESTATE10",
      percentOff: 10,
      active: true,
      startsOn: "2026-06-01",
      endsOn: "2026-08-31",
      maxUses: 100,
    });
    expect(couponEditForm.parse({ percentOff: "5" })).toEqual({
      percentOff: 5,
      active: false,
      startsOn: null,
      endsOn: null,
      maxUses: null,
    });
  });

  it("names every invalid field", () => {
    expect(
      errorsOf(couponCreateForm, {
        code: "X!",
        percentOff: "0",
        startsOn: "2026-02-30",
        endsOn: "domani",
        maxUses: "0",
      }),
    ).toEqual({
      code: couponMessages.code,
      percentOff: settingsMessages.percent,
      startsOn: couponMessages.date,
      endsOn: couponMessages.date,
      maxUses: couponMessages.maxUses,
    });
    expect(errorsOf(couponEditForm, { percentOff: "10", startsOn: "2026-08-31", endsOn: "2026-06-01" })).toEqual({
      endsOn: couponMessages.endBeforeStart,
    });
    expect(couponMessages.duplicate("ESTATE10")).toBe("Esiste già un codice sconto «ESTATE10».");
  });
});

describe("order limits form", () => {
  const form = settingsGroups.orderLimits.form;

  it("takes whole numbers of pieces", () => {
    expect(form.parse({ maxUnitsPerLine: "12", maxUnitsPerOrder: " 40 ", maxUnitsHeld: "60" })).toEqual({
      maxUnitsPerLine: 12,
      maxUnitsPerOrder: 40,
      maxUnitsHeld: 60,
    });
    expect(errorsOf(form, { maxUnitsPerLine: "0", maxUnitsPerOrder: "dieci", maxUnitsHeld: "1000" })).toEqual({
      maxUnitsPerLine: settingsMessages.units,
      maxUnitsPerOrder: settingsMessages.units,
      maxUnitsHeld: settingsMessages.units,
    });
  });

  it("keeps each limit at least as large as the one it contains", () => {
    expect(errorsOf(form, { maxUnitsPerLine: "20", maxUnitsPerOrder: "10", maxUnitsHeld: "5" })).toEqual({
      maxUnitsPerOrder: settingsMessages.unitsPerOrder,
      maxUnitsHeld: settingsMessages.unitsHeld,
    });
  });

  it("shows the stored limits as the form's text", () => {
    expect(settingsGroups.orderLimits.toForm({ maxUnitsPerLine: 10, maxUnitsPerOrder: 30, maxUnitsHeld: 40 })).toEqual({
      maxUnitsPerLine: "10",
      maxUnitsPerOrder: "30",
      maxUnitsHeld: "40",
    });
  });
});

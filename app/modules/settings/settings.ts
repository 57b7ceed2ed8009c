import { z } from "zod";
import { euroInputText, parseEuroCents } from "~/modules/forms/euro-amount";
import type { OpeningHours, TimeRange, Weekday } from "~/modules/shop/identity";
import { isValidPartitaIva } from "~/modules/shop/partita-iva";

// The shop's settings as staff edit them in 'Impostazioni': one group of fields per form. Each group
// has the schema of its stored value and the schema of its form (text fields as the browser posts
// them, turned into the value), with the Italian message staff read beside the field. Pure: the
// admin page, the server module that stores them and their tests share it.

export const weekdays: { day: Weekday; label: string }[] = [
  { day: "monday", label: "Lunedì" },
  { day: "tuesday", label: "Martedì" },
  { day: "wednesday", label: "Mercoledì" },
  { day: "thursday", label: "Giovedì" },
  { day: "friday", label: "Venerdì" },
  { day: "saturday", label: "Sabato" },
  { day: "sunday", label: "Domenica" },
];

export const settingsMessages = {
  name: "Scrivi il nome del negozio.",
  legalName: "Scrivi la ragione sociale del venditore.",
  vatNumber: "La partita IVA non è valida: servono 11 cifre, con l'ultima di controllo corretta.",
  street: "Scrivi via e numero civico.",
  postalCode: "Il CAP ha 5 cifre.",
  town: "Scrivi il comune.",
  province: "La provincia è la sigla di 2 lettere, per esempio CN.",
  phoneDisplay: "Scrivi il telefono come lo leggono i clienti, per esempio 0172 634 218.",
  phoneInternational: "Scrivi il telefono in formato internazionale, per esempio +390172634218.",
  email: "Scrivi un indirizzo e-mail valido, per esempio info@negozio.it.",
  httpsAddress: "Scrivi un indirizzo completo che inizia con https://.",
  whatsappNumber: "Scrivi il numero WhatsApp con il prefisso internazionale, solo cifre: per esempio 393401265874.",
  hours: "Scrivi gli orari come 09:00-13:00, 15:30-19:30, o lascia vuoto se il negozio è chiuso.",
  hoursOrder: "Ogni fascia deve chiudere dopo l'apertura e dopo la fascia precedente.",
  hoursCount: "Al massimo 4 fasce di orario al giorno.",
  promoText: "Scrivi il testo della barra promozionale.",
  promoTextLength: "Il testo della barra promozionale può avere al massimo 160 caratteri.",
  amount: "Scrivi un importo in euro da 0 a 1.000, per esempio 7,90.",
  threshold: "Scrivi la soglia in euro, da 0,01 a 10.000, per esempio 100,00.",
  percent: "La percentuale è un numero intero da 1 a 100.",
  trackingUrl: "Scrivi un indirizzo che inizia con https:// e contiene {tracking}, dove va il numero della spedizione.",
  units: "Scrivi un numero intero di pezzi, da 1 a 999.",
  unitsPerOrder: "Un ordine deve poter contenere almeno i pezzi ammessi per articolo.",
  unitsHeld: "Per cliente servono almeno i pezzi ammessi in un ordine.",
  backupFolder:
    "Scrivi il percorso completo di una cartella del server (per esempio /var/backups/vetrina) o un bucket s3://nome/cartella, o lascia vuoto per non fare il backup.",
  backupsKept: "Scrivi quanti backup tenere: un numero intero da 1 a 365.",
} as const;

const PROMO_TEXT_MAX = 160;

const text = (message: string, max = 200) => z.string().trim().min(1, message).max(max, message);
const httpsAddress = z
  .string()
  .trim()
  .max(500, settingsMessages.httpsAddress)
  .refine((value) => /^https:\/\/[^\s/]+\.[^\s]+$/.test(value), settingsMessages.httpsAddress);
/** A checkbox: posted as "on" when ticked, missing when not. */
const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

// ---------------------------------------------------------------------------
// Identity: who the shop is, as customers read it in the footer, the pages and the e-mails.

const identityValue = z.object({
  name: text(settingsMessages.name, 80),
  legalName: text(settingsMessages.legalName),
  vatNumber: z.string().trim().refine(isValidPartitaIva, settingsMessages.vatNumber),
  street: text(settingsMessages.street),
  postalCode: z
    .string()
    .trim()
    .regex(/^\d{5}$/, settingsMessages.postalCode),
  town: text(settingsMessages.town, 80),
  province: z
    .string()
    .trim()
    .transform((value) => value.toUpperCase())
    .pipe(z.string().regex(/^[A-Z]{2}$/, settingsMessages.province)),
  phoneDisplay: z
    .string()
    .trim()
    .regex(/^\+?[\d ./-]{6,20}$/, settingsMessages.phoneDisplay),
  phoneInternational: z
    .string()
    .trim()
    .regex(/^\+\d{8,15}$/, settingsMessages.phoneInternational),
  email: z.string().trim().max(200, settingsMessages.email).pipe(z.email(settingsMessages.email)),
  instagramUrl: httpsAddress,
  facebookUrl: httpsAddress,
  whatsappNumber: z
    .string()
    .trim()
    .regex(/^\d{8,15}$/, settingsMessages.whatsappNumber),
  bookingUrl: httpsAddress,
});
export type IdentitySettings = z.infer<typeof identityValue>;

// ---------------------------------------------------------------------------
// Opening hours: per day, the stretches the shop is open; staff write them as "09:00-13:00, 15:30-19:30".

const time = /^([01]\d|2[0-3]):[0-5]\d$/;
const timeRange = z.object({ opens: z.string().regex(time), closes: z.string().regex(time) });

/** Ranges in the day's order, each closing after it opens and after the one before. */
function inOrder(ranges: TimeRange[]): boolean {
  let last = "";
  for (const range of ranges) {
    if (range.opens <= last || range.closes <= range.opens) return false;
    last = range.closes;
  }
  return true;
}

const dayValue = z.array(timeRange).max(4, settingsMessages.hoursCount).refine(inOrder, settingsMessages.hoursOrder);
const hoursValue = z.object(
  Object.fromEntries(weekdays.map(({ day }) => [day, dayValue])) as Record<Weekday, typeof dayValue>,
);

/** "09:00-13:00, 15:30-19:30" → the ranges; "" → closed; null when it cannot be read. */
export function parseDayHours(input: string): TimeRange[] | null {
  const trimmed = input.trim();
  if (trimmed === "" || /^chius[oa]$/i.test(trimmed)) return [];
  const ranges: TimeRange[] = [];
  for (const part of trimmed.split(/[,;]/)) {
    const match = /^\s*(\d{1,2})[:.](\d{2})\s*[-–]\s*(\d{1,2})[:.](\d{2})\s*$/.exec(part);
    if (!match) return null;
    const [, oh, om, ch, cm] = match as unknown as [string, string, string, string, string];
    const range = { opens: `${oh.padStart(2, "0")}:${om}`, closes: `${ch.padStart(2, "0")}:${cm}` };
    if (!time.test(range.opens) || !time.test(range.closes)) return null;
    ranges.push(range);
  }
  return ranges;
}

/** The ranges as staff write them: "09:00-13:00, 15:30-19:30"; "" for a closed day. */
export function formatDayHours(ranges: readonly TimeRange[]): string {
  return ranges.map((range) => `${range.opens}-${range.closes}`).join(", ");
}

const dayForm = z
  .string()
  .default("")
  .transform((value, context) => {
    const ranges = parseDayHours(value);
    if (ranges === null) {
      context.addIssue({ code: "custom", message: settingsMessages.hours });
      return z.NEVER;
    }
    return ranges;
  })
  .pipe(dayValue);

// ---------------------------------------------------------------------------
// Promo bar: the line above the header.

const promoBarValue = z.object({
  enabled: z.boolean(),
  text: z.string().trim().min(1, settingsMessages.promoText).max(PROMO_TEXT_MAX, settingsMessages.promoTextLength),
});
export type PromoBarSettings = z.infer<typeof promoBarValue>;

// ---------------------------------------------------------------------------
// Shipping and returns. A threshold of null means the free shipping (or the free return) is off.

const cents = (max: number) => z.number().int().min(0).max(max);
const shippingValue = z.object({
  feeCents: cents(100_000),
  freeShippingThresholdCents: cents(1_000_000).min(1).nullable(),
  returnCostCents: cents(100_000),
  freeReturnThresholdCents: cents(1_000_000).min(1).nullable(),
});
export type ShippingSettings = z.infer<typeof shippingValue>;

/** 790 → "7,90", as the form shows an amount. */
const euroField = (message: string, min: number, max: number) =>
  z
    .string()
    .default("")
    .transform((value, context) => {
      const amount = parseEuroCents(value);
      if (amount === null || amount < min || amount > max) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return amount;
    });

const amountField = euroField(settingsMessages.amount, 0, 100_000);
const thresholdField = euroField(settingsMessages.threshold, 1, 1_000_000);

// ---------------------------------------------------------------------------
// Discounts: the first order's, the birthday's and the 'Promo Extra 2° Costume'.

const percent = z.number().int().min(1, settingsMessages.percent).max(100, settingsMessages.percent);
const discountsValue = z.object({
  firstOrderEnabled: z.boolean(),
  firstOrderPercent: percent,
  birthdayEnabled: z.boolean(),
  birthdayPercent: percent,
  secondSwimsuitEnabled: z.boolean(),
});
export type DiscountSettings = z.infer<typeof discountsValue>;

export const percentField = z
  .string()
  .default("")
  .transform((value, context) => {
    const trimmed = value.trim().replace(/%$/, "").trim();
    if (!/^\d{1,3}$/.test(trimmed)) {
      context.addIssue({ code: "custom", message: settingsMessages.percent });
      return z.NEVER;
    }
    return Number(trimmed);
  })
  .pipe(percent);

// ---------------------------------------------------------------------------
// Order limits: the pieces one order may take, and the pieces a customer may keep off the shelf
// without paying (orders awaiting payment, reservations not collected yet).

const units = z.number().int().min(1, settingsMessages.units).max(999, settingsMessages.units);
const orderLimitsValue = z
  .object({ maxUnitsPerLine: units, maxUnitsPerOrder: units, maxUnitsHeld: units })
  .refine((limits) => limits.maxUnitsPerOrder >= limits.maxUnitsPerLine, {
    message: settingsMessages.unitsPerOrder,
    path: ["maxUnitsPerOrder"],
  })
  .refine((limits) => limits.maxUnitsHeld >= limits.maxUnitsPerOrder, {
    message: settingsMessages.unitsHeld,
    path: ["maxUnitsHeld"],
  });
export type OrderLimits = z.infer<typeof orderLimitsValue>;

const unitsField = z
  .string()
  .default("")
  .transform((value, context) => {
    if (!/^[1-9]\d{0,2}$/.test(value.trim())) {
      context.addIssue({ code: "custom", message: settingsMessages.units });
      return z.NEVER;
    }
    return Number(value.trim());
  });

// ---------------------------------------------------------------------------
// Tracking: the courier's page for a parcel, {tracking} replaced by its number.

const trackingValue = z.object({
  urlTemplate: z
    .string()
    .trim()
    .max(500, settingsMessages.trackingUrl)
    .regex(/^https:\/\/[^\s{}]+\S*\{tracking\}\S*$/, settingsMessages.trackingUrl),
});
export type TrackingSettings = z.infer<typeof trackingValue>;

// ---------------------------------------------------------------------------
// Backups: where the nightly backup is written (a folder of the server or a bucket; empty: none) and
// how many are kept there.

const backupsValue = z.object({
  folder: z
    .string()
    .trim()
    .max(500, settingsMessages.backupFolder)
    .refine(
      (value) =>
        value === "" || /^\/[^\0]*$/.test(value) || /^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\/\S*)?$/.test(value),
      settingsMessages.backupFolder,
    ),
  kept: z.number().int().min(1, settingsMessages.backupsKept).max(365, settingsMessages.backupsKept),
});
export type BackupSettings = z.infer<typeof backupsValue>;

// ---------------------------------------------------------------------------

/** Every group's stored value: what pages, pricing and e-mails read (shop-settings.ts). */
export type ShopSettings = {
  identity: IdentitySettings;
  hours: OpeningHours;
  promoBar: PromoBarSettings;
  shipping: ShippingSettings;
  discounts: DiscountSettings;
  orderLimits: OrderLimits;
  tracking: TrackingSettings;
  backups: BackupSettings;
};

export type SettingsKey = keyof ShopSettings;

type FormFields = Record<string, string | undefined>;

/** Each group: the schema of its stored value, of its form, and the form's fields for a value. */
export const settingsGroups: {
  [K in SettingsKey]: {
    label: string;
    value: z.ZodType<ShopSettings[K]>;
    form: z.ZodType<ShopSettings[K], FormFields>;
    toForm: (value: ShopSettings[K]) => Record<string, string | boolean>;
  };
} = {
  identity: {
    label: "Dati del negozio",
    value: identityValue,
    form: identityValue as unknown as z.ZodType<IdentitySettings, FormFields>,
    toForm: (value) => ({ ...value }),
  },
  hours: {
    label: "Orari di apertura",
    value: hoursValue,
    form: z.object(
      Object.fromEntries(weekdays.map(({ day }) => [day, dayForm])) as Record<Weekday, typeof dayForm>,
    ) as unknown as z.ZodType<OpeningHours, FormFields>,
    toForm: (value) => Object.fromEntries(weekdays.map(({ day }) => [day, formatDayHours(value[day])])),
  },
  promoBar: {
    label: "Barra promozionale",
    value: promoBarValue,
    form: z.object({
      enabled: checkbox,
      text: z.string().default("").pipe(promoBarValue.shape.text),
    }) as unknown as z.ZodType<PromoBarSettings, FormFields>,
    toForm: (value) => ({ ...value }),
  },
  shipping: {
    label: "Spedizioni e resi",
    value: shippingValue,
    form: z
      .object({
        feeEuro: amountField,
        freeShippingEnabled: checkbox,
        freeShippingThresholdEuro: z.string().default(""),
        returnCostEuro: amountField,
        freeReturnEnabled: checkbox,
        freeReturnThresholdEuro: z.string().default(""),
      })
      .transform((form, context) => {
        // A threshold is read only when its free shipping (or return) is on.
        const threshold = (enabled: boolean, input: string, field: string) => {
          if (!enabled) return null;
          const parsed = thresholdField.safeParse(input);
          if (parsed.success) return parsed.data;
          context.addIssue({ code: "custom", message: settingsMessages.threshold, path: [field] });
          return z.NEVER;
        };
        return {
          feeCents: form.feeEuro,
          freeShippingThresholdCents: threshold(
            form.freeShippingEnabled,
            form.freeShippingThresholdEuro,
            "freeShippingThresholdEuro",
          ),
          returnCostCents: form.returnCostEuro,
          freeReturnThresholdCents: threshold(
            form.freeReturnEnabled,
            form.freeReturnThresholdEuro,
            "freeReturnThresholdEuro",
          ),
        };
      }) as unknown as z.ZodType<ShippingSettings, FormFields>,
    toForm: (value) => ({
      feeEuro: euroInputText(value.feeCents),
      freeShippingEnabled: value.freeShippingThresholdCents !== null,
      freeShippingThresholdEuro:
        value.freeShippingThresholdCents === null ? "" : euroInputText(value.freeShippingThresholdCents),
      returnCostEuro: euroInputText(value.returnCostCents),
      freeReturnEnabled: value.freeReturnThresholdCents !== null,
      freeReturnThresholdEuro:
        value.freeReturnThresholdCents === null ? "" : euroInputText(value.freeReturnThresholdCents),
    }),
  },
  discounts: {
    label: "Sconti e promozioni",
    value: discountsValue,
    form: z.object({
      firstOrderEnabled: checkbox,
      firstOrderPercent: percentField,
      birthdayEnabled: checkbox,
      birthdayPercent: percentField,
      secondSwimsuitEnabled: checkbox,
    }) as unknown as z.ZodType<DiscountSettings, FormFields>,
    toForm: (value) => ({
      ...value,
      firstOrderPercent: String(value.firstOrderPercent),
      birthdayPercent: String(value.birthdayPercent),
    }),
  },
  orderLimits: {
    label: "Limiti degli ordini",
    value: orderLimitsValue,
    form: z
      .object({ maxUnitsPerLine: unitsField, maxUnitsPerOrder: unitsField, maxUnitsHeld: unitsField })
      .pipe(orderLimitsValue) as unknown as z.ZodType<OrderLimits, FormFields>,
    toForm: (value) => ({
      maxUnitsPerLine: String(value.maxUnitsPerLine),
      maxUnitsPerOrder: String(value.maxUnitsPerOrder),
      maxUnitsHeld: String(value.maxUnitsHeld),
    }),
  },
  tracking: {
    label: "Tracciamento spedizioni",
    value: trackingValue,
    form: trackingValue as unknown as z.ZodType<TrackingSettings, FormFields>,
    toForm: (value) => ({ ...value }),
  },
  backups: {
    label: "Backup notturno",
    value: backupsValue,
    form: z
      .object({
        folder: z.string().default(""),
        kept: z
          .string()
          .default("")
          .transform((value, context) => {
            if (!/^[1-9]\d{0,2}$/.test(value.trim())) {
              context.addIssue({ code: "custom", message: settingsMessages.backupsKept });
              return z.NEVER;
            }
            return Number(value.trim());
          }),
      })
      .pipe(backupsValue) as unknown as z.ZodType<BackupSettings, FormFields>,
    toForm: (value) => ({ folder: value.folder, kept: String(value.kept) }),
  },
};

export const settingsKeys = Object.keys(settingsGroups) as SettingsKey[];

export function isSettingsKey(value: unknown): value is SettingsKey {
  return typeof value === "string" && (settingsKeys as string[]).includes(value);
}

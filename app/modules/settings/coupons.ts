import { z } from "zod";
import { formatInteger } from "~/modules/format/numbers";
import { wholeNumberField } from "~/modules/forms/whole-number";
import { percentField } from "./settings";

// Discount codes as staff create and edit them in 'Impostazioni'. Validity is written as days in
// the shop's time zone: a code is valid from the start of its first day to the end of its last.

/** A code for more uses than this is a typing slip: leave it empty for no limit. */
const MAX_COUPON_USES = 9_999_999;

export const couponMessages = {
  code: "Il codice ha da 3 a 40 caratteri tra lettere, cifre, - e _.",
  duplicate: (code: string) => `Esiste già un codice sconto «${code}».`,
  date: "Scrivi una data valida, o lascia vuoto.",
  endBeforeStart: "L'ultimo giorno di validità non può venire prima del primo.",
  maxUses: "Il numero massimo di utilizzi è un intero da 1 in su, o vuoto per nessun limite.",
  maxUsesTooHigh: `Il numero massimo di utilizzi è troppo alto: al massimo ${formatInteger(MAX_COUPON_USES)}, o vuoto per nessun limite.`,
  notFound: "Questo codice sconto non esiste più.",
} as const;

/** Discount codes are kept and compared in capitals, without spaces. */
export function normalizeCouponCode(code: string): string {
  return code.replace(/\s+/g, "").toUpperCase().slice(0, 40);
}

const day = z
  .string()
  .default("")
  .transform((value) => value.trim())
  .refine((value) => value === "" || isCalendarDay(value), couponMessages.date)
  .transform((value) => (value === "" ? null : value));

function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;
}

const maxUsesField = wholeNumberField({
  min: 1,
  max: MAX_COUPON_USES,
  notWhole: couponMessages.maxUses,
  tooHigh: couponMessages.maxUsesTooHigh,
});

const couponTerms = z
  .object({
    percentOff: percentField,
    active: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
    startsOn: day,
    endsOn: day,
    maxUses: z
      .string()
      .default("")
      .transform((value, context) => {
        if (value.trim() === "") return null;
        const read = maxUsesField.safeParse(value);
        if (read.success) return read.data;
        context.addIssue({ code: "custom", message: read.error.issues[0]?.message ?? couponMessages.maxUses });
        return z.NEVER;
      }),
  })
  .refine((terms) => !terms.startsOn || !terms.endsOn || terms.startsOn <= terms.endsOn, {
    message: couponMessages.endBeforeStart,
    path: ["endsOn"],
  });

export type CouponTerms = z.infer<typeof couponTerms>;

/** A coupon as staff see it: validity as the first and last day in Rome, and how often it was used. */
export type CouponView = CouponTerms & { code: string; usedCount: number };

export const couponEditForm = couponTerms;

export const couponCreateForm = z
  .object({
    code: z
      .string()
      .default("")
      .transform(normalizeCouponCode)
      .pipe(z.string().regex(/^[A-Z0-9_-]{3,40}$/, couponMessages.code)),
  })
  .and(couponTerms);

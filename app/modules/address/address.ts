import { z } from "zod";
import { isProvinceCode } from "./provinces";

// One set of rules for a customer's phone and Italian address, wherever they are typed: the profile
// (accounts/validation.ts) and the checkout (checkout/checkout-form.ts). The profile keeps what the
// checkout will accept, and prefills it there.

/** The courier's label takes at most this many characters of the street and of the town. */
export const COURIER_ADDRESS_MAX = 35;
export const COURIER_CITY_MAX = 30;

export const phoneRule = z
  .string()
  .trim()
  .min(6, "Numero di telefono richiesto")
  .max(30, "Numero di telefono troppo lungo")
  .regex(/^[\d +]+$/, "Il numero di telefono può contenere solo cifre, spazi e il simbolo '+'");

/** A complete address, as home delivery needs it: the profile's minimums and messages. */
export const addressRules = {
  address: z
    .string()
    .trim()
    .min(5, "Indirizzo richiesto")
    .max(COURIER_ADDRESS_MAX, `Massimo ${COURIER_ADDRESS_MAX} caratteri: il corriere non ne stampa di più`),
  city: z.string().trim().min(2, "Città richiesta").max(COURIER_CITY_MAX, `Massimo ${COURIER_CITY_MAX} caratteri`),
  postalCode: z
    .string()
    .trim()
    .min(5, "CAP richiesto")
    .regex(/^\d{5}$/, "Il CAP è di 5 cifre"),
  province: z
    .string()
    .trim()
    .toUpperCase()
    .min(1, "Provincia richiesta")
    .refine(isProvinceCode, "Provincia non valida"),
};

export type AddressField = keyof typeof addressRules;

/** The first message of each field of `address` that a complete address refuses. */
export function addressProblems(address: Record<AddressField, string>): Partial<Record<AddressField, string>> {
  const problems: Partial<Record<AddressField, string>> = {};
  for (const field of Object.keys(addressRules) as AddressField[]) {
    const checked = addressRules[field].safeParse(address[field]);
    if (!checked.success) problems[field] = checked.error.issues[0]?.message;
  }
  return problems;
}

import { z } from "zod";
import { addressProblems, COURIER_ADDRESS_MAX, COURIER_CITY_MAX, phoneRule } from "~/modules/address/address";
import type { DeliveryMethod } from "~/modules/orders/values";
import { DEFAULT_COUNTRY } from "~/modules/shop/constants";
import type { CheckoutDraft } from "./values";

// The checkout's 'information' step (design decision 1): the browser checks it
// before sending, the server checks whatever arrives, with the same rules and messages. The phone
// and the home address follow the rules the profile keeps them by (address/address.ts).

// Listed here rather than imported from the database schema, which must not reach the browser.
const deliveryMethods = ["shipping", "pickup", "pickup_and_pay"] as const satisfies readonly DeliveryMethod[];

const optionalText = (max: number, tooLong: string) => z.string().trim().max(max, tooLong).default("");

// Its output is what the checkout session keeps (CheckoutDraft): a change to one must change the other.
export const checkoutInformationSchema: z.ZodType<CheckoutDraft> = z
  .object({
    deliveryMethod: z.enum(deliveryMethods, "Scegli come ricevere l'ordine"),
    name: z
      .string()
      .trim()
      .min(2, "Nome richiesto")
      .max(100, "Il nome può contenere al massimo 100 caratteri")
      .refine((name) => !name.includes("@"), "Il nome non può contenere il simbolo '@'"),
    email: z.string().trim().toLowerCase().max(254, "Email non valida").pipe(z.email("Email non valida")),
    phone: phoneRule,
    address: optionalText(
      COURIER_ADDRESS_MAX,
      `Massimo ${COURIER_ADDRESS_MAX} caratteri: il corriere non ne stampa di più`,
    ),
    city: optionalText(COURIER_CITY_MAX, `Massimo ${COURIER_CITY_MAX} caratteri`),
    postalCode: optionalText(10, "CAP non valido"),
    province: optionalText(2, "Provincia non valida").transform((value) => value.toUpperCase()),
    country: optionalText(100, "Massimo 100 caratteri").transform((value) => value || DEFAULT_COUNTRY),
  })
  .superRefine((form, context) => {
    if (form.deliveryMethod !== "shipping") return;
    const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    for (const [field, message] of Object.entries(addressProblems(form))) missing(field, message);
    if (form.country.toLowerCase() !== DEFAULT_COUNTRY.toLowerCase()) missing("country", "Spediamo solo in Italia");
  });

export type CheckoutInformation = CheckoutDraft;
export type { CheckoutDraft, DeliveryMethod };

/** The fields of the form, in the order they are shown. */
export const checkoutFields = [
  "name",
  "email",
  "phone",
  "address",
  "city",
  "postalCode",
  "province",
  "country",
] as const satisfies readonly (keyof CheckoutDraft)[];

/**
 * The first step's form before the shopper has sent it: empty, or filled in from the signed-in
 * customer's profile and account e-mail.
 */
export function startingCheckoutForm(
  profile:
    | (Omit<CheckoutDraft, "deliveryMethod" | "name" | "country"> & { firstName: string; lastName: string })
    | null,
): CheckoutDraft {
  return {
    deliveryMethod: "shipping",
    name: profile ? `${profile.firstName} ${profile.lastName}`.trim() : "",
    email: profile?.email ?? "",
    phone: profile?.phone ?? "",
    address: profile?.address ?? "",
    city: profile?.city ?? "",
    postalCode: profile?.postalCode ?? "",
    province: profile?.province ?? "",
    country: DEFAULT_COUNTRY,
  };
}

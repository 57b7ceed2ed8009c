import { describe, expect, it } from "vitest";
import { profileSchema } from "~/modules/accounts/validation";
import { checkoutInformationSchema } from "~/modules/checkout/checkout-form";
import { fieldErrors } from "~/modules/forms/action-result";

// The profile keeps the phone and the address by the checkout's rules: what one refuses, the other does.

const errorsOf = (result: { success: boolean; error?: unknown }) =>
  result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

const profile = {
  first_name: "Anna",
  last_name: "Neri",
  phone: "0172 123456",
  address: "Via Roma 1",
  city: "Fossano",
  postal_code: "12045",
  province: "CN",
  country: "Italia",
  date_of_birth: "",
};

const checkout = {
  deliveryMethod: "shipping",
  name: "Anna Neri",
  email: "anna@example.it",
  phone: "0172 123456",
  address: "Via Roma 1",
  city: "Fossano",
  postalCode: "12045",
  province: "CN",
  country: "Italia",
};

// [profile field, checkout field, value]
const cases = [
  ["phone", "phone", "telefono"],
  ["phone", "phone", "12345"],
  ["address", "address", "Via"],
  ["address", "address", "Via dei Mille 1234, scala B, interno 56"],
  ["city", "city", ""],
  ["postal_code", "postalCode", "ABCDE"],
  ["postal_code", "postalCode", "1204"],
  ["province", "province", ""],
  ["province", "province", "XX"],
] as const;

describe("the address rules of the profile and the checkout", () => {
  it("accepts the same complete address in both", () => {
    expect(profileSchema.safeParse(profile).success).toBe(true);
    expect(checkoutInformationSchema.safeParse(checkout).success).toBe(true);
    expect(profileSchema.parse({ ...profile, province: "cn" }).province).toBe("CN");
  });

  it.each(cases)("refuses %s %j with the same message as the checkout's %s", (profileField, checkoutField, value) => {
    const fromProfile = errorsOf(profileSchema.safeParse({ ...profile, [profileField]: value }));
    const fromCheckout = errorsOf(checkoutInformationSchema.safeParse({ ...checkout, [checkoutField]: value }));
    expect(fromProfile[profileField]).toBeTruthy();
    expect(fromProfile[profileField]).toBe(fromCheckout[checkoutField]);
  });

  it("says what is wrong with a phone or a CAP", () => {
    expect(errorsOf(profileSchema.safeParse({ ...profile, phone: "telefono", postal_code: "ABCDE" }))).toEqual({
      phone: "Il numero di telefono può contenere solo cifre, spazi e il simbolo '+'",
      postal_code: "Il CAP è di 5 cifre",
    });
  });
});

import { describe, expect, it } from "vitest";
import { startingCheckoutForm } from "./checkout-form";

describe("startingCheckoutForm", () => {
  it("is empty, for shipping to Italy, without a profile", () => {
    expect(startingCheckoutForm(null)).toEqual({
      deliveryMethod: "shipping",
      name: "",
      email: "",
      phone: "",
      address: "",
      city: "",
      postalCode: "",
      province: "",
      country: "Italia",
    });
  });

  it("takes the profile's name, e-mail and address", () => {
    const form = startingCheckoutForm({
      firstName: "Anna",
      lastName: "",
      email: "anna@example.it",
      phone: "3331234567",
      address: "Via Roma 1",
      city: "Bari",
      postalCode: "70121",
      province: "BA",
    });
    expect(form).toEqual({
      deliveryMethod: "shipping",
      name: "Anna",
      email: "anna@example.it",
      phone: "3331234567",
      address: "Via Roma 1",
      city: "Bari",
      postalCode: "70121",
      province: "BA",
      country: "Italia",
    });
  });
});

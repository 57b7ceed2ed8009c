import { describe, expect, it } from "vitest";
import { describedControl, formFields } from "./field-props";

describe("formFields", () => {
  it("names a control, ids it after its form and gives it the action's message for it", () => {
    const field = formFields("product", { price: "Il prezzo non è valido." });
    expect(field("price")).toEqual({ name: "price", id: "product-price", error: "Il prezzo non è valido." });
    expect(field("name")).toEqual({ name: "name", id: "product-name", error: undefined });
    expect(formFields("product", undefined)("name").error).toBeUndefined();
  });
});

describe("describedControl", () => {
  it("ties a control to its error and hint paragraphs, and marks it invalid only with an error", () => {
    expect(describedControl("a", "Errore", true)).toEqual({
      id: "a",
      "aria-invalid": true,
      "aria-describedby": "a-error a-hint",
    });
    expect(describedControl("a", undefined, true)).toEqual({
      id: "a",
      "aria-invalid": undefined,
      "aria-describedby": "a-hint",
    });
    expect(describedControl("a", undefined)).toEqual({
      id: "a",
      "aria-invalid": undefined,
      "aria-describedby": undefined,
    });
  });
});

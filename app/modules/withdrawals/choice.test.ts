import { describe, expect, it } from "vitest";
import { readWithdrawalChoice } from "./choice";
import { quantityField } from "./form";

const lines = [
  { id: 7, available: 2 },
  { id: 9, available: 1 },
];

function formOf(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

describe("the withdrawal form", () => {
  it("reads the whole order with a trimmed name and e-mail", () => {
    expect(
      readWithdrawalChoice(formOf({ nome: " Anna Neri ", email: " anna@example.it ", recesso: "tutto" }), lines),
    ).toEqual({
      choice: { name: "Anna Neri", email: "anna@example.it", whole: true, quantities: { 7: 0, 9: 0 } },
      error: null,
    });
  });

  it("reads pieces of some lines", () => {
    const form = formOf({ nome: "Anna", email: "anna@example.it", recesso: "articoli", [quantityField(7)]: "1" });
    expect(readWithdrawalChoice(form, lines)).toEqual({
      choice: { name: "Anna", email: "anna@example.it", whole: false, quantities: { 7: 1, 9: 0 } },
      error: null,
    });
  });

  it("says what is wrong: no name, a bad e-mail, too many pieces, nothing chosen", () => {
    expect(readWithdrawalChoice(formOf({ nome: "", email: "anna@example.it" }), lines).error).toBe(
      "Scrivi il tuo nome e cognome.",
    );
    expect(readWithdrawalChoice(formOf({ nome: "Anna", email: "anna" }), lines).error).toBe(
      "Scrivi un indirizzo email valido.",
    );
    const tooMany = formOf({ nome: "Anna", email: "anna@example.it", recesso: "articoli", [quantityField(9)]: "2" });
    expect(readWithdrawalChoice(tooMany, lines).error).toMatch(/tra 0 e quelli ordinati/);
    const none = formOf({ nome: "Anna", email: "anna@example.it", recesso: "articoli" });
    expect(readWithdrawalChoice(none, lines).error).toBe("Scegli almeno un articolo da restituire.");
  });
});

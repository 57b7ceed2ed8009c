import { describe, expect, it } from "vitest";
import { fieldErrors } from "~/modules/forms/action-result";
import { commonPasswordMessage, isCommonPassword, refuseCommonPasswords } from "./common-passwords.server";
import { newPasswordSchema, registerSchema } from "./validation";

// Every one of these meets the length and character rule: only the common-password check refuses them.
const refused = [
  ["Password1!", "the most common password with a digit and a symbol"],
  ["Qwerty123!", "a keyboard row followed by digits"],
  ["Vetrina2024!", "the shop's name and a year"],
  ["2024Vetrina!", "the shop's name after a year"],
  ["Fossano1978#", "the shop's town"],
  ["Admin2025!", "the role"],
  ["P@ssw0rd2024!", "leet spelling"],
  ["Pa$$w0rd!", "leet spelling with symbols"],
  ["@dmin2024!", "leet spelling at the start"],
  ["IloveYou!!", "mixed case"],
  ["Juventus1897!", "a team and its year"],
  ["Amore2024?", "an Italian word in the list"],
  ["Dragon!2024", "symbols before the digits"],
  ["1Qaz2wsx!", "a listed password that holds digits"],
] as const;

const accepted = [
  "Segreta#2024",
  "Nuova#Password9",
  "Una#Password1",
  "Mela-Rossa-Vento-7",
  "Xk9#mPq2!",
  "Tre gatti sul tetto 1!",
] as const;

describe("isCommonPassword", () => {
  it.each(refused)("refuses %s (%s)", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it.each(accepted)("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe("refuseCommonPasswords", () => {
  const registration = {
    name: "Anna Neri",
    email: "anna@example.it",
    password: "Qwerty123!",
    confirmPassword: "Qwerty123!",
    termsAccepted: "on",
    privacyAccepted: "on",
  };
  const errorsOf = (result: { success: boolean; error?: unknown }) =>
    result.success ? {} : fieldErrors(result.error as Parameters<typeof fieldErrors>[0]);

  it("puts the message on the password field, beside the other fields' messages", () => {
    const schema = refuseCommonPasswords(registerSchema);
    expect(errorsOf(schema.safeParse(registration))).toEqual({ password: commonPasswordMessage });
    expect(errorsOf(schema.safeParse({ ...registration, name: "A", termsAccepted: undefined }))).toEqual({
      name: "Il nome deve contenere almeno 2 caratteri",
      password: commonPasswordMessage,
      termsAccepted: "Devi accettare i Termini di Servizio",
    });
    expect(
      schema.safeParse({ ...registration, password: "Segreta#2024", confirmPassword: "Segreta#2024" }).success,
    ).toBe(true);
  });

  it("leaves the strength rule's message when the password breaks it", () => {
    const schema = refuseCommonPasswords(newPasswordSchema);
    expect(errorsOf(schema.safeParse({ password: "password", confirmPassword: "password" }))).toEqual({
      password:
        "La password deve contenere almeno 8 caratteri, inclusi maiuscoli, minuscoli, numeri e caratteri speciali",
    });
    expect(errorsOf(schema.safeParse({ password: "Password1!", confirmPassword: "Password1!" }))).toEqual({
      password: commonPasswordMessage,
    });
  });
});

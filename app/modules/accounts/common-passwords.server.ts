import { dictionary } from "@zxcvbn-ts/language-common";
import type { z } from "zod";
import { shop } from "~/modules/shop/identity";

// Server only: the list weighs a few hundred KB, so the browser never downloads it. A common
// password passes the browser's check and is refused by the server, under the password field.

export const commonPasswordMessage = "Questa password è troppo comune: scegline una meno prevedibile.";

// The ~49,000 passwords met most often in breaches (zxcvbn-ts's list, lower case), and the words
// anyone guessing at this shop tries first.
const guessable = new Set([
  ...dictionary["passwords-common"],
  ...[shop.name, shop.address.town, "admin", "amministratore", "negozio"].map((word) => word.toLowerCase()),
]);

const leetLetters: Record<string, string> = {
  "4": "a",
  "@": "a",
  "3": "e",
  "1": "i",
  "!": "i",
  "0": "o",
  "5": "s",
  $: "s",
  "7": "t",
  "+": "t",
};

const undoLeet = (text: string) => text.replace(/[4@31!05$7+]/g, (character) => leetLetters[character] ?? character);

/**
 * The forms a guesser tries: the password in lower case; its word without the digits and symbols
 * padding it ("Qwerty123!", "2024Vetrina!"); and those with leet spellings undone ("P@ssw0rd").
 */
function guessableForms(password: string): string[] {
  const lower = password.toLowerCase();
  const word = lower.replace(/[^\p{L}]+$/u, "");
  const forms = [lower, word, word.replace(/^\d+/, "")];
  return [...forms, ...forms.map(undoLeet)];
}

/** True when the password is, or is built on, a common password or one of the shop's own words. */
export function isCommonPassword(password: string): boolean {
  return guessableForms(password).some((form) => guessable.has(form));
}

/**
 * `schema` (sign-up, reset) with the common-password check on its `password` field. It runs even
 * when other fields are wrong, so every message shows at once, but not on a password already refused.
 */
export function refuseCommonPasswords<T extends z.ZodType<{ password: string }>>(schema: T): T {
  return schema.refine((input) => !isCommonPassword(input.password), {
    message: commonPasswordMessage,
    path: ["password"],
    when: ({ value, issues }) =>
      typeof (value as { password?: unknown } | undefined)?.password === "string" &&
      !issues.some((issue) => issue.path?.[0] === "password"),
  }) as T;
}

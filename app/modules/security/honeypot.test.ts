import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD, honeypotFilled } from "./honeypot";

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe("honeypotFilled", () => {
  it("lets a form through when the hidden field is missing or empty", () => {
    expect(honeypotFilled(form({ email: "a@b.it" }))).toBe(false);
    expect(honeypotFilled(form({ [HONEYPOT_FIELD]: "  " }))).toBe(false);
  });

  it("catches a form whose hidden field was filled", () => {
    expect(honeypotFilled(form({ [HONEYPOT_FIELD]: "https://spam.example" }))).toBe(true);
  });
});

import { describe, expect, it } from "vitest";
import { CONSENT_STORAGE_KEY, createConsent } from "./consent";
import { CONSENT_ASK_ATTRIBUTE, consentGateScript } from "./consent-gate";

/** Runs the <head> script against a stored value (or a storage that throws); true when it marks <html>. */
function asks(stored: string | null | Error): boolean {
  const attributes = new Set<string>();
  const localStorage = {
    getItem(key: string) {
      if (stored instanceof Error) throw stored;
      return key === CONSENT_STORAGE_KEY ? stored : null;
    },
  };
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } };
  new Function("localStorage", "document", consentGateScript)(localStorage, document);
  return attributes.has(CONSENT_ASK_ATTRIBUTE);
}

describe("consentGateScript", () => {
  it("lets the banner show on a first visit", () => {
    expect(asks(null)).toBe(true);
  });

  it("keeps it hidden for a choice made for the current notice, yes or no", () => {
    expect(asks(JSON.stringify(createConsent(true)))).toBe(false);
    expect(asks(JSON.stringify(createConsent(false)))).toBe(false);
  });

  it("asks again after the notice changed, or when the saved value or storage cannot be read", () => {
    expect(asks(JSON.stringify({ ...createConsent(true), version: "0.9" }))).toBe(true);
    expect(asks("{not json")).toBe(true);
    expect(asks("42")).toBe(true);
    expect(asks(new Error("SecurityError"))).toBe(true);
  });
});

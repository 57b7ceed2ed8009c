import { describe, expect, it } from "vitest";
import { analyticsAllowed, CONSENT_VERSION, createConsent, parseConsent, shouldShowBanner } from "./consent";

const saved = (analytics: boolean, version = CONSENT_VERSION) =>
  JSON.stringify({ consent: { necessary: true, analytics }, version, timestamp: "2026-11-21T10:00:00.000Z" });

describe("createConsent", () => {
  it("builds the stored shape with necessary always on", () => {
    expect(createConsent(false, new Date("2026-11-21T10:00:00Z"))).toEqual({
      consent: { necessary: true, analytics: false },
      version: "1.1",
      timestamp: "2026-11-21T10:00:00.000Z",
    });
  });
});

describe("parseConsent", () => {
  it("reads a saved record", () => {
    expect(parseConsent(saved(true))).toEqual({
      consent: { necessary: true, analytics: true },
      version: "1.1",
      timestamp: "2026-11-21T10:00:00.000Z",
    });
  });

  it("returns null for nothing, broken JSON and wrong shapes", () => {
    expect(parseConsent(null)).toBeNull();
    expect(parseConsent("{not json")).toBeNull();
    expect(parseConsent("true")).toBeNull();
    expect(
      parseConsent(
        JSON.stringify({
          consent: { necessary: false, analytics: true },
          version: "1.1",
          timestamp: "2026-11-21T10:00:00.000Z",
        }),
      ),
    ).toBeNull();
    expect(
      parseConsent(
        JSON.stringify({
          consent: { necessary: true, analytics: "yes" },
          version: "1.1",
          timestamp: "2026-11-21T10:00:00.000Z",
        }),
      ),
    ).toBeNull();
    expect(
      parseConsent(
        JSON.stringify({ consent: { necessary: true, analytics: true }, version: "1.1", timestamp: "yesterday" }),
      ),
    ).toBeNull();
  });
});

describe("shouldShowBanner", () => {
  it("shows when nothing is saved", () => {
    expect(shouldShowBanner(null)).toBe(true);
  });

  it("shows when the saved choice was made for another version", () => {
    expect(shouldShowBanner(parseConsent(saved(true, "1.0")))).toBe(true);
  });

  it("hides once a choice for the current version is saved, whatever it was", () => {
    expect(shouldShowBanner(parseConsent(saved(true)))).toBe(false);
    expect(shouldShowBanner(parseConsent(saved(false)))).toBe(false);
  });
});

describe("analyticsAllowed", () => {
  it("is true only for a current yes", () => {
    expect(analyticsAllowed(parseConsent(saved(true)))).toBe(true);
    expect(analyticsAllowed(parseConsent(saved(false)))).toBe(false);
    expect(analyticsAllowed(parseConsent(saved(true, "1.0")))).toBe(false);
    expect(analyticsAllowed(null)).toBe(false);
  });
});

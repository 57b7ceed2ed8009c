import { describe, expect, it } from "vitest";
import { formatDate, formatEuro } from "./constants";

// Intl puts a no-break space between amount and currency sign.
const nbsp = "\u00a0";

describe("formatEuro", () => {
  it("formats cents as Italian euro", () => {
    expect(formatEuro(790)).toBe(`7,90${nbsp}€`);
    expect(formatEuro(10000)).toBe(`100,00${nbsp}€`);
    expect(formatEuro(0)).toBe(`0,00${nbsp}€`);
    expect(formatEuro(1234567)).toBe(`12.345,67${nbsp}€`);
  });
});

describe("formatDate", () => {
  it("shows dates in the Rome time zone whatever the server's", () => {
    // 23:30 UTC on 21 November is already 22 November in Italy.
    expect(formatDate("2026-11-21T23:30:00Z")).toBe("22/11/2026");
  });

  it("has a long and a date-time style", () => {
    expect(formatDate(new Date("2026-07-01T10:05:00Z"), "long")).toBe("1 luglio 2026");
    expect(formatDate("2026-07-01T10:05:00Z", "dateTime")).toBe("01/07/2026, 12:05");
  });
});

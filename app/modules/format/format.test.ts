import { describe, expect, it } from "vitest";
import { formatDate } from "./dates";
import { formatDecimal, formatEuro, formatInteger } from "./numbers";

// Intl puts a no-break space between amount and currency sign.
const nbsp = "\u00a0";

describe("formatEuro", () => {
  it("formats cents as Italian euro", () => {
    expect(formatEuro(790)).toBe(`7,90${nbsp}€`);
    expect(formatEuro(10000)).toBe(`100,00${nbsp}€`);
    expect(formatEuro(0)).toBe(`0,00${nbsp}€`);
    expect(formatEuro(1234567)).toBe(`12.345,67${nbsp}€`);
    expect(formatEuro(123456)).toBe(`1234,56${nbsp}€`);
    expect(formatEuro(-500)).toBe(`-5,00${nbsp}€`);
  });
});

// The formatters are written by hand (no Intl on the browser's first paint): they must write what
// Intl writes for Italian, across signs, lengths and the five-digit grouping threshold.
describe("the hand-written formats match Intl's it-IT output", () => {
  const samples = [0, 1, 7, 99, 999, 1000, 1234, 9999, 10000, 12345, 99999, 100000, 123456, 999999, 1234567, 98765432];
  // Not -0, which Intl writes "-0" and no amount of the shop ever is.
  const values = [...samples, ...samples.filter((value) => value > 0).map((value) => -value)];

  it("formatEuro", () => {
    const euro = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });
    for (const cents of [...values, 5, 50, 105, 99_999_99, 1_000_000_00]) {
      expect(formatEuro(cents), String(cents)).toBe(euro.format(cents / 100));
    }
  });

  it("formatInteger", () => {
    for (const value of values) expect(formatInteger(value), String(value)).toBe(value.toLocaleString("it-IT"));
  });

  it("formatDecimal", () => {
    const oneDigit = new Intl.NumberFormat("it-IT", { minimumFractionDigits: 1 });
    for (const value of [...values, 4.5, 4.9, 4, 3.25, 4.125, 12345.5, 0.5, -2.75]) {
      expect(formatDecimal(value), String(value)).toBe(value.toLocaleString("it-IT"));
      expect(formatDecimal(value, 1), String(value)).toBe(oneDigit.format(value));
    }
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

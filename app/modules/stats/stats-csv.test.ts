import { describe, expect, it } from "vitest";
import { salesSeriesCsv } from "./stats-csv";

describe("salesSeriesCsv", () => {
  it("writes one line per bucket, in euro with a decimal comma", () => {
    expect(
      salesSeriesCsv([
        { start: "2026-11-02", orders: 3, revenueCents: 123456 },
        { start: "2026-11-09", orders: 0, revenueCents: 0 },
      ]),
    ).toBe("\uFEFFInizio periodo;Ordini;Ricavi (€)\r\n2026-11-02;3;1234,56\r\n2026-11-09;0;0,00\r\n");
  });
});

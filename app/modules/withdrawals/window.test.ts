import { describe, expect, it } from "vitest";
import { romeDay } from "~/modules/dates/rome";
import { withdrawalPossibleFor, withdrawalWindow } from "./window";

const shipped = { status: "completed", deliveryMethod: "shipping" } as const;
const pickup = { status: "completed", deliveryMethod: "pickup" } as const;

describe("the withdrawal window", () => {
  it("is open before delivery, with no last day yet", () => {
    for (const status of ["processing", "shipped", "gls_closed", "reserved"] as const) {
      expect(withdrawalWindow({ status, deliveryMethod: "shipping" }, null, new Date())).toEqual({
        open: true,
        lastDay: null,
      });
    }
  });

  it("closes at the end of the 14th day after delivery, in Italy", () => {
    // Delivered 1 October 2026 at 10:00 in Italy (CEST, UTC+2).
    const delivered = new Date("2026-10-01T08:00:00Z");
    expect(withdrawalWindow(shipped, delivered, new Date("2026-10-15T21:59:00Z"))).toEqual({
      open: true,
      lastDay: "2026-10-15",
    });
    // 16 October, 00:00 in Italy.
    const closed = withdrawalWindow(shipped, delivered, new Date("2026-10-15T22:00:00Z"));
    expect(closed.open).toBe(false);
    if (!closed.open) {
      expect(closed.reason).toContain("consegnato il 1 ottobre 2026");
      expect(closed.reason).toContain("fino al 15 ottobre 2026 compreso");
      expect(closed.reason).toContain("chiuso dal 16 ottobre 2026");
    }
  });

  it("counts the Italian calendar day of delivery, not the UTC one", () => {
    // 23:30 UTC on 31 March is already 1 April in Italy (CEST).
    const delivered = new Date("2026-03-31T23:30:00Z");
    expect(romeDay(delivered)).toBe("2026-04-01");
    expect(withdrawalWindow(shipped, delivered, new Date("2026-04-15T21:59:59Z"))).toEqual({
      open: true,
      lastDay: "2026-04-15",
    });
    expect(withdrawalWindow(shipped, delivered, new Date("2026-04-15T22:00:00Z")).open).toBe(false);
  });

  it("spans the change to winter time: the last day ends at midnight CET", () => {
    // Collected 20 October 2026 (CEST); clocks go back on 25 October; the last day is 3 November (CET, UTC+1).
    const collected = new Date("2026-10-20T15:00:00Z");
    expect(withdrawalWindow(pickup, collected, new Date("2026-11-03T22:59:59Z"))).toEqual({
      open: true,
      lastDay: "2026-11-03",
    });
    const closed = withdrawalWindow(pickup, collected, new Date("2026-11-03T23:00:00Z"));
    expect(closed.open).toBe(false);
    if (!closed.open) expect(closed.reason).toContain("ritirato in negozio il 20 ottobre 2026");
  });

  it("spans the change to summer time: the last day ends at midnight CEST", () => {
    // Delivered 20 March 2026 (CET); clocks go forward on 29 March; the last day is 3 April (CEST, UTC+2).
    const delivered = new Date("2026-03-20T10:00:00Z");
    expect(withdrawalWindow(shipped, delivered, new Date("2026-04-03T21:59:59Z")).open).toBe(true);
    expect(withdrawalWindow(shipped, delivered, new Date("2026-04-03T22:00:00Z")).open).toBe(false);
  });

  it("refuses orders that are not a contract, each with its reason", () => {
    for (const status of ["pending_payment", "payment_failed", "cancelled"] as const) {
      const window = withdrawalWindow({ status, deliveryMethod: "shipping" }, null, new Date());
      expect(window.open).toBe(false);
      if (!window.open) expect(window.reason).toMatch(/ordine/);
      expect(withdrawalPossibleFor(status)).toBe(false);
    }
    expect(withdrawalPossibleFor("completed")).toBe(true);
  });
});

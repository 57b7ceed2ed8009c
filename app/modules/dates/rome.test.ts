import { describe, expect, it } from "vitest";
import { addDays, romeDay, romeMoment } from "./rome";

describe("Rome's calendar", () => {
  it("takes the day in Rome, not in UTC", () => {
    expect(romeDay(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
    expect(romeDay(new Date("2026-03-31T23:30:00Z"))).toBe("2026-04-01");
    expect(romeDay(new Date("2026-11-23T10:00:00Z"))).toBe("2026-11-23");
  });

  it("moves a day across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-10-25", 14)).toBe("2026-11-08");
  });

  it("places a time of Rome on the right moment in winter and in summer time", () => {
    expect(romeMoment("2026-11-23", 10, 30).toISOString()).toBe("2026-11-23T09:30:00.000Z");
    expect(romeMoment("2026-07-01", 10, 30).toISOString()).toBe("2026-07-01T08:30:00.000Z");
    expect(romeMoment("2026-12-24").toISOString()).toBe("2026-12-23T23:00:00.000Z");
  });
});

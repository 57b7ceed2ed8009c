import { describe, expect, it } from "vitest";
import { romeDay } from "~/modules/dates/rome";
import {
  bucketLabel,
  bucketStart,
  bucketStarts,
  dayCount,
  parseStatsPeriod,
  previousPeriod,
  statsQuery,
} from "./periods";

const parse = (query: string) => parseStatsPeriod(new URLSearchParams(query), "2026-11-23");

describe("parseStatsPeriod", () => {
  it("defaults to the last 30 days by day", () => {
    expect(parse("")).toEqual({ period: { from: "2026-10-25", to: "2026-11-23", granularity: "giorno" }, errors: [] });
  });

  it("reads the form's fields", () => {
    expect(parse("dal=2026-01-01&al=2026-03-31&raggruppa=mese").period).toEqual({
      from: "2026-01-01",
      to: "2026-03-31",
      granularity: "mese",
    });
  });

  it("names what it did not understand and uses the default instead", () => {
    const { period, errors } = parse("dal=2026-02-30&raggruppa=anno");
    expect(period).toEqual({ from: "2026-10-25", to: "2026-11-23", granularity: "giorno" });
    expect(errors).toEqual([
      "Data iniziale non valida (usa il formato AAAA-MM-GG, dal 1900): «2026-02-30».",
      "Raggruppamento non valido: «anno».",
    ]);
  });

  it("refuses days before 1900", () => {
    expect(parse("dal=0001-01-01&al=1899-12-31").errors).toHaveLength(2);
  });

  it("refuses a period ending before it starts", () => {
    const { period, errors } = parse("dal=2026-05-02&al=2026-05-01");
    expect(period.from).toBe("2026-10-25");
    expect(errors).toHaveLength(1);
  });

  it("groups a long period by month and caps it at five years", () => {
    expect(parse("dal=2025-01-01&al=2026-06-30").period.granularity).toBe("mese");
    const { period, errors } = parse("dal=2000-01-01&al=2026-06-30&raggruppa=mese");
    expect(dayCount(period.from, period.to)).toBe(5 * 366);
    expect(errors).toHaveLength(1);
  });

  it("round-trips through the address", () => {
    const period = { from: "2026-01-01", to: "2026-01-31", granularity: "settimana" } as const;
    expect(parse(statsQuery(period)).period).toEqual(period);
  });
});

describe("buckets", () => {
  it("starts weeks on Monday and months on the 1st", () => {
    expect(bucketStart("2026-11-23", "settimana")).toBe("2026-11-23"); // a Monday
    expect(bucketStart("2026-11-29", "settimana")).toBe("2026-11-23"); // a Sunday
    expect(bucketStart("2026-11-29", "mese")).toBe("2026-11-01");
  });

  it("lists every bucket touching the period, across a leap day and a year end", () => {
    expect(bucketStarts({ from: "2028-02-27", to: "2028-03-01", granularity: "giorno" })).toEqual([
      "2028-02-27",
      "2028-02-28",
      "2028-02-29",
      "2028-03-01",
    ]);
    expect(bucketStarts({ from: "2026-11-15", to: "2027-02-01", granularity: "mese" })).toEqual([
      "2026-11-01",
      "2026-12-01",
      "2027-01-01",
      "2027-02-01",
    ]);
    expect(bucketStarts({ from: "2026-11-25", to: "2026-12-07", granularity: "settimana" })).toEqual([
      "2026-11-23",
      "2026-11-30",
      "2026-12-07",
    ]);
  });

  it("ends at the last day a year of four digits has", () => {
    expect(bucketStarts({ from: "9999-12-30", to: "9999-12-31", granularity: "giorno" })).toEqual([
      "9999-12-30",
      "9999-12-31",
    ]);
    expect(parse("dal=9999-01-01&al=9999-12-31&raggruppa=mese").period.to).toBe("9999-12-31");
  });

  it("compares with the period of the same length just before", () => {
    expect(previousPeriod({ from: "2026-03-01", to: "2026-03-31", granularity: "giorno" })).toEqual({
      from: "2026-01-29",
      to: "2026-02-28",
      granularity: "giorno",
    });
  });
});

describe("labels and today", () => {
  it("names buckets in Italian", () => {
    expect(bucketLabel("2026-11-23", "settimana")).toBe("23/11");
    expect(bucketLabel("2026-11-01", "mese")).toBe("nov 2026");
  });

  it("takes today's day in Rome, not in UTC", () => {
    expect(romeDay(new Date("2026-11-22T23:30:00Z"))).toBe("2026-11-23");
  });
});

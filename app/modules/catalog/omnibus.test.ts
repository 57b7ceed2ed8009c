import { describe, expect, it } from "vitest";
import { lowestPriceBeforeCurrent } from "./omnibus";

const day = 24 * 60 * 60 * 1000;
const reducedAt = new Date("2026-10-01T10:00:00Z");
const daysBefore = (days: number) => new Date(reducedAt.getTime() - days * day);
const now = new Date("2026-11-01T10:00:00Z");

describe("lowestPriceBeforeCurrent", () => {
  it.each([
    {
      case: "is the list price when it held for the whole 30 days",
      history: [
        { priceCents: 4990, validFrom: daysBefore(90) },
        { priceCents: 3490, validFrom: reducedAt },
      ],
      lowest: 4990,
    },
    {
      case: "includes an earlier promotion within the 30 days",
      history: [
        { priceCents: 4990, validFrom: daysBefore(90) },
        { priceCents: 4240, validFrom: daysBefore(20) },
        { priceCents: 4990, validFrom: daysBefore(13) },
        { priceCents: 3490, validFrom: reducedAt },
      ],
      lowest: 4240,
    },
    {
      case: "ignores a promotion that ended before the 30 days began",
      history: [
        { priceCents: 4990, validFrom: daysBefore(90) },
        { priceCents: 2990, validFrom: daysBefore(60) },
        { priceCents: 4990, validFrom: daysBefore(45) },
        { priceCents: 3490, validFrom: reducedAt },
      ],
      lowest: 4990,
    },
    {
      case: "counts a promotion still running when the 30 days began",
      history: [
        { priceCents: 4990, validFrom: daysBefore(90) },
        { priceCents: 2990, validFrom: daysBefore(35) },
        { priceCents: 4990, validFrom: daysBefore(25) },
        { priceCents: 3490, validFrom: reducedAt },
      ],
      lowest: 2990,
    },
    {
      case: "ignores prices scheduled for the future and works on unsorted history",
      history: [
        { priceCents: 3490, validFrom: reducedAt },
        { priceCents: 990, validFrom: new Date("2026-12-01T00:00:00Z") },
        { priceCents: 4990, validFrom: daysBefore(90) },
      ],
      lowest: 4990,
    },
  ])("$case", ({ history, lowest }) => {
    expect(lowestPriceBeforeCurrent(history, now)).toBe(lowest);
  });

  it("is null without an earlier price", () => {
    expect(lowestPriceBeforeCurrent([{ priceCents: 3490, validFrom: reducedAt }], now)).toBeNull();
    expect(lowestPriceBeforeCurrent([], now)).toBeNull();
  });
});

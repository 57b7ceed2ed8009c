import { describe, expect, it } from "vitest";
import { crossedOutPriceCents, discountPercent } from "./crossed-out-price";

describe("crossedOutPriceCents", () => {
  it("is the reference price only when it is higher than the price", () => {
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 3990 })).toBe(3990);
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 2990 })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 1990 })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: null })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: null, originalPriceCents: 3990 })).toBeNull();
  });
});

describe("discountPercent", () => {
  it.each([
    // The case: 29,90 from 39,90 is a 25% cut, never -50%.
    [2990, 3990, 25],
    [3000, 6000, 50],
    [7000, 10000, 30],
    // 29,99% is not 30%: rounded down, the badge never claims more than the prices make.
    [7001, 10000, 29],
    [1990, 2490, 20],
    [99, 100, 1],
  ])("%i cents from %i is -%i%%", (priceCents, originalPriceCents, percent) => {
    expect(discountPercent({ priceCents, originalPriceCents })).toBe(percent);
  });

  it("is null when nothing is reduced, or by less than 1%", () => {
    expect(discountPercent({ priceCents: 2990, originalPriceCents: null })).toBeNull();
    expect(discountPercent({ priceCents: 2990, originalPriceCents: 2990 })).toBeNull();
    expect(discountPercent({ priceCents: null, originalPriceCents: 3990 })).toBeNull();
    expect(discountPercent({ priceCents: 3989, originalPriceCents: 3990 })).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { crossedOutPriceCents } from "./crossed-out-price";

describe("crossedOutPriceCents", () => {
  it("is the reference price only when it is higher than the price", () => {
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 3990 })).toBe(3990);
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 2990 })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: 1990 })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: 2990, originalPriceCents: null })).toBeNull();
    expect(crossedOutPriceCents({ priceCents: null, originalPriceCents: 3990 })).toBeNull();
  });
});

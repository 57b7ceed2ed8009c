import { describe, expect, it } from "vitest";
import { cartTotals, isSwimsuit, lineTotalCents, type PricedLine, secondSwimsuitDiscounts } from "./pricing";

const bikini = (unitPriceCents: number, quantity = 1): PricedLine => ({
  unitPriceCents,
  quantity,
  subcategory: "bikini",
});
const intero = (unitPriceCents: number, quantity = 1): PricedLine => ({
  unitPriceCents,
  quantity,
  subcategory: "intero",
});
const slip = (unitPriceCents: number, quantity = 1): PricedLine => ({ unitPriceCents, quantity, subcategory: "slip" });

describe("lineTotalCents", () => {
  it("is unit price times quantity", () => {
    expect(lineTotalCents({ unitPriceCents: 1290, quantity: 3 })).toBe(3870);
  });
});

describe("isSwimsuit", () => {
  it("matches bikini and intero whatever the case", () => {
    expect(isSwimsuit("bikini")).toBe(true);
    expect(isSwimsuit("Bikini")).toBe(true);
    expect(isSwimsuit("INTERO")).toBe(true);
    expect(isSwimsuit("slip")).toBe(false);
    expect(isSwimsuit("telo")).toBe(false);
  });
});

describe("Promo Extra 2° Costume", () => {
  it("gives nothing for one swimsuit", () => {
    const totals = cartTotals([bikini(4990)]);
    expect(totals.promoDiscountCents).toBe(0);
    expect(totals.totalCents).toBe(4990);
  });

  it("takes 30% off the cheaper of two swimsuits", () => {
    // 39,90 € intero and 59,90 € bikini: 30% of 39,90 € = 11,97 €.
    const totals = cartTotals([bikini(5990), intero(3990)]);
    expect(totals.promoDiscountCentsByLine).toEqual([0, 1197]);
    expect(totals.promoDiscountCents).toBe(1197);
    expect(totals.subtotalCents).toBe(9980);
    expect(totals.totalCents).toBe(8783);
  });

  it("discounts one unit out of three: the cheapest", () => {
    // floor(3 / 2) = 1 → 30% of 29,90 € = 8,97 €.
    expect(secondSwimsuitDiscounts([bikini(4990), bikini(2990), intero(6990)])).toEqual([0, 897, 0]);
  });

  it("discounts the cheapest two of four or five units", () => {
    expect(secondSwimsuitDiscounts([bikini(1000), bikini(2000), bikini(3000), bikini(4000)])).toEqual([300, 600, 0, 0]);
    expect(secondSwimsuitDiscounts([bikini(1000), bikini(2000), bikini(3000), bikini(4000), bikini(5000)])).toEqual([
      300, 600, 0, 0, 0,
    ]);
  });

  it("counts the units of one line: two of the same swimsuit get one discounted", () => {
    const totals = cartTotals([intero(4990, 2)]);
    expect(totals.promoDiscountCents).toBe(1497);
    expect(totals.count).toBe(2);
    expect(totals.totalCents).toBe(9980 - 1497);
  });

  it("splits the discounted units of a line: four of one line get two discounted", () => {
    expect(secondSwimsuitDiscounts([intero(3000, 4)])).toEqual([1800]);
  });

  it("ignores other garments, even cheaper ones", () => {
    const lines = [slip(990, 3), bikini(4990), intero(3990)];
    const totals = cartTotals(lines);
    expect(totals.promoDiscountCentsByLine).toEqual([0, 0, 1197]);
    expect(totals.subtotalCents).toBe(2970 + 4990 + 3990);
    expect(totals.totalCents).toBe(2970 + 4990 + 3990 - 1197);
    expect(totals.count).toBe(5);
  });

  it("gives nothing for one swimsuit among other garments", () => {
    expect(cartTotals([slip(990, 4), bikini(4990)]).promoDiscountCents).toBe(0);
  });

  it("rounds each unit's discount half-up to the cent", () => {
    // 30% of 14,95 € = 4,485 € → 4,49 €; of 14,99 € = 4,497 € → 4,50 €; of 14,91 € = 4,473 € → 4,47 €.
    expect(secondSwimsuitDiscounts([bikini(1495), bikini(9900)])).toEqual([449, 0]);
    expect(secondSwimsuitDiscounts([bikini(1499), bikini(9900)])).toEqual([450, 0]);
    expect(secondSwimsuitDiscounts([bikini(1491), bikini(9900)])).toEqual([447, 0]);
  });

  it("is all zeros for an empty cart", () => {
    expect(cartTotals([])).toEqual({
      count: 0,
      subtotalCents: 0,
      promoDiscountCentsByLine: [],
      promoDiscountCents: 0,
      totalCents: 0,
    });
  });
});

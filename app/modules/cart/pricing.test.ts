import { describe, expect, it } from "vitest";
import {
  allocate,
  cartTotals,
  type Delivery,
  type DiscountOffer,
  isSwimsuit,
  lineTotalCents,
  type PricedLine,
  type PricingRules,
  priceOrder,
  secondSwimsuitDiscounts,
} from "./pricing";

/** The shop's usual rules: 7,90 € shipping, free from 100,00 €, the swimsuit promotion on. */
const shopRules: PricingRules = {
  shippingFeeCents: 790,
  freeShippingThresholdCents: 10_000,
  secondSwimsuitEnabled: true,
};

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
    const totals = cartTotals([bikini(4990)], shopRules);
    expect(totals.promoDiscountCents).toBe(0);
    expect(totals.totalCents).toBe(4990);
  });

  it("takes 30% off the cheaper of two swimsuits", () => {
    // 39,90 € intero and 59,90 € bikini: 30% of 39,90 € = 11,97 €.
    const totals = cartTotals([bikini(5990), intero(3990)], shopRules);
    expect(totals.promoDiscountCentsByLine).toEqual([0, 1197]);
    expect(totals.promoDiscountCents).toBe(1197);
    expect(totals.subtotalCents).toBe(9980);
    expect(totals.totalCents).toBe(8783);
  });

  it("discounts one unit out of three: the cheapest", () => {
    // floor(3 / 2) = 1 → 30% of 29,90 € = 8,97 €.
    expect(secondSwimsuitDiscounts([bikini(4990), bikini(2990), intero(6990)], shopRules)).toEqual([0, 897, 0]);
  });

  it("discounts the cheapest two of four or five units", () => {
    expect(secondSwimsuitDiscounts([bikini(1000), bikini(2000), bikini(3000), bikini(4000)], shopRules)).toEqual([
      300, 600, 0, 0,
    ]);
    expect(
      secondSwimsuitDiscounts([bikini(1000), bikini(2000), bikini(3000), bikini(4000), bikini(5000)], shopRules),
    ).toEqual([300, 600, 0, 0, 0]);
  });

  it("counts the units of one line: two of the same swimsuit get one discounted", () => {
    const totals = cartTotals([intero(4990, 2)], shopRules);
    expect(totals.promoDiscountCents).toBe(1497);
    expect(totals.count).toBe(2);
    expect(totals.totalCents).toBe(9980 - 1497);
  });

  it("splits the discounted units of a line: four of one line get two discounted", () => {
    expect(secondSwimsuitDiscounts([intero(3000, 4)], shopRules)).toEqual([1800]);
  });

  it("ignores other garments, even cheaper ones", () => {
    const lines = [slip(990, 3), bikini(4990), intero(3990)];
    const totals = cartTotals(lines, shopRules);
    expect(totals.promoDiscountCentsByLine).toEqual([0, 0, 1197]);
    expect(totals.subtotalCents).toBe(2970 + 4990 + 3990);
    expect(totals.totalCents).toBe(2970 + 4990 + 3990 - 1197);
    expect(totals.count).toBe(5);
  });

  it("gives nothing for one swimsuit among other garments", () => {
    expect(cartTotals([slip(990, 4), bikini(4990)], shopRules).promoDiscountCents).toBe(0);
  });

  it("rounds each unit's discount half-up to the cent", () => {
    // 30% of 14,95 € = 4,485 € → 4,49 €; of 14,99 € = 4,497 € → 4,50 €; of 14,91 € = 4,473 € → 4,47 €.
    expect(secondSwimsuitDiscounts([bikini(1495), bikini(9900)], shopRules)).toEqual([449, 0]);
    expect(secondSwimsuitDiscounts([bikini(1499), bikini(9900)], shopRules)).toEqual([450, 0]);
    expect(secondSwimsuitDiscounts([bikini(1491), bikini(9900)], shopRules)).toEqual([447, 0]);
  });

  it("is all zeros for an empty cart", () => {
    expect(cartTotals([], shopRules)).toEqual({
      count: 0,
      subtotalCents: 0,
      promoDiscountCentsByLine: [],
      promoDiscountCents: 0,
      totalCents: 0,
    });
  });
});

const firstOrder: DiscountOffer = { code: "first_order", label: "Sconto primo ordine", percent: 10 };
const birthday: DiscountOffer = { code: "birthday", label: "Sconto compleanno", percent: 10 };
const coupon = (percent: number): DiscountOffer => ({ code: "coupon", label: "Codice VETRINA", percent });

describe("priceOrder", () => {
  // Each row: the cart, the delivery method, the discounts offered → what the order charges.
  // Shipping is 7,90 € below 100,00 € of goods after every discount, free from there and for pickups.
  it.each<{
    rule: string;
    lines: PricedLine[];
    delivery: Delivery;
    offers?: DiscountOffer[];
    promo: number;
    discount: number;
    shipping: number;
    total: number;
  }>([
    {
      rule: "home delivery below 100 € pays 7,90 €",
      lines: [slip(2990)],
      delivery: "shipping",
      promo: 0,
      discount: 0,
      shipping: 790,
      total: 3780,
    },
    {
      rule: "pickup in the shop is free",
      lines: [slip(2990)],
      delivery: "pickup",
      promo: 0,
      discount: 0,
      shipping: 0,
      total: 2990,
    },
    {
      rule: "a reservation pays no delivery",
      lines: [slip(2990)],
      delivery: "pickup_and_pay",
      promo: 0,
      discount: 0,
      shipping: 0,
      total: 2990,
    },
    {
      rule: "exactly 100,00 € ships free",
      lines: [slip(5000, 2)],
      delivery: "shipping",
      promo: 0,
      discount: 0,
      shipping: 0,
      total: 10000,
    },
    {
      rule: "99,99 € still pays shipping",
      lines: [slip(9999)],
      delivery: "shipping",
      promo: 0,
      discount: 0,
      shipping: 790,
      total: 10789,
    },
    {
      rule: "a discount that takes the goods below 100 € brings shipping back",
      lines: [slip(5500, 2)],
      delivery: "shipping",
      offers: [firstOrder],
      promo: 0,
      discount: 1100,
      shipping: 790,
      total: 9900 + 790,
    },
    {
      rule: "the order discount applies after the swimsuit promotion",
      // 59,90 + 39,90 = 99,80 €; promo 11,97 € → 87,83 €; 10% → 8,78 € (8,783 rounded).
      lines: [bikini(5990), intero(3990)],
      delivery: "shipping",
      offers: [firstOrder],
      promo: 1197,
      discount: 878,
      shipping: 790,
      total: 8783 - 878 + 790,
    },
    {
      rule: "of several discounts only the largest applies",
      lines: [slip(2500, 2)],
      delivery: "shipping",
      offers: [firstOrder, birthday, coupon(15)],
      promo: 0,
      discount: 750,
      shipping: 790,
      total: 4250 + 790,
    },
    {
      rule: "a 100% code leaves the shipping to pay",
      lines: [slip(3000)],
      delivery: "shipping",
      offers: [coupon(100)],
      promo: 0,
      discount: 3000,
      shipping: 790,
      total: 790,
    },
    {
      rule: "a reservation gets its discount too, and no delivery fee",
      lines: [slip(4000)],
      delivery: "pickup_and_pay",
      offers: [birthday],
      promo: 0,
      discount: 400,
      shipping: 0,
      total: 3600,
    },
    {
      rule: "free shipping counts the goods after the promotion",
      // 2 × 55,00 € swimsuits = 110 €; promo 16,50 € → 93,50 €: below 100 €.
      lines: [bikini(5500, 2)],
      delivery: "shipping",
      promo: 1650,
      discount: 0,
      shipping: 790,
      total: 9350 + 790,
    },
  ])("$rule", ({ lines, delivery, offers, promo, discount, shipping, total }) => {
    const pricing = priceOrder(lines, delivery, shopRules, offers);
    expect(pricing.promoDiscountCents).toBe(promo);
    expect(pricing.orderDiscount?.amountCents ?? 0).toBe(discount);
    expect(pricing.shippingCents).toBe(shipping);
    expect(pricing.totalCents).toBe(total);
    expect(pricing.goodsTotalCents + pricing.shippingCents).toBe(pricing.totalCents);
    expect(pricing.orderDiscountCentsByLine.reduce((sum, cents) => sum + cents, 0)).toBe(discount);
  });

  it("names the discount that applied; on a tie the automatic one wins over a code", () => {
    expect(priceOrder([slip(5000)], "shipping", shopRules, [coupon(10), firstOrder]).orderDiscount).toEqual({
      ...coupon(10),
      amountCents: 500,
    });
    expect(priceOrder([slip(5000)], "shipping", shopRules, [firstOrder, coupon(10)]).orderDiscount?.code).toBe(
      "first_order",
    );
    expect(priceOrder([slip(5000)], "shipping", shopRules, []).orderDiscount).toBeNull();
  });

  it("shares the order discount among the lines after their promotion", () => {
    expect(
      priceOrder([bikini(5990), intero(3990)], "shipping", shopRules, [firstOrder]).orderDiscountCentsByLine,
    ).toEqual([599, 279]);
  });
});

describe("priceOrder with the rules staff set", () => {
  const cart = [slip(6000, 2)];

  it("charges the fee on any amount when free shipping is switched off", () => {
    const pricing = priceOrder(cart, "shipping", { ...shopRules, freeShippingThresholdCents: null });
    expect(pricing.shippingCents).toBe(790);
    expect(pricing.totalCents).toBe(12000 + 790);
  });

  it("follows a raised threshold and another fee", () => {
    const rules = { ...shopRules, shippingFeeCents: 590, freeShippingThresholdCents: 15_000 };
    expect(priceOrder(cart, "shipping", rules).shippingCents).toBe(590);
    expect(priceOrder([slip(7500, 2)], "shipping", rules).shippingCents).toBe(0);
    expect(priceOrder(cart, "pickup", rules).shippingCents).toBe(0);
  });

  it("gives no swimsuit discount when the promotion is switched off", () => {
    const off = { ...shopRules, secondSwimsuitEnabled: false };
    expect(secondSwimsuitDiscounts([bikini(5990), intero(3990)], off)).toEqual([0, 0]);
    expect(priceOrder([bikini(5990), intero(3990)], "shipping", off).promoDiscountCents).toBe(0);
  });
});

describe("allocate", () => {
  it("splits in whole cents that add up, the leftover cents to the largest remainders", () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(878, [5990, 2793])).toEqual([599, 279]);
    expect(allocate(5, [0, 10])).toEqual([0, 5]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
    expect(allocate(7, [0, 0])).toEqual([0, 0]);
  });
});

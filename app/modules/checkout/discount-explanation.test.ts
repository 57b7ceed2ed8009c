import { describe, expect, it } from "vitest";
import { type DiscountOffer, priceOrder } from "~/modules/cart/pricing";
import { cartDiscountNote, explainDiscounts } from "./discount-explanation";

const firstOrder: DiscountOffer = { code: "first_order", label: "Sconto primo ordine (10%)", percent: 10 };
const birthday: DiscountOffer = { code: "birthday", label: "Sconto compleanno (10%)", percent: 10 };
const code = (percent: number): DiscountOffer => ({
  code: "coupon",
  label: `Codice sconto VETRINA${percent} (${percent}%)`,
  percent,
});

const rules = { shippingFeeCents: 790, freeShippingThresholdCents: 10_000, secondSwimsuitEnabled: true };
const slip = { unitPriceCents: 5990, quantity: 1, subcategory: "slip" };
const twoSwimsuits = [
  { unitPriceCents: 5990, quantity: 1, subcategory: "bikini" },
  { unitPriceCents: 3990, quantity: 1, subcategory: "intero" },
];

/** What the payment step says of a cart priced with these offers, as priceOrder chooses. */
function explained(offers: DiscountOffer[], lines = [slip]) {
  const pricing = priceOrder(lines, "shipping", rules, offers);
  return explainDiscounts({ offers, applied: pricing.orderDiscount, promoCents: pricing.promoDiscountCents });
}

describe("explainDiscounts", () => {
  it.each<{ name: string; offers: DiscountOffer[]; lines?: (typeof slip)[]; sentences: string[] }>([
    { name: "no discount: nothing to say", offers: [], sentences: [] },
    { name: "one discount: its row names it", offers: [firstOrder], sentences: [] },
    { name: "the promotion alone: its row names it", offers: [], lines: twoSwimsuits, sentences: [] },
    {
      // Two discount rows on screen: the promotion adds to the order's one discount.
      name: "the promotion and the first-order discount",
      offers: [firstOrder],
      lines: twoSwimsuits,
      sentences: ["La Promo Extra 2° Costume vale sui costumi e si somma allo sconto sull'ordine."],
    },
    {
      // The first-order 10% gave way to the code without a word (issue 26).
      name: "a larger code wins over the first-order discount",
      offers: [firstOrder, code(15)],
      sentences: [
        "Sull'ordine vale un solo sconto, il più vantaggioso per te: Codice sconto VETRINA15 (15%).",
        "Sconto primo ordine (10%) non applicato: è meno vantaggioso.",
      ],
    },
    {
      name: "on a tie the first-order discount wins, and the code is kept",
      offers: [firstOrder, code(10)],
      sentences: [
        "Sull'ordine vale un solo sconto, il più vantaggioso per te: Sconto primo ordine (10%).",
        "Codice sconto VETRINA10 (10%) non applicato: lo sconto sarebbe lo stesso, e il codice non viene speso.",
      ],
    },
    {
      name: "a smaller code is not spent",
      offers: [firstOrder, code(5)],
      sentences: [
        "Sull'ordine vale un solo sconto, il più vantaggioso per te: Sconto primo ordine (10%).",
        "Codice sconto VETRINA5 (5%) non applicato: è meno vantaggioso, e il codice non viene speso.",
      ],
    },
    {
      name: "three discounts and the promotion: each one accounted for",
      offers: [firstOrder, birthday, code(20)],
      lines: twoSwimsuits,
      sentences: [
        "La Promo Extra 2° Costume vale sui costumi e si somma allo sconto sull'ordine.",
        "Sull'ordine vale un solo sconto, il più vantaggioso per te: Codice sconto VETRINA20 (20%).",
        "Sconto primo ordine (10%) non applicato: è meno vantaggioso.",
        "Sconto compleanno (10%) non applicato: è meno vantaggioso.",
      ],
    },
    {
      name: "first order and birthday alike: the first one applies",
      offers: [firstOrder, birthday],
      sentences: [
        "Sull'ordine vale un solo sconto, il più vantaggioso per te: Sconto primo ordine (10%).",
        "Sconto compleanno (10%) non applicato: lo sconto sarebbe lo stesso.",
      ],
    },
  ])("$name", ({ offers, lines, sentences }) => {
    expect(explained(offers, lines).sentences).toEqual(sentences);
  });

  it("says nothing when no discount could apply (nothing left to discount)", () => {
    const free = [{ unitPriceCents: 0, quantity: 1, subcategory: "slip" }];
    expect(explained([firstOrder, code(10)], free)).toEqual({ sentences: [] });
  });
});

describe("cartDiscountNote", () => {
  it("tells what the checkout adds, and that the promotion adds to it", () => {
    expect(cartDiscountNote(0)).toBe(
      "Al checkout si aggiungono la spedizione e, se ne hai diritto, uno sconto sull'ordine (primo ordine, compleanno o codice sconto): se ne hai più d'uno, vale il più vantaggioso.",
    );
    expect(cartDiscountNote(1197)).toMatch(/ La Promo Extra 2° Costume si somma a quello sconto\.$/);
  });
});

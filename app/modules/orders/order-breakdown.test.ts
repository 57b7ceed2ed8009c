import { describe, expect, it } from "vitest";
import { type DiscountOffer, type PricedLine, pricedDiscounts, priceOrder } from "~/modules/cart/pricing";
import { amountText, centsByPart, type OrderAmounts, orderBreakdown } from "./order-breakdown";

const item = (productName: string, unitPriceCents: number, quantity = 1) => ({
  productName,
  quantity,
  size: "M",
  color: "Nero",
  unitPriceCents,
});

const firstOrder: DiscountOffer = { code: "first_order", label: "Sconto primo ordine (10%)", percent: 10 };
const coupon: DiscountOffer = { code: "coupon", label: "Codice sconto VETRINA15 (15%)", percent: 15 };
const rules = { shippingFeeCents: 790, freeShippingThresholdCents: 10_000, secondSwimsuitEnabled: true };

/** An order as the checkout writes it: its lines priced with these offers. */
function placed(
  lines: (ReturnType<typeof item> & { subcategory: string })[],
  deliveryMethod: OrderAmounts["deliveryMethod"],
  offers: DiscountOffer[] = [],
): OrderAmounts {
  const pricing = priceOrder(lines as PricedLine[], deliveryMethod, rules, offers);
  return {
    deliveryMethod,
    items: lines.map(({ subcategory: _, ...line }) => line),
    subtotalCents: pricing.subtotalCents,
    discounts: pricedDiscounts(pricing),
    shippingCostCents: pricing.shippingCents,
    totalCents: pricing.totalCents,
  };
}

// Each order: what its summary reads under the lines, row by row.
const cases: { name: string; order: OrderAmounts; rows: [string, string][] }[] = [
  {
    name: "no discount, shipped",
    order: placed(
      [
        { ...item("Pigiama in cotone", 2000, 2), subcategory: "pigiama" },
        { ...item("Calze", 1000), subcategory: "calze" },
      ],
      "shipping",
    ),
    rows: [
      ["Subtotale", "50,00 €"],
      ["Spedizione", "7,90 €"],
      ["Totale (IVA inclusa)", "57,90 €"],
    ],
  },
  {
    // The customer's order list showed 59,90 + 7,90 and a total of 61,81 (issue 26).
    name: "the first-order discount, shipped",
    order: placed([{ ...item("Body in pizzo", 5990), subcategory: "reggiseno" }], "shipping", [firstOrder]),
    rows: [
      ["Subtotale", "59,90 €"],
      ["Sconto primo ordine (10%)", "−5,99 €"],
      ["Spedizione", "7,90 €"],
      ["Totale (IVA inclusa)", "61,81 €"],
    ],
  },
  {
    // The admin's summary showed lines of 3,45 and a Subtotale of 3,10.
    name: "a small order with the first-order discount",
    order: placed([{ ...item("Calze corte", 345), subcategory: "calze" }], "shipping", [firstOrder]),
    rows: [
      ["Subtotale", "3,45 €"],
      ["Sconto primo ordine (10%)", "−0,35 €"],
      ["Spedizione", "7,90 €"],
      ["Totale (IVA inclusa)", "11,00 €"],
    ],
  },
  {
    name: "the swimsuit promotion and a code, collected in the shop",
    order: placed(
      [
        { ...item("Bikini a fascia", 5990), subcategory: "bikini" },
        { ...item("Costume intero", 3990), subcategory: "intero" },
      ],
      "pickup",
      [firstOrder, coupon],
    ),
    rows: [
      ["Subtotale", "99,80 €"],
      ["Promo Extra 2° Costume", "−11,97 €"],
      ["Codice sconto VETRINA15 (15%)", "−13,17 €"],
      ["Ritiro in negozio", "Gratuita"],
      ["Totale (IVA inclusa)", "74,66 €"],
    ],
  },
  {
    name: "the promotion alone, shipped free from 100 €",
    order: placed(
      [
        { ...item("Bikini a triangolo", 6990, 2), subcategory: "bikini" },
        { ...item("Telo mare", 2990), subcategory: "telo" },
      ],
      "shipping",
    ),
    rows: [
      ["Subtotale", "169,70 €"],
      ["Promo Extra 2° Costume", "−20,97 €"],
      ["Spedizione", "Gratuita"],
      ["Totale (IVA inclusa)", "148,73 €"],
    ],
  },
  {
    name: "a reservation with a code",
    order: placed([{ ...item("Vestaglia", 4990), subcategory: "pigiama" }], "pickup_and_pay", [coupon]),
    rows: [
      ["Subtotale", "49,90 €"],
      ["Codice sconto VETRINA15 (15%)", "−7,49 €"],
      ["Ritiro in negozio", "Gratuita"],
      ["Totale (IVA inclusa)", "42,41 €"],
    ],
  },
];

describe("orderBreakdown", () => {
  it.each(cases)("$name", ({ order, rows }) => {
    const breakdown = orderBreakdown(order);
    expect(breakdown.rows.map((row) => [row.label, amountText(row).replace(/\u00a0/g, " ")])).toEqual(rows);

    // What is on screen adds up: the lines make the Subtotale, and the Subtotale, less what is taken
    // off, plus shipping, makes the total.
    const linesSum = breakdown.lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const cents = centsByPart(breakdown);
    expect(linesSum).toBe(cents.subtotal);
    expect(cents.subtotal - cents.promo - cents.discount + cents.shipping).toBe(cents.total);
  });

  it("keeps each line with its total", () => {
    const { lines } = orderBreakdown(cases[0]?.order as OrderAmounts);
    expect(lines).toEqual([
      { ...item("Pigiama in cotone", 2000, 2), lineTotalCents: 4000 },
      { ...item("Calze", 1000), lineTotalCents: 1000 },
    ]);
  });

  it("puts the promotion before the order-level discount, whatever order they were stored in", () => {
    const order = cases[3]?.order as OrderAmounts;
    const breakdown = orderBreakdown({ ...order, discounts: [...order.discounts].reverse() });
    expect(breakdown.rows.map((row) => row.part)).toEqual(["subtotal", "promo", "discount", "shipping", "total"]);
  });
});

// Cart arithmetic shared by the cart page and the checkout: line totals, the item count and the
// 'Promo Extra 2° Costume' (storefront spec, section 9). Pure, integer euro cents only. The server
// runs it on prices it read from the database; the browser's stored prices never reach it.
import { SECOND_SWIMSUIT_DISCOUNT_PERCENT, SECOND_SWIMSUIT_SUBCATEGORIES } from "~/modules/shop/constants";

export const SECOND_SWIMSUIT_PROMO_LABEL = "Promo Extra 2° Costume";

export type PricedLine = { unitPriceCents: number; quantity: number; subcategory: string };

export type CartTotals = {
  /** Pieces in the cart: the sum of the quantities. */
  count: number;
  /** Sum of unit price × quantity, before any discount. */
  subtotalCents: number;
  /** 'Promo Extra 2° Costume' discount for each line, in the order of the lines given. */
  promoDiscountCentsByLine: number[];
  promoDiscountCents: number;
  /** Subtotal minus the promotion; shipping and other discounts come at checkout. */
  totalCents: number;
};

export function lineTotalCents(line: Pick<PricedLine, "unitPriceCents" | "quantity">): number {
  return line.unitPriceCents * line.quantity;
}

export function isSwimsuit(subcategory: string): boolean {
  return (SECOND_SWIMSUIT_SUBCATEGORIES as readonly string[]).includes(subcategory.trim().toLowerCase());
}

/**
 * 30% of one unit's price, rounded half-up to the cent (1,45 € → 43,5 ct → 44 ct), so each unit's
 * discount is a whole number of cents and the lines of an order add up to the order's discount.
 */
function unitDiscountCents(unitPriceCents: number): number {
  return Math.floor((unitPriceCents * SECOND_SWIMSUIT_DISCOUNT_PERCENT + 50) / 100);
}

/**
 * 'Promo Extra 2° Costume': the bikini and intero lines are expanded into single units, sorted by
 * price ascending, and the cheapest floor(units / 2) units each get 30% off. Returns the discount
 * of every line (0 for lines the promotion does not touch).
 */
export function secondSwimsuitDiscounts(lines: readonly PricedLine[]): number[] {
  const units: { line: number; priceCents: number }[] = [];
  lines.forEach((line, index) => {
    if (!isSwimsuit(line.subcategory)) return;
    for (let i = 0; i < line.quantity; i++) units.push({ line: index, priceCents: line.unitPriceCents });
  });
  // Stable sort: among equal prices the earlier line is discounted first; the total is the same either way.
  units.sort((a, b) => a.priceCents - b.priceCents);
  const discounts = lines.map(() => 0);
  for (const unit of units.slice(0, Math.floor(units.length / 2))) {
    discounts[unit.line] = (discounts[unit.line] ?? 0) + unitDiscountCents(unit.priceCents);
  }
  return discounts;
}

export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  const promoDiscountCentsByLine = secondSwimsuitDiscounts(lines);
  const subtotalCents = lines.reduce((sum, line) => sum + lineTotalCents(line), 0);
  const promoDiscountCents = promoDiscountCentsByLine.reduce((sum, discount) => sum + discount, 0);
  return {
    count: lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotalCents,
    promoDiscountCentsByLine,
    promoDiscountCents,
    totalCents: subtotalCents - promoDiscountCents,
  };
}

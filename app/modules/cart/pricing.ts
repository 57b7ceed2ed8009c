// Cart and order arithmetic shared by the cart page and the checkout: line totals, the item count,
// the 'Promo Extra 2° Costume', the one order-level discount and the
// delivery fee. Pure, integer euro cents only. The server runs it on prices it read from the
// database; the browser's stored prices never reach it.
import {
  SECOND_SWIMSUIT_DISCOUNT_PERCENT,
  SECOND_SWIMSUIT_SUBCATEGORIES,
  STORE_PICKUP_FEE_CENTS,
} from "~/modules/shop/constants";

export const SECOND_SWIMSUIT_PROMO_LABEL = "Promo Extra 2° Costume";
/** The promotion's code among an order's stored discounts. */
export const SECOND_SWIMSUIT_PROMO_CODE = "second_swimsuit";

/** The rules staff set in 'Impostazioni' that the arithmetic follows (the server reads them per request). */
export type PricingRules = {
  shippingFeeCents: number;
  /** Goods totals from this amount (after discounts) ship for free; null: shipping is never free. */
  freeShippingThresholdCents: number | null;
  secondSwimsuitEnabled: boolean;
};

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
  return percentOf(unitPriceCents, SECOND_SWIMSUIT_DISCOUNT_PERCENT);
}

/**
 * 'Promo Extra 2° Costume': the bikini and intero lines are expanded into single units, sorted by
 * price ascending, and the cheapest floor(units / 2) units each get 30% off. Returns the discount
 * of every line (0 for lines the promotion does not touch, and for all when staff switched it off).
 */
export function secondSwimsuitDiscounts(
  lines: readonly PricedLine[],
  rules: Pick<PricingRules, "secondSwimsuitEnabled">,
): number[] {
  if (!rules.secondSwimsuitEnabled) return lines.map(() => 0);
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

export function cartTotals(
  lines: readonly PricedLine[],
  rules: Pick<PricingRules, "secondSwimsuitEnabled">,
): CartTotals {
  const promoDiscountCentsByLine = secondSwimsuitDiscounts(lines, rules);
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

// ---------------------------------------------------------------------------
// The order: the cart's lines, at most one order-level discount and the delivery fee
// (docs/decisions/0007-order-pricing.md).

/** An order-level discount the shopper is entitled to; the largest one applies, the first on a tie. */
export type DiscountOffer = { code: "first_order" | "birthday" | "coupon"; label: string; percent: number };

export type AppliedDiscount = DiscountOffer & { amountCents: number };

export type OrderPricing = Omit<CartTotals, "totalCents"> & {
  /** The one order-level discount, or null. */
  orderDiscount: AppliedDiscount | null;
  /** The order-level discount's share of each line, in the order of the lines given. */
  orderDiscountCentsByLine: number[];
  /** Goods after every discount: what the free-shipping threshold is measured on. */
  goodsTotalCents: number;
  shippingCents: number;
  /** What the shopper pays, IVA included. */
  totalCents: number;
};

export type Delivery = "shipping" | "pickup" | "pickup_and_pay";

/** The discounts of a priced order as the order keeps them: the promotion, then the order-level discount. */
export function pricedDiscounts(
  pricing: Pick<OrderPricing, "promoDiscountCents" | "orderDiscount">,
): { code: string; label: string; amountCents: number }[] {
  return [
    ...(pricing.promoDiscountCents > 0
      ? [
          {
            code: SECOND_SWIMSUIT_PROMO_CODE,
            label: SECOND_SWIMSUIT_PROMO_LABEL,
            amountCents: pricing.promoDiscountCents,
          },
        ]
      : []),
    ...(pricing.orderDiscount
      ? [
          {
            code: pricing.orderDiscount.code,
            label: pricing.orderDiscount.label,
            amountCents: pricing.orderDiscount.amountCents,
          },
        ]
      : []),
  ];
}

/** Half-up to the cent of `percent`% of `cents`. */
export function percentOf(cents: number, percent: number): number {
  return Math.floor((cents * percent + 50) / 100);
}

/**
 * Splits `amountCents` over the lines in proportion to `weights`, in whole cents that add up to it:
 * each line gets the floor of its share, and the cents left go to the largest remainders (the
 * earlier line on a tie).
 */
export function allocate(amountCents: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total === 0) return weights.map(() => 0);
  const shares = weights.map((weight) => Math.floor((amountCents * weight) / total));
  const left = amountCents - shares.reduce((sum, share) => sum + share, 0);
  const byRemainder = weights
    .map((weight, index) => ({ index, remainder: (amountCents * weight) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder.slice(0, left)) shares[index] = (shares[index] ?? 0) + 1;
  return shares;
}

export function shippingFeeCents(delivery: Delivery, goodsTotalCents: number, rules: PricingRules): number {
  if (delivery !== "shipping") return STORE_PICKUP_FEE_CENTS;
  const free = rules.freeShippingThresholdCents !== null && goodsTotalCents >= rules.freeShippingThresholdCents;
  return free ? 0 : rules.shippingFeeCents;
}

/**
 * The order's amounts: the 'Promo Extra 2° Costume' on the lines, then the largest of the offered
 * order-level discounts on what is left, then shipping (free from the threshold of goods after
 * discounts, when there is one, and for pickups).
 */
export function priceOrder(
  lines: readonly PricedLine[],
  delivery: Delivery,
  rules: PricingRules,
  offers: readonly DiscountOffer[] = [],
): OrderPricing {
  const { totalCents: cartTotalCents, ...cart } = cartTotals(lines, rules);
  const best = offers.reduce<DiscountOffer | null>(
    (chosen, offer) => (offer.percent > (chosen?.percent ?? 0) ? offer : chosen),
    null,
  );
  const amountCents = best ? percentOf(cartTotalCents, best.percent) : 0;
  const orderDiscountCentsByLine = allocate(
    amountCents,
    lines.map((line, index) => lineTotalCents(line) - (cart.promoDiscountCentsByLine[index] ?? 0)),
  );
  const goodsTotalCents = cartTotalCents - amountCents;
  const shippingCents = shippingFeeCents(delivery, goodsTotalCents, rules);
  return {
    ...cart,
    orderDiscount: best && amountCents > 0 ? { ...best, amountCents } : null,
    orderDiscountCentsByLine,
    goodsTotalCents,
    shippingCents,
    totalCents: goodsTotalCents + shippingCents,
  };
}

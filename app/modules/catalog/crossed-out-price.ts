// A reduced price is two prices: the sale price and the reference price crossed out beside it. The
// percentage is never typed or stored: it is worked out here from the two, wherever it is shown
// (product page, admin list and form), so it cannot announce a bigger cut than the prices make
// (a misleading price under the Codice del Consumo, art. 20-23). A price shows in red only beside
// its crossed-out price; anything else (no reference price, or one that is not higher) is ordinary.

type Priced = { priceCents: number | null; originalPriceCents: number | null };

/** The reference price to cross out beside the price, or null when the product is not reduced. */
export function crossedOutPriceCents({ priceCents, originalPriceCents }: Priced): number | null {
  return priceCents !== null && originalPriceCents !== null && originalPriceCents > priceCents
    ? originalPriceCents
    : null;
}

/**
 * The reduction in whole percent, rounded down so it never claims more than the cut (39,90 → 29,90
 * is 25,06%: "-25%"); null when the product is not reduced, or by less than 1%.
 */
export function discountPercent(product: Priced): number | null {
  const reference = crossedOutPriceCents(product);
  if (reference === null || product.priceCents === null) return null;
  const percent = Math.floor(((reference - product.priceCents) * 100) / reference);
  return percent >= 1 ? percent : null;
}

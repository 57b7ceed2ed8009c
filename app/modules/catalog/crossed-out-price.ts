// A price shows in red only beside the crossed-out price it was reduced from; anything else (no
// reference price, or one that is not higher) is an ordinary price.

type Priced = { priceCents: number | null; originalPriceCents: number | null };

/** The reference price to cross out beside the price, or null when the product is not reduced. */
export function crossedOutPriceCents({ priceCents, originalPriceCents }: Priced): number | null {
  return priceCents !== null && originalPriceCents !== null && originalPriceCents > priceCents
    ? originalPriceCents
    : null;
}

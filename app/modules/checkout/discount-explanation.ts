import { type AppliedDiscount, type DiscountOffer, SECOND_SWIMSUIT_PROMO_LABEL } from "~/modules/cart/pricing";

// What the shopper reads next to the discounts (issue 26): which discount applied and why any other
// they were entitled to did not. The choice itself is priceOrder's (design decision 3: the promotion
// on the swimsuits, then the one largest order-level discount, the automatic one on a tie); this
// only puts it into words.

export type DiscountExplanation = {
  /** The sentences under the amounts, in order; none when there is nothing to explain. */
  sentences: string[];
};

function notAppliedSentence(offer: DiscountOffer, applied: AppliedDiscount): string {
  const reason = offer.percent < applied.percent ? "è meno vantaggioso" : "lo sconto sarebbe lo stesso";
  return `${offer.label} non applicato: ${reason}${offer.code === "coupon" ? ", e il codice non viene speso" : ""}.`;
}

export function explainDiscounts({
  offers,
  applied,
  promoCents,
}: {
  /** Every order-level discount the shopper was entitled to. */
  offers: readonly DiscountOffer[];
  /** The one that applied, or null. */
  applied: AppliedDiscount | null;
  /** The 'Promo Extra 2° Costume' on the lines. */
  promoCents: number;
}): DiscountExplanation {
  if (!applied) return { sentences: [] };
  const others = offers.filter((offer) => offer.code !== applied.code);
  return {
    sentences: [
      ...(promoCents > 0
        ? [`La ${SECOND_SWIMSUIT_PROMO_LABEL} vale sui costumi e si somma allo sconto sull'ordine.`]
        : []),
      ...(others.length > 0 ? [`Sull'ordine vale un solo sconto, il più vantaggioso per te: ${applied.label}.`] : []),
      ...others.map((offer) => notAppliedSentence(offer, applied)),
    ],
  };
}

/** The cart's note on what the checkout adds: it knows neither the shopper nor the code yet. */
export function cartDiscountNote(promoCents: number): string {
  return [
    "Al checkout si aggiungono la spedizione e, se ne hai diritto, uno sconto sull'ordine (primo ordine, compleanno o codice sconto): se ne hai più d'uno, vale il più vantaggioso.",
    ...(promoCents > 0 ? [`La ${SECOND_SWIMSUIT_PROMO_LABEL} si somma a quello sconto.`] : []),
  ].join(" ");
}

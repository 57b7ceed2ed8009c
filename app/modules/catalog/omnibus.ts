// Italian "Omnibus" rule (Codice del Consumo, art. 17-bis): a price reduction must show the lowest
// price applied in the 30 days before the reduction.

const OMNIBUS_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

export type PricePoint = { priceCents: number; validFrom: Date };

/**
 * The lowest price in effect during the 30 days before the current price took effect: the price
 * already in effect when that window opened and every price set within it. Null when the history
 * holds no price before the current one.
 */
export function lowestPriceBeforeCurrent(history: readonly PricePoint[], now: Date = new Date()): number | null {
  const past = history
    .filter((point) => point.validFrom.getTime() <= now.getTime())
    .sort((a, b) => a.validFrom.getTime() - b.validFrom.getTime());
  const current = past.at(-1);
  if (!current) return null;
  const reducedAt = current.validFrom.getTime();
  const windowStart = reducedAt - OMNIBUS_WINDOW_MS;
  const earlier = past.slice(0, -1);
  const inEffectAtWindowStart = earlier.filter((point) => point.validFrom.getTime() <= windowStart).at(-1);
  const setWithinWindow = earlier.filter((point) => point.validFrom.getTime() > windowStart);
  const candidates = [...(inEffectAtWindowStart ? [inEffectAtWindowStart] : []), ...setWithinWindow];
  if (candidates.length === 0) return null;
  return Math.min(...candidates.map((point) => point.priceCents));
}

// Whether a cart line can be bought, and how many pieces: one set of rules for the product page,
// the cart and the checkout. The server applies them to what it reads from the database; the
// browser applies the same rules only to spare the shopper a round trip.
import type { PricingRules } from "./pricing";

/**
 * How many pieces one order may take (the shop's settings, 'Limiti degli ordini'): nobody takes a
 * shelf's worth off sale with one unpaid order.
 */
export type UnitLimits = { maxUnitsPerLine: number; maxUnitsPerOrder: number };

/** What the cart's quote needs of the shop's rules. */
export type CartRules = Pick<PricingRules, "secondSwimsuitEnabled"> & UnitLimits;

/**
 * ok: can be bought. missing: the product, or its size in that colour, no longer exists.
 * sold_out: no stock left. no_price: the price is not available. below_minimum: fewer pieces than
 * the product's minimum quantity (a pack) are asked for, or left in stock.
 */
export type LineStatus = "ok" | "missing" | "sold_out" | "no_price" | "below_minimum";

export type LineFacts = {
  /** Null when the product or the variant no longer exists. */
  variant: { stock: number } | null;
  priceCents: number | null;
  minQuantity: number;
};

export type LineCheck = {
  status: LineStatus;
  /** What can be bought: the request capped at the stock and the limit per line (for lines that cannot be bought, the request). */
  quantity: number;
  /** True when the request was above the stock or the limit per line and has been lowered. */
  clamped: boolean;
};

/**
 * The most pieces a line may have: its stock, or the shop's limit per line when lower. Never below
 * the product's minimum quantity, so a pack larger than the limit can still be bought.
 */
export function maxLineQuantity(stock: number, minQuantity: number, maxUnitsPerLine: number): number {
  return Math.min(Math.max(0, stock), Math.max(maxUnitsPerLine, minQuantity));
}

export function checkLine(
  facts: LineFacts,
  requested: number,
  maxUnitsPerLine: number = Number.POSITIVE_INFINITY,
): LineCheck {
  const stock = Math.max(0, facts.variant?.stock ?? 0);
  const quantity = Math.min(requested, maxLineQuantity(stock, facts.minQuantity, maxUnitsPerLine));
  const status: LineStatus =
    facts.variant === null
      ? "missing"
      : stock === 0
        ? "sold_out"
        : facts.priceCents === null
          ? "no_price"
          : quantity < Math.max(1, facts.minQuantity)
            ? "below_minimum"
            : "ok";
  if (status !== "ok") return { status, quantity: requested, clamped: false };
  return { status, quantity, clamped: quantity < requested };
}

/** What the cart and the checkout say about a line that cannot be bought. */
export function lineProblemMessage(status: Exclude<LineStatus, "ok">, minQuantity: number): string {
  switch (status) {
    case "missing":
      return "Questo articolo non è più disponibile. Rimuovilo dal carrello.";
    case "sold_out":
      return "Articolo esaurito in questa taglia e colore. Rimuovilo dal carrello.";
    case "no_price":
      return "Prezzo del prodotto non disponibile. Rimuovilo dal carrello.";
    case "below_minimum":
      return `Questo articolo si vende a partire da ${minQuantity} pezzi.`;
  }
}

/** What the cart says of a line it lowered: to the stock, or to the shop's limit per line. */
export function loweredLineMessage(line: { stock: number; maxQuantity: number }): string {
  return line.maxQuantity < line.stock
    ? `Al massimo ${line.maxQuantity} pezzi per articolo in un ordine: abbiamo aggiornato la quantità.`
    : `Disponibili solo ${line.stock} pezzi: abbiamo aggiornato la quantità.`;
}

/** Why the cart cannot become one order because of how many pieces it holds, or null. */
export function orderUnitsProblem(units: number, maxUnitsPerOrder: number): string | null {
  if (units <= maxUnitsPerOrder) return null;
  return `Un ordine può contenere al massimo ${maxUnitsPerOrder} pezzi, e nel carrello ce ne sono ${units}: togline qualcuno per procedere. Per un ordine più grande scrivici.`;
}

// Whether a cart line can be bought, and how many pieces: one set of rules for the product page,
// the cart and the checkout. The server applies them to what it reads from the database; the
// browser applies the same rules only to spare the shopper a round trip.

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
  /** What can be bought: the request capped at the stock (for lines that cannot be bought, the request). */
  quantity: number;
  /** True when the request was above the stock and has been lowered. */
  clamped: boolean;
};

export function checkLine(facts: LineFacts, requested: number): LineCheck {
  const stock = Math.max(0, facts.variant?.stock ?? 0);
  const quantity = Math.min(requested, stock);
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

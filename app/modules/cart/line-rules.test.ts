import { describe, expect, it } from "vitest";
import { checkLine, lineProblemMessage, loweredLineMessage, orderUnitsProblem } from "./line-rules";

const priced = (stock: number, minQuantity = 1) => ({ variant: { stock }, priceCents: 1990, minQuantity });

describe("checkLine", () => {
  it("lets a line in stock through as asked", () => {
    expect(checkLine(priced(5), 3)).toEqual({ status: "ok", quantity: 3, clamped: false });
    expect(checkLine(priced(3), 3)).toEqual({ status: "ok", quantity: 3, clamped: false });
  });

  it("caps the quantity at the stock and says so", () => {
    expect(checkLine(priced(2), 9999)).toEqual({ status: "ok", quantity: 2, clamped: true });
  });

  it("caps the quantity at the shop's limit per line, but never below a pack's minimum", () => {
    expect(checkLine(priced(50), 12, 10)).toEqual({ status: "ok", quantity: 10, clamped: true });
    expect(checkLine(priced(50), 10, 10)).toEqual({ status: "ok", quantity: 10, clamped: false });
    expect(checkLine(priced(4), 12, 10)).toEqual({ status: "ok", quantity: 4, clamped: true });
    expect(checkLine(priced(50, 12), 12, 10)).toEqual({ status: "ok", quantity: 12, clamped: false });
  });

  it("refuses a vanished product or variant, a sold-out one and one without a price", () => {
    expect(checkLine({ variant: null, priceCents: 1990, minQuantity: 1 }, 1).status).toBe("missing");
    expect(checkLine(priced(0), 1).status).toBe("sold_out");
    expect(checkLine({ variant: { stock: 4 }, priceCents: null, minQuantity: 1 }, 1).status).toBe("no_price");
  });

  it("keeps the product's minimum quantity: asked below it, or stock below it", () => {
    expect(checkLine(priced(10, 3), 2)).toEqual({ status: "below_minimum", quantity: 2, clamped: false });
    expect(checkLine(priced(2, 3), 3).status).toBe("below_minimum");
    expect(checkLine(priced(10, 3), 3).status).toBe("ok");
  });

  it("treats negative stock as none", () => {
    expect(checkLine(priced(-4), 1).status).toBe("sold_out");
  });
});

describe("lineProblemMessage", () => {
  it("names the minimum pack", () => {
    expect(lineProblemMessage("below_minimum", 3)).toBe("Questo articolo si vende a partire da 3 pezzi.");
  });
});

describe("the cart's words for a lowered line and a too large order", () => {
  it("says which limit lowered the line", () => {
    expect(loweredLineMessage({ stock: 50, maxQuantity: 10 })).toBe(
      "Al massimo 10 pezzi per articolo in un ordine: abbiamo aggiornato la quantità.",
    );
    expect(loweredLineMessage({ stock: 4, maxQuantity: 4 })).toBe(
      "Disponibili solo 4 pezzi: abbiamo aggiornato la quantità.",
    );
  });

  it("names an order above the limit per order, and nothing up to it", () => {
    expect(orderUnitsProblem(30, 30)).toBeNull();
    expect(orderUnitsProblem(32, 30)).toBe(
      "Un ordine può contenere al massimo 30 pezzi, e nel carrello ce ne sono 32: togline qualcuno per procedere. Per un ordine più grande scrivici.",
    );
  });
});

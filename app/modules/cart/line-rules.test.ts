import { describe, expect, it } from "vitest";
import { checkLine, lineProblemMessage } from "./line-rules";

const priced = (stock: number, minQuantity = 1) => ({ variant: { stock }, priceCents: 1990, minQuantity });

describe("checkLine", () => {
  it("lets a line in stock through as asked", () => {
    expect(checkLine(priced(5), 3)).toEqual({ status: "ok", quantity: 3, clamped: false });
    expect(checkLine(priced(3), 3)).toEqual({ status: "ok", quantity: 3, clamped: false });
  });

  it("caps the quantity at the stock and says so", () => {
    expect(checkLine(priced(2), 9999)).toEqual({ status: "ok", quantity: 2, clamped: true });
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

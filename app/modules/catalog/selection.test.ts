import { describe, expect, it } from "vitest";
import { addToCartProblem } from "~/modules/cart/add-to-cart-problem";
import {
  availableStock,
  choicesFromForm,
  clampQuantity,
  deriveOptions,
  initialSelection,
  isSizeAvailable,
  minimumQuantity,
  type SelectableProduct,
  selectColor,
  soldOutLabel,
  type VariantStock,
} from "./selection";

const codes: Record<string, string> = { Nero: "#111111", Bianco: "#ffffff", Rosso: "#b3261e", Unico: "#888888" };

/** Variants from a table: colour → size → stock. */
function productWith(
  stockTable: Record<string, Record<string, number>>,
  overrides: Partial<SelectableProduct> = {},
): SelectableProduct {
  const variants: VariantStock[] = Object.entries(stockTable).flatMap(([colorName, sizes]) =>
    Object.entries(sizes).map(([size, stock]) => ({
      colorName,
      colorCode: codes[colorName] ?? "#000000",
      size,
      stock,
    })),
  );
  return { priceCents: 2990, minQuantity: 1, variants, ...deriveOptions(variants), ...overrides };
}

// Black sold out in S; white sold out entirely; red only in L.
const bra = () =>
  productWith({
    Nero: { S: 0, M: 4, L: 2 },
    Bianco: { S: 0, M: 0, L: 0 },
    Rosso: { S: 0, M: 0, L: 1 },
  });

describe("deriveOptions", () => {
  it("builds the spec's colours, sizes and product stock from the variants, in variant order", () => {
    const { colors, sizes, inStock } = bra();
    expect(inStock).toBe(7);
    expect(colors).toEqual([
      { name: "Nero", code: "#111111", available: true, stock: 6, sizes: ["S", "M", "L"] },
      { name: "Bianco", code: "#ffffff", available: false, stock: 0, sizes: ["S", "M", "L"] },
      { name: "Rosso", code: "#b3261e", available: true, stock: 1, sizes: ["S", "M", "L"] },
    ]);
    expect(sizes).toEqual([
      { name: "S", available: false, stock: 0 },
      { name: "M", available: true, stock: 4 },
      { name: "L", available: true, stock: 3 },
    ]);
  });
});

describe("initialSelection", () => {
  it("preselects the first available colour and its first available size", () => {
    expect(initialSelection(bra())).toEqual({ color: "Nero", size: "M" });
  });

  it("skips a sold-out first colour", () => {
    const product = productWith({ Bianco: { M: 0 }, Rosso: { S: 0, M: 3 } });
    expect(initialSelection(product)).toEqual({ color: "Rosso", size: "M" });
  });

  it("selects nothing when everything is sold out", () => {
    expect(initialSelection(productWith({ Nero: { S: 0, M: 0 } }))).toEqual({ color: null, size: null });
  });
});

describe("selectColor", () => {
  it("keeps the size when the new colour has it in stock", () => {
    expect(selectColor(bra(), { color: "Nero", size: "L" }, "Rosso")).toEqual({ color: "Rosso", size: "L" });
  });

  it("asks for the size again when the new colour does not have it", () => {
    expect(selectColor(bra(), { color: "Nero", size: "M" }, "Rosso")).toEqual({ color: "Rosso", size: null });
  });

  it("lets the one size follow the colour", () => {
    const scarf = productWith({ Nero: { Unica: 2 }, Rosso: { Unica: 0 }, Bianco: { Unica: 5 } });
    expect(selectColor(scarf, { color: "Rosso", size: null }, "Bianco")).toEqual({ color: "Bianco", size: "Unica" });
  });
});

describe("isSizeAvailable", () => {
  it("looks at the chosen colour, or at any colour when none is chosen", () => {
    expect(isSizeAvailable(bra(), "Nero", "M")).toBe(true);
    expect(isSizeAvailable(bra(), "Rosso", "M")).toBe(false);
    expect(isSizeAvailable(bra(), null, "M")).toBe(true);
    expect(isSizeAvailable(bra(), null, "S")).toBe(false);
  });
});

describe("availableStock", () => {
  it("is the variant's stock when colour and size are chosen", () => {
    expect(availableStock(bra(), { color: "Nero", size: "L" })).toBe(2);
    expect(availableStock(bra(), { color: "Rosso", size: "M" })).toBe(0);
  });

  it("is the colour's stock, else the size's stock, else the product's stock", () => {
    expect(availableStock(bra(), { color: "Nero", size: null })).toBe(6);
    expect(availableStock(bra(), { color: null, size: "L" })).toBe(3);
    expect(availableStock(bra(), { color: null, size: null })).toBe(7);
  });
});

describe("quantity", () => {
  it("starts at the minimum quantity, or 1", () => {
    expect(minimumQuantity({ minQuantity: 1 })).toBe(1);
    expect(minimumQuantity({ minQuantity: 3 })).toBe(3);
    expect(minimumQuantity({ minQuantity: 0 })).toBe(1);
  });

  it("is clamped between the minimum and the stock", () => {
    expect(clampQuantity(5, { minQuantity: 1 }, 4)).toBe(4);
    expect(clampQuantity(0, { minQuantity: 1 }, 4)).toBe(1);
    expect(clampQuantity(2, { minQuantity: 3 }, 10)).toBe(3);
    expect(clampQuantity(3, { minQuantity: 1 }, 10)).toBe(3);
  });

  it("stays at the minimum when the stock is below it", () => {
    expect(clampQuantity(4, { minQuantity: 3 }, 2)).toBe(3);
    expect(clampQuantity(4, { minQuantity: 1 }, 0)).toBe(1);
  });
});

describe("addToCartProblem", () => {
  it.each([
    {
      case: "allows an available colour and size within stock",
      product: bra(),
      selection: { color: "Nero", size: "M" },
      quantity: 4,
      problem: null,
    },
    {
      case: "blocks a sold-out product",
      product: productWith({ Nero: { S: 0, M: 0 } }),
      selection: { color: null, size: null },
      quantity: 1,
      problem: { title: "Prodotto Esaurito", description: "Questo articolo non è al momento disponibile." },
    },
    {
      case: "blocks a sold-out colour",
      product: bra(),
      selection: { color: "Bianco", size: null },
      quantity: 1,
      problem: { title: "Colore Esaurito", description: "Questo colore non è al momento disponibile." },
    },
    {
      case: "blocks a product without a price",
      product: productWith({ Nero: { M: 3 } }, { priceCents: null }),
      selection: { color: "Nero", size: "M" },
      quantity: 1,
      problem: { title: "Errore", description: "Prezzo del prodotto non disponibile." },
    },
    {
      case: "asks for a size when there are sizes and the first is not 'Unica'",
      product: bra(),
      selection: { color: "Nero", size: null },
      quantity: 1,
      problem: { title: "Selezione richiesta", description: "Per favore, seleziona una taglia." },
    },
    {
      case: "does not ask for a size on one-size products",
      product: productWith({ Nero: { Unica: 2 } }),
      selection: { color: "Nero", size: null },
      quantity: 1,
      problem: null,
    },
    {
      case: "asks for a colour when the first is not 'Unico'",
      product: bra(),
      selection: { color: null, size: "M" },
      quantity: 1,
      problem: { title: "Selezione richiesta", description: "Per favore, seleziona un colore." },
    },
    {
      case: "does not ask for a colour on single-colour products",
      product: productWith({ Unico: { S: 1, M: 2 } }),
      selection: { color: null, size: "M" },
      quantity: 2,
      problem: null,
    },
  ])("$case", ({ product, selection, quantity, problem }) => {
    expect(addToCartProblem(product, selection, quantity)).toEqual(problem);
  });

  it("blocks more pieces than the stock, counting those already in the cart", () => {
    const tooMany = {
      title: "Quantità non disponibile",
      description: "Sono disponibili solo 2 pezzi per questo colore.",
    };
    expect(addToCartProblem(bra(), { color: "Nero", size: "L" }, 3)).toEqual(tooMany);
    expect(addToCartProblem(bra(), { color: "Nero", size: "L" }, 1, 1)).toBeNull();
    expect(addToCartProblem(bra(), { color: "Nero", size: "L" }, 1, 2)).toEqual(tooMany);
  });

  it("blocks a pack whose minimum quantity exceeds the stock", () => {
    const pack = productWith({ Nero: { M: 2 } }, { minQuantity: 3 });
    expect(addToCartProblem(pack, { color: "Nero", size: "M" }, 3)?.title).toBe("Quantità non disponibile");
  });
});

describe("choicesFromForm", () => {
  const form = (fields: Record<string, string>) => new URLSearchParams(fields);

  it("reads the colour, size and quantity posted or chosen before the page was interactive", () => {
    expect(choicesFromForm(bra(), form({ color: "Rosso", size: "L", quantity: "3" }))).toEqual({
      selection: { color: "Rosso", size: "L" },
      quantity: 3,
    });
  });

  it("takes names the product does not have, and quantities that are not whole numbers, as not chosen", () => {
    expect(choicesFromForm(bra(), form({ color: "Viola", size: "XXL", quantity: "2.5" }))).toEqual({
      selection: { color: null, size: null },
      quantity: null,
    });
    expect(choicesFromForm(bra(), form({})).quantity).toBeNull();
  });
});

describe("soldOutLabel", () => {
  it("names a sold-out product, then a sold-out colour, and nothing for what can be bought", () => {
    const soldOut = productWith({ Nero: { S: 0 } });
    expect(soldOutLabel(soldOut, { color: null, size: null })).toBe("Prodotto esaurito");
    expect(soldOutLabel(bra(), { color: "Bianco", size: null })).toBe("Colore esaurito");
    expect(soldOutLabel(bra(), { color: "Nero", size: "M" })).toBeNull();
  });
});

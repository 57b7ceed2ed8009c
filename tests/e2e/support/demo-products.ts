import { buildDemoCatalog, type DemoProduct } from "../../../app/demo/catalog/catalog";
import {
  deriveOptions,
  initialSelection,
  ONE_SIZE,
  type SelectableProduct,
} from "../../../app/modules/catalog/selection";

// Products of the demo catalogue (deterministic, loaded by the app under test) that show each rule.

export const demoCatalog = buildDemoCatalog();

export function selectable(product: DemoProduct): SelectableProduct {
  return { ...product, ...deriveOptions(product.variants) };
}

function find(description: string, test: (product: DemoProduct) => boolean): DemoProduct {
  const found = demoCatalog.find(test);
  if (!found) throw new Error(`The demo catalogue has no ${description}`);
  return found;
}

const colourNames = (product: DemoProduct) => [...new Set(product.variants.map((variant) => variant.colorName))];
const stockOf = (product: DemoProduct, color: string | null, size: string | null) =>
  product.variants.find((variant) => variant.colorName === color && variant.size === size)?.stock ?? 0;
const purchasable = (product: DemoProduct) =>
  product.priceCents !== null && product.minQuantity === 1 && selectable(product).inStock > 0;

/** The variant the page preselects. */
export function preselected(product: DemoProduct) {
  const selection = initialSelection(selectable(product));
  return { ...selection, stock: stockOf(product, selection.color, selection.size) };
}

/**
 * A line of the browser's stored cart (key shoppingCart) for `quantity` of the product's preselected
 * colour and size, as the product page adds it; `price` is what the browser kept (never trusted).
 */
export function cartItem(product: DemoProduct, quantity: number, price = product.priceCents) {
  const { color, size } = preselected(product);
  return {
    id: product.id,
    name: product.name,
    price,
    image: null,
    quantity,
    color,
    size,
    category: product.gender,
    subcategory: product.subcategory,
  };
}

/** Several colours, all available, sizes to choose, at full price. */
export const everydayProduct = find(
  "plain product",
  (product) =>
    purchasable(product) &&
    product.originalPriceCents === null &&
    colourNames(product).length >= 2 &&
    selectable(product).colors.every((colour) => colour.available) &&
    product.variants[0]?.size !== ONE_SIZE &&
    preselected(product).stock >= 3,
);

/** One colour sold out, the others available. */
export const soldOutColourProduct = find(
  "product with a sold-out colour",
  (product) =>
    purchasable(product) &&
    selectable(product).colors.some((colour) => !colour.available) &&
    selectable(product).colors.some((colour) => colour.available),
);

/**
 * The preselected size is sold out in another, available colour: choosing that colour asks for the
 * size again.
 */
export const sizeGoneInOtherColourProduct = (() => {
  let otherColour = "";
  const product = find("product whose preselected size is sold out in another colour", (candidate) => {
    if (!purchasable(candidate) || candidate.variants[0]?.size === ONE_SIZE) return false;
    const { size } = preselected(candidate);
    const other = selectable(candidate).colors.find(
      (colour) => colour.available && stockOf(candidate, colour.name, size) === 0,
    );
    otherColour = other?.name ?? "";
    return other !== undefined;
  });
  return { product, otherColour };
})();

/** The preselected variant has only a few pieces. */
export const fewPiecesProduct = find(
  "product whose preselected variant has 2 or 3 pieces",
  (product) => purchasable(product) && [2, 3].includes(preselected(product).stock),
);

export const unpricedProduct = find("product without a price", (product) => product.priceCents === null);

export const soldOutProduct = find("sold-out product", (product) => selectable(product).inStock === 0);

export const discountedProduct = find(
  "discounted product with an earlier promotion",
  (product) =>
    product.originalPriceCents !== null && product.priceHistory.length > 2 && selectable(product).inStock > 0,
);

/** Two swimsuits in stock at different prices: a bikini and an intero. */
export const swimsuits = (() => {
  const cheaper = find(
    "bikini in stock",
    (product) => product.subcategory === "bikini" && purchasable(product) && preselected(product).stock >= 2,
  );
  const dearer = find(
    "intero in stock dearer than the bikini",
    (product) =>
      product.subcategory === "intero" && purchasable(product) && (product.priceCents ?? 0) > (cheaper.priceCents ?? 0),
  );
  return { cheaper, dearer };
})();

/** Another colour has the preselected size with fewer pieces: switching to it must lower a large quantity. */
export const fewerPiecesInOtherColour = (() => {
  let otherColour = "";
  let otherStock = 0;
  const product = find("product whose preselected size has fewer pieces in another colour", (candidate) => {
    // Not the product the checkout journeys buy: its stock must still be the demo's, whatever ran before.
    if (!purchasable(candidate) || candidate.id === everydayProduct.id) return false;
    const { size, stock } = preselected(candidate);
    const other = selectable(candidate).colors.find((colour) => {
      const pieces = stockOf(candidate, colour.name, size);
      return pieces >= 2 && pieces + 1 < stock;
    });
    otherColour = other?.name ?? "";
    otherStock = other ? stockOf(candidate, other.name, size) : 0;
    return other !== undefined;
  });
  return { product, otherColour, otherStock };
})();

/** Sold by the piece from a minimum of several ("confezione da 3"), in stock for more than that. */
export const packProduct = find(
  "product sold from a minimum of several pieces",
  (product) =>
    product.priceCents !== null && product.minQuantity > 1 && preselected(product).stock > product.minQuantity,
);

/** A product no other journey buys: a test may bring its preselected variant down to its last piece. */
export const lastPieceProduct = (() => {
  const found = [...demoCatalog]
    .reverse()
    .find((product) => purchasable(product) && product.id !== everydayProduct.id && preselected(product).stock >= 2);
  if (!found) throw new Error("The demo catalogue has no product to bring to its last piece");
  return found;
})();

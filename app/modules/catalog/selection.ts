// The product page's option and quantity rules, pure so the
// page and its tests share them. Stock lives on variants (colour × size); the page's `colors`,
// `sizes` and `inStock` shapes are derived from them here. Whether a line can be bought at all is
// the cart's rule (modules/cart/line-rules.ts), shared with the cart and the checkout.

export const ONE_COLOUR = "Unico";
export const ONE_SIZE = "Unica";

export type VariantStock = { colorName: string; colorCode: string; size: string; stock: number };

/** A colour as the page offers it: name, code (the colour value), whether any size is in stock, its stock, its sizes. */
export type ColorOption = { name: string; code: string; available: boolean; stock: number; sizes: string[] };
/** A size as the page offers it: name, whether any colour has it in stock, its stock over all colours. */
export type SizeOption = { name: string; available: boolean; stock: number };

export type SelectableProduct = {
  priceCents: number | null;
  minQuantity: number;
  /** Stock of the whole product. */
  inStock: number;
  colors: ColorOption[];
  sizes: SizeOption[];
  variants: VariantStock[];
};

export type Selection = { color: string | null; size: string | null };

export type ToastMessage = { title: string; description?: string };

export const addedToCartMessage: ToastMessage = { title: "Aggiunto al carrello!" };
export const maxQuantityMessage: ToastMessage = { title: "Quantità massima raggiunta" };
/** Said instead when the stock is one piece: on arrival nothing was refused yet. */
export const lastPieceMessage = "Ultimo pezzo disponibile";

/** Colours and sizes in the order of the variants (which are sorted by position). */
export function deriveOptions(
  variants: readonly VariantStock[],
): Pick<SelectableProduct, "colors" | "sizes" | "inStock"> {
  const colors = new Map<string, ColorOption>();
  const sizes = new Map<string, SizeOption>();
  let inStock = 0;
  for (const variant of variants) {
    const stock = Math.max(0, variant.stock);
    inStock += stock;
    const color = colors.get(variant.colorName) ?? {
      name: variant.colorName,
      code: variant.colorCode,
      available: false,
      stock: 0,
      sizes: [],
    };
    color.stock += stock;
    color.available = color.stock > 0;
    if (!color.sizes.includes(variant.size)) color.sizes.push(variant.size);
    colors.set(color.name, color);

    const size = sizes.get(variant.size) ?? { name: variant.size, available: false, stock: 0 };
    size.stock += stock;
    size.available = size.stock > 0;
    sizes.set(size.name, size);
  }
  return { colors: [...colors.values()], sizes: [...sizes.values()], inStock };
}

function variantStock(product: SelectableProduct, color: string, size: string): number {
  return product.variants.find((variant) => variant.colorName === color && variant.size === size)?.stock ?? 0;
}

/** Whether a size can be chosen: in stock in the chosen colour, or in any colour when none is chosen. */
export function isSizeAvailable(product: SelectableProduct, color: string | null, size: string): boolean {
  if (color) return variantStock(product, color, size) > 0;
  return product.sizes.some((option) => option.name === size && option.available);
}

export function needsSizeChoice(product: SelectableProduct): boolean {
  return product.sizes.length > 0 && product.sizes[0]?.name !== ONE_SIZE;
}

export function needsColorChoice(product: SelectableProduct): boolean {
  return product.colors.length > 0 && product.colors[0]?.name !== ONE_COLOUR;
}

function firstAvailableSize(product: SelectableProduct, color: string | null): string | null {
  return product.sizes.find((size) => isSizeAvailable(product, color, size.name))?.name ?? null;
}

/** On load: the first available colour and, in it, the first available size. */
export function initialSelection(product: SelectableProduct): Selection {
  const color = product.colors.find((option) => option.available)?.name ?? null;
  return { color, size: firstAvailableSize(product, color) };
}

/**
 * Choosing another colour keeps the size when the new colour has it in stock. Otherwise the visitor
 * must choose again, except for one-size products, where the size follows the colour.
 */
export function selectColor(product: SelectableProduct, selection: Selection, color: string): Selection {
  if (selection.size && isSizeAvailable(product, color, selection.size)) return { color, size: selection.size };
  return { color, size: needsSizeChoice(product) ? null : firstAvailableSize(product, color) };
}

/**
 * The stock the quantity is limited by. The rule: "the selected colour's stock, else the
 * selected size's stock (a size that is only flagged available counts as 1), else the product's
 * stock", from a model where colours and sizes carried stock of their own. Here every colour × size
 * variant has its exact stock, so with both chosen the variant's stock is the truth (the chosen
 * colour's stock in the chosen size); with one chosen, that colour's or size's total over the
 * variants; with none, the product's. Sizes always have a known stock here, so the "counts as 1" case
 * does not arise.
 */
export function availableStock(product: SelectableProduct, selection: Selection): number {
  const { color, size } = selection;
  if (color && size) return variantStock(product, color, size);
  if (color) return product.colors.find((option) => option.name === color)?.stock ?? 0;
  if (size) return product.sizes.find((option) => option.name === size)?.stock ?? 0;
  return product.inStock;
}

export function minimumQuantity(product: Pick<SelectableProduct, "minQuantity">): number {
  return Math.max(1, product.minQuantity);
}

/** Between the minimum quantity (at least 1) and the stock; the minimum wins when stock is below it. */
export function clampQuantity(
  quantity: number,
  product: Pick<SelectableProduct, "minQuantity">,
  stock: number,
): number {
  return Math.max(minimumQuantity(product), Math.min(Math.floor(quantity), stock));
}

/** The cart line the selection makes: an unchosen colour or size falls back to the product's first. */
export function lineKeyFor(
  product: Pick<SelectableProduct, "colors" | "sizes"> & { id: number },
  selection: Selection,
): { id: number; color: string; size: string } {
  return {
    id: product.id,
    color: selection.color ?? product.colors[0]?.name ?? "",
    size: selection.size ?? product.sizes[0]?.name ?? "",
  };
}

/**
 * The colour, size and quantity in the product form's fields: posted without JavaScript, or chosen
 * before the page became interactive. Names the product does not have count as not chosen; the
 * quantity is null when it is not a whole number.
 */
export function choicesFromForm(
  product: Pick<SelectableProduct, "colors" | "sizes">,
  form: { get(name: string): FormDataEntryValue | null },
): { selection: Selection; quantity: number | null } {
  const color = form.get("color");
  const size = form.get("size");
  const typed = form.get("quantity");
  const quantity = typeof typed === "string" && /^\d+$/.test(typed.trim()) ? Number(typed) : Number.NaN;
  return {
    selection: {
      color: product.colors.find((option) => option.name === color)?.name ?? null,
      size: product.sizes.find((option) => option.name === size)?.name ?? null,
    },
    quantity: Number.isSafeInteger(quantity) ? quantity : null,
  };
}

/** Why the buttons show the product as sold out ('Prodotto esaurito', 'Colore esaurito'), or null when it is not. */
export function soldOutLabel(product: SelectableProduct, selection: Selection): string | null {
  if (product.inStock <= 0) return "Prodotto esaurito";
  const color = product.colors.find((option) => option.name === selection.color);
  if (color && !color.available) return "Colore esaurito";
  return null;
}

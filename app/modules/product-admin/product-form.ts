import { z } from "zod";
import { genders, subcategories } from "~/modules/catalog/values";
import { formatEuro, formatInteger } from "~/modules/format/numbers";
import { MAX_TYPED_EURO_CENTS, readTypedEuroCents } from "~/modules/forms/euro-amount";
import { wholeNumberField } from "~/modules/forms/whole-number";

// The product form of the admin (create and edit): what staff type, read into a product and its
// variants, every message in Italian. Pure, so that every rule is unit-tested; the database's own
// rules (unique SKUs, a variant that orders name) are checked in products.server.ts.

/** The genders and subcategories the form offers (the schema's own lists), for its selects and the list's filters. */
export { genders, subcategories };

/** What a product and its variants may hold, typed in the form or read from a products sheet. */
export const productLimits = { name: 200, brand: 100, text: 5000, colorName: 50, size: 20, stock: 999_999 } as const;

export const productMessages = {
  name: "Inserisci il nome del prodotto.",
  nameTooLong: `Il nome può avere al massimo ${productLimits.name} caratteri.`,
  gender: "Scegli il genere: Donna, Uomo o Bambini.",
  subcategory: "Scegli la sottocategoria.",
  brand: "Inserisci la marca.",
  brandTooLong: `La marca può avere al massimo ${productLimits.brand} caratteri.`,
  sku: "Inserisci il codice SKU del prodotto.",
  skuFormat: "Lo SKU può contenere solo lettere, cifre, trattini, punti e trattini bassi (al massimo 64).",
  textTooLong: "Il testo può avere al massimo 5.000 caratteri.",
  pricePerPackTooLong: "Il prezzo per confezione può avere al massimo 100 caratteri.",
  price: "Scrivi il prezzo in euro, ad esempio 29,90.",
  priceTooHigh: `Il prezzo è troppo alto: al massimo ${formatEuro(MAX_TYPED_EURO_CENTS)}.`,
  minQuantity: "La quantità minima deve essere un numero intero da 1 a 999.",
  minQuantityTooHigh: "La quantità minima è troppo alta: al massimo 999.",
  originalPrice: "Scrivi il prezzo di riferimento in euro, ad esempio 39,90.",
  originalPriceWithoutPrice: "Un prodotto senza prezzo non può avere un prezzo di riferimento.",
  originalPriceNotHigher:
    "Il prezzo di riferimento deve essere più alto del prezzo di vendita; lascialo vuoto se il prodotto non è scontato.",
  variantsMissing: "Aggiungi almeno una variante (colore e taglia).",
  colorName: "Inserisci il nome del colore.",
  colorCode: "Il codice colore va scritto come #rrggbb, ad esempio #1a2b3c.",
  size: "Inserisci la taglia.",
  stock: "La giacenza deve essere un numero intero da 0 in su.",
  stockTooHigh: `La giacenza è troppo alta: al massimo ${formatInteger(productLimits.stock)} pezzi.`,
  variantSku: "Lo SKU della variante può contenere solo lettere, cifre, trattini, punti e trattini bassi.",
  variantTwice: (colour: string, size: string) => `La variante ${colour} in taglia ${size} compare due volte.`,
  skuTwice: (sku: string) => `Lo SKU ${sku} compare più di una volta nel modulo.`,
} as const;

export const skuPattern = /^[A-Za-z0-9._-]{1,64}$/;
const MAX_TEXT = productLimits.text;

type PriceFields = { priceCents: number | null; originalPriceCents: number | null };

/**
 * What is wrong with a price and its reference (crossed-out) price taken together, or null: a
 * reference price needs a price below it. The percentage is never typed: it is worked out from the
 * two (catalog/crossed-out-price.ts), so no third field can contradict them.
 */
export function priceRuleProblem(product: PriceFields): { field: "originalPriceCents"; message: string } | null {
  if (product.originalPriceCents === null) return null;
  if (product.priceCents === null) {
    return { field: "originalPriceCents", message: productMessages.originalPriceWithoutPrice };
  }
  if (product.originalPriceCents <= product.priceCents) {
    return { field: "originalPriceCents", message: productMessages.originalPriceNotHigher };
  }
  return null;
}

const text = (max: number, message: string) => z.string().trim().max(max, message);

/** Euro as Italians write it ("29,90", "29.90", "29 €"), read as cents; empty = null. */
const euroCents = (message: string) =>
  z
    .string()
    .trim()
    .transform((value, context) => {
      if (value === "") return null;
      const typed = readTypedEuroCents(value);
      if (!typed.ok) {
        context.addIssue({ code: "custom", message: typed.tooHigh ? productMessages.priceTooHigh : message });
        return z.NEVER;
      }
      return typed.cents;
    });

/** A variant's stock, in the product form and the list's quick edit alike. */
export const stockField = wholeNumberField({
  min: 0,
  max: productLimits.stock,
  notWhole: productMessages.stock,
  tooHigh: productMessages.stockTooHigh,
});

const variantSchema = z.object({
  /** The variant being edited; absent for a new one. */
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .nullable(),
  colorName: text(productLimits.colorName, productMessages.colorName).min(1, productMessages.colorName),
  colorCode: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^#[0-9a-f]{6}$/, productMessages.colorCode),
  size: text(productLimits.size, productMessages.size).min(1, productMessages.size),
  /** Empty: made from the product's SKU, the colour and the size. */
  sku: z
    .string()
    .trim()
    .refine((value) => value === "" || skuPattern.test(value), productMessages.variantSku),
  stock: stockField,
  /** The stock the form showed, for an edited variant: a change made meanwhile is not overwritten. */
  stockSeen: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .nullable(),
});

export const productFormSchema = z
  .object({
    name: text(productLimits.name, productMessages.nameTooLong).min(1, productMessages.name),
    gender: z.enum(genders, productMessages.gender),
    subcategory: z.enum(subcategories, productMessages.subcategory),
    brand: text(productLimits.brand, productMessages.brandTooLong).min(1, productMessages.brand),
    sku: z.string().trim().min(1, productMessages.sku).regex(skuPattern, productMessages.skuFormat),
    description: text(MAX_TEXT, productMessages.textTooLong),
    composition: text(MAX_TEXT, productMessages.textTooLong),
    /** One washing instruction a line. */
    washing: text(MAX_TEXT, productMessages.textTooLong).transform((value) =>
      value
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
    ),
    details: text(MAX_TEXT, productMessages.textTooLong),
    minQuantity: wholeNumberField({
      min: 1,
      max: 999,
      notWhole: productMessages.minQuantity,
      tooHigh: productMessages.minQuantityTooHigh,
    }),
    /** e.g. "confezione da 3"; empty = none. */
    pricePerPack: text(100, productMessages.pricePerPackTooLong).transform((value) => value || null),
    /** Empty = price not available: shown, not for sale. */
    priceCents: euroCents(productMessages.price),
    originalPriceCents: euroCents(productMessages.originalPrice),
    isNew: z.boolean(),
    isNewCollection: z.boolean(),
    isOutlet: z.boolean(),
    hygieneSealed: z.boolean(),
    variants: z.array(variantSchema).min(1, productMessages.variantsMissing),
  })
  .superRefine((product, context) => {
    const priceProblem = priceRuleProblem(product);
    if (priceProblem) context.addIssue({ code: "custom", path: [priceProblem.field], message: priceProblem.message });
    const seenVariants = new Set<string>();
    const seenSkus = new Set<string>([product.sku.toUpperCase()]);
    product.variants.forEach((variant, index) => {
      const key = `${variant.colorName.toLowerCase()}|${variant.size.toLowerCase()}`;
      if (seenVariants.has(key)) {
        context.addIssue({
          code: "custom",
          path: ["variants", index, "size"],
          message: productMessages.variantTwice(variant.colorName, variant.size),
        });
      }
      seenVariants.add(key);
      const sku = variantSku(product.sku, variant).toUpperCase();
      if (seenSkus.has(sku)) {
        context.addIssue({ code: "custom", path: ["variants", index, "sku"], message: productMessages.skuTwice(sku) });
      }
      seenSkus.add(sku);
    });
  });

export type ProductInput = z.infer<typeof productFormSchema>;
export type VariantInput = ProductInput["variants"][number];

/** The variant's own SKU, or one made from the product's: "ABC-NERO-M". */
export function variantSku(productSku: string, variant: Pick<VariantInput, "sku" | "colorName" | "size">): string {
  if (variant.sku) return variant.sku;
  const part = (value: string) =>
    value
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, "")
      .slice(0, 12);
  return `${productSku}-${part(variant.colorName)}-${part(variant.size)}`.slice(0, 64);
}

export type ProductFormResult =
  | { ok: true; product: ProductInput }
  | { ok: false; fieldErrors: Record<string, string> };

/** Field names of the variant rows, repeated once per row in the form's order. */
export const variantFields = [
  "variantId",
  "colorName",
  "colorCode",
  "size",
  "variantSku",
  "stock",
  "stockSeen",
] as const;

/**
 * Reads the posted form. Variant rows come as repeated fields, one value per row; a row left blank
 * (no colour, size or SKU) is not a variant. Errors are keyed by field, "variants.2.size" for a row's.
 */
export function readProductForm(form: FormData): ProductFormResult {
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const column = (name: string) => form.getAll(name).map((value) => (typeof value === "string" ? value : ""));
  const [ids, colorNames, colorCodes, sizes, skus, stocks, stocksSeen] = variantFields.map(column) as string[][];
  const rows = (colorNames ?? []).map((colorName, index) => ({
    id: ids?.[index] || null,
    colorName,
    colorCode: colorCodes?.[index] ?? "",
    size: sizes?.[index] ?? "",
    sku: skus?.[index] ?? "",
    stock: stocks?.[index] || "0",
    stockSeen: stocksSeen?.[index] || null,
  }));
  const variants = rows.filter((row) => row.id || row.colorName.trim() || row.size.trim() || row.sku.trim());
  const parsed = productFormSchema.safeParse({
    name: field("name"),
    gender: field("gender"),
    subcategory: field("subcategory"),
    brand: field("brand"),
    sku: field("sku"),
    description: field("description"),
    composition: field("composition"),
    washing: field("washing"),
    details: field("details"),
    minQuantity: field("minQuantity") || "1",
    pricePerPack: field("pricePerPack"),
    priceCents: field("price"),
    originalPriceCents: field("originalPrice"),
    isNew: form.has("isNew"),
    isNewCollection: form.has("isNewCollection"),
    isOutlet: form.has("isOutlet"),
    hygieneSealed: form.has("hygieneSealed"),
    variants,
  });
  if (parsed.success) return { ok: true, product: parsed.data };
  // The shared fieldErrors() keys by the first path segment; a variant row needs its index and field.
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = formKey(issue.path.map(String).join("."));
    fieldErrors[key] ??= issue.message;
  }
  return { ok: false, fieldErrors };
}

// Schema keys that the form names differently.
const formNames: Record<string, string> = { priceCents: "price", originalPriceCents: "originalPrice" };

function formKey(path: string): string {
  return formNames[path] ?? path;
}

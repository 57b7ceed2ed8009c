import { eq, inArray } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { productPriceHistory, products, productVariants } from "~/db/schema";
import type { Clock } from "~/services.server";
import type { ImportProblem, ImportRow } from "./import-row";
import { readSheet } from "./read-sheet";

// The products sheet against the catalogue: "Verifica" lists every problem and what would change,
// writing nothing; "Importa" checks again and applies the whole file in one transaction, or nothing
// when anything is wrong. Products and variants are found by SKU: known ones are updated, the others
// created; variants the file does not name stay as they are (a stock sheet may list a few).

export type ImportSummary = {
  productsCreated: number;
  productsUpdated: number;
  variantsCreated: number;
  variantsUpdated: number;
  /** Products whose price changes: each gets a price history row, for the Omnibus lowest price. */
  priceChanges: number;
};

export type ImportReport = { ok: true; summary: ImportSummary } | { ok: false; problems: ImportProblem[] };

export const importMessages = {
  variantOfAnotherProduct: (productSku: string) =>
    `Questo SKU variante appartiene già al prodotto ${productSku}: una variante non può cambiare prodotto.`,
  variantExistsWithOtherSku: (variantSku: string) =>
    `Il prodotto ha già questo colore e questa taglia con lo SKU variante ${variantSku}: usa quello.`,
  optionTaken:
    "Due varianti dello stesso prodotto avrebbero lo stesso colore e la stessa taglia: controlla colori e taglie delle varianti esistenti.",
};

type Existing = {
  products: Map<string, { id: number; priceCents: number | null }>;
  variants: Map<string, { id: number; productId: number; colorName: string; size: string }>;
  /** Every variant of the file's known products, by product, colour and size. */
  variantsByOption: Map<string, { sku: string }>;
  productSkuById: Map<number, string>;
};

/** Every problem of the file, or what importing it would change: nothing is written. */
export async function checkImport(db: Queryable, text: string): Promise<ImportReport> {
  const sheet = readSheet(text);
  if (sheet.problems.length > 0) return { ok: false, problems: sheet.problems };
  const existing = await loadExisting(db, sheet.rows);
  const problems = catalogueProblems(sheet.rows, existing);
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, summary: summarise(sheet.rows, existing) };
}

/** Checks the file again and, when it has no problem, applies all of it in one transaction. */
export async function applyImport(db: Database, clock: Clock, text: string): Promise<ImportReport> {
  const sheet = readSheet(text);
  if (sheet.problems.length > 0) return { ok: false, problems: sheet.problems };
  try {
    return await applySheet(db, clock, sheet.rows);
  } catch (error) {
    // A known variant renamed onto the colour and size of another of its product's variants.
    if (
      (error as { cause?: { code?: string } }).cause?.code === "23505" ||
      (error as { code?: string }).code === "23505"
    ) {
      return { ok: false, problems: [{ line: 1, column: null, message: importMessages.optionTaken }] };
    }
    throw error;
  }
}

function applySheet(db: Database, clock: Clock, rows: ImportRow[]): Promise<ImportReport> {
  return db.transaction(async (tx) => {
    const existing = await loadExisting(tx, rows, { lock: true });
    const problems = catalogueProblems(rows, existing);
    if (problems.length > 0) return { ok: false, problems };
    const summary = summarise(rows, existing);
    const now = clock.now();

    const productIds = new Map<string, number>();
    for (const row of firstRowOfEachProduct(rows)) {
      const known = existing.products.get(row.product.sku);
      const { sku, ...values } = row.product;
      let productId: number;
      if (known) {
        productId = known.id;
        await tx.update(products).set(values).where(eq(products.id, productId));
      } else {
        const [created] = await tx
          .insert(products)
          .values({ sku, ...values })
          .returning({ id: products.id });
        productId = (created as { id: number }).id;
      }
      productIds.set(sku, productId);
      const priceChanged = known ? known.priceCents !== values.priceCents : true;
      if (priceChanged && values.priceCents !== null) {
        await tx.insert(productPriceHistory).values({ productId, priceCents: values.priceCents, validFrom: now });
      }
    }

    for (const [position, row] of rows.entries()) {
      const known = existing.variants.get(row.variant.sku);
      const { sku, ...fields } = row.variant;
      if (known) {
        await tx.update(productVariants).set(fields).where(eq(productVariants.id, known.id));
      } else {
        const productId = productIds.get(row.product.sku) as number;
        await tx.insert(productVariants).values({ productId, sku, ...fields, position });
      }
    }
    return { ok: true, summary };
  });
}

async function loadExisting(db: Queryable, rows: ImportRow[], { lock = false } = {}): Promise<Existing> {
  const productSkus = [...new Set(rows.map((row) => row.product.sku))];
  const variantSkus = rows.map((row) => row.variant.sku);
  const productQuery = db
    .select({ id: products.id, sku: products.sku, priceCents: products.priceCents })
    .from(products)
    .where(inArray(products.sku, productSkus));
  const productRows = lock ? await productQuery.for("update") : await productQuery;
  const productIds = productRows.map((row) => row.id);
  const variantColumns = {
    id: productVariants.id,
    sku: productVariants.sku,
    productId: productVariants.productId,
    colorName: productVariants.colorName,
    size: productVariants.size,
  };
  const [bySku, ofProducts] = await Promise.all([
    db.select(variantColumns).from(productVariants).where(inArray(productVariants.sku, variantSkus)),
    productIds.length > 0
      ? db.select(variantColumns).from(productVariants).where(inArray(productVariants.productId, productIds))
      : Promise.resolve([]),
  ]);
  const otherProductIds = [...new Set(bySku.map((variant) => variant.productId))].filter(
    (id) => !productIds.includes(id),
  );
  const otherProducts = otherProductIds.length
    ? await db
        .select({ id: products.id, sku: products.sku })
        .from(products)
        .where(inArray(products.id, otherProductIds))
    : [];
  return {
    products: new Map(productRows.map((row) => [row.sku, { id: row.id, priceCents: row.priceCents }])),
    variants: new Map(bySku.map((variant) => [variant.sku, variant])),
    variantsByOption: new Map(
      ofProducts.map((variant) => [
        optionKey(variant.productId, variant.colorName, variant.size),
        { sku: variant.sku },
      ]),
    ),
    productSkuById: new Map([...productRows, ...otherProducts].map((row) => [row.id, row.sku])),
  };
}

function catalogueProblems(rows: ImportRow[], existing: Existing): ImportProblem[] {
  const problems: ImportProblem[] = [];
  for (const row of rows) {
    const product = existing.products.get(row.product.sku);
    const variant = existing.variants.get(row.variant.sku);
    if (variant && variant.productId !== product?.id) {
      const owner = existing.productSkuById.get(variant.productId) ?? "";
      problems.push({ line: row.line, column: "sku_variante", message: importMessages.variantOfAnotherProduct(owner) });
      continue;
    }
    if (!variant && product) {
      const taken = existing.variantsByOption.get(optionKey(product.id, row.variant.colorName, row.variant.size));
      if (taken) {
        problems.push({
          line: row.line,
          column: "sku_variante",
          message: importMessages.variantExistsWithOtherSku(taken.sku),
        });
      }
    }
  }
  return problems;
}

function summarise(rows: ImportRow[], existing: Existing): ImportSummary {
  const firstRows = firstRowOfEachProduct(rows);
  const known = firstRows.filter((row) => existing.products.has(row.product.sku));
  const variantsUpdated = rows.filter((row) => existing.variants.has(row.variant.sku)).length;
  return {
    productsCreated: firstRows.length - known.length,
    productsUpdated: known.length,
    variantsCreated: rows.length - variantsUpdated,
    variantsUpdated,
    priceChanges: firstRows.filter((row) => {
      const before = existing.products.get(row.product.sku);
      return row.product.priceCents !== null && (!before || before.priceCents !== row.product.priceCents);
    }).length,
  };
}

function firstRowOfEachProduct(rows: ImportRow[]): ImportRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.product.sku) && seen.add(row.product.sku));
}

function optionKey(productId: number, colorName: string, size: string): string {
  return JSON.stringify([productId, colorName, size]);
}

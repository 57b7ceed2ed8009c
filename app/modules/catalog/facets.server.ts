import { and, asc, isNull, min, notInArray, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import { forgetOnStorefrontChange } from "~/db/storefront-changes.server";
import { ONE_COLOUR } from "./selection";
import { compareSizes } from "./sizes";

// A product made in one print or colourway has the colour 'Unico' ('Unica' when written by hand):
// no colour one could filter by.
const NOT_COLOURS = [ONE_COLOUR, "Unica"];

/** The choices of the shop's filters, as the catalogue has them. */
export type CatalogFacets = {
  subcategories: string[];
  colours: { name: string; code: string }[];
  sizes: string[];
  brands: string[];
};

// Reading the distinct values means scanning every variant (tens of milliseconds with 10,000
// products), and they change only when the catalogue does: each process keeps them for a minute,
// and drops them at once when a change is committed (server/storefront-caches.ts).
const FACETS_CACHE_MS = 60_000;
let cached: { facets: Promise<CatalogFacets>; expiresAt: number } | undefined;

/** Drops this process's copy, after staff changed the catalogue: the next request reads it again. */
export function forgetCatalogFacets(): void {
  cached = undefined;
}
forgetOnStorefrontChange(forgetCatalogFacets);

export function getCatalogFacets(db: Queryable): Promise<CatalogFacets> {
  if (cached && cached.expiresAt > Date.now()) return cached.facets;
  const facets = readFacets(db);
  cached = { facets, expiresAt: Date.now() + FACETS_CACHE_MS };
  // A failed read is not kept: the next request tries again.
  facets.catch(() => {
    if (cached?.facets === facets) cached = undefined;
  });
  return facets;
}

async function readFacets(db: Queryable): Promise<CatalogFacets> {
  const onSale = isNull(products.archivedAt);
  const variantOnSale = sql`exists (select 1 from products p where p.id = ${productVariants.productId} and p.archived_at is null)`;
  const [subcategoryRows, colourRows, sizeRows, brandRows] = await Promise.all([
    db.selectDistinct({ value: products.subcategory }).from(products).where(onSale).orderBy(asc(products.subcategory)),
    db
      .select({ name: productVariants.colorName, code: min(productVariants.colorCode) })
      .from(productVariants)
      .where(and(notInArray(productVariants.colorName, NOT_COLOURS), variantOnSale))
      .groupBy(productVariants.colorName)
      .orderBy(asc(productVariants.colorName)),
    db.selectDistinct({ value: productVariants.size }).from(productVariants).where(variantOnSale),
    db.selectDistinct({ value: products.brand }).from(products).where(onSale).orderBy(asc(products.brand)),
  ]);
  return {
    subcategories: subcategoryRows.map((row) => row.value),
    colours: colourRows.map((row) => ({ name: row.name, code: row.code ?? "#cccccc" })),
    sizes: sizeRows.map((row) => row.value).sort(compareSizes),
    brands: brandRows.map((row) => row.value),
  };
}

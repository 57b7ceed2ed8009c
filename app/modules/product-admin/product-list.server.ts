import { and, count, eq, ilike, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products } from "~/db/schema";
import { LOW_STOCK, PRODUCTS_PAGE_SIZE, type ProductListFilters } from "./product-list";

// The admin's product list: every product, archived ones too on request, with its variants' stock
// at a glance. A few hundred products, a few thousand at most: numbered pages (OFFSET) are fine here,
// unlike the storefront's keyset pages.

export type AdminVariantRow = {
  id: number;
  colorName: string;
  colorCode: string;
  size: string;
  sku: string;
  stock: number;
};

export type AdminProductRow = {
  id: number;
  name: string;
  brand: string;
  sku: string;
  gender: string;
  subcategory: string;
  priceCents: number | null;
  /** The reference price crossed out beside it; the database keeps it above the price (migration 0022). */
  originalPriceCents: number | null;
  isNew: boolean;
  isNewCollection: boolean;
  isOutlet: boolean;
  archived: boolean;
  image: string | null;
  totalStock: number;
  variants: AdminVariantRow[];
};

export async function listAdminProducts(db: Queryable, filters: ProductListFilters) {
  const where = and(...conditions(filters));
  const totalStock = sql<number>`(select coalesce(sum(v.stock), 0)::int from product_variants v where v.product_id = ${productId})`;
  const orderBy: SQL[] = {
    recenti: [sql`${products.createdAt} desc`],
    nome: [sql`lower(${products.name}) asc`],
    "prezzo-crescente": [sql`${products.priceCents} asc nulls last`],
    "prezzo-decrescente": [sql`${products.priceCents} desc nulls last`],
    giacenza: [sql`${totalStock} asc`],
  }[filters.sort];
  const [totalRow] = await db.select({ count: count() }).from(products).where(where);
  const totalCount = totalRow?.count ?? 0;
  const pageCount = Math.max(1, Math.ceil(totalCount / PRODUCTS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      brand: products.brand,
      sku: products.sku,
      gender: products.gender,
      subcategory: products.subcategory,
      priceCents: products.priceCents,
      originalPriceCents: products.originalPriceCents,
      isNew: products.isNew,
      isNewCollection: products.isNewCollection,
      isOutlet: products.isOutlet,
      archived: isNotNull(products.archivedAt).mapWith(Boolean),
      image: sql<
        string | null
      >`(select i.path from product_images i where i.product_id = ${productId} order by i.position, i.id limit 1)`,
      totalStock,
      variants: sql<AdminVariantRow[]>`(
        select coalesce(json_agg(json_build_object('id', v.id, 'colorName', v.color_name, 'colorCode', v.color_code,
          'size', v.size, 'sku', v.sku, 'stock', v.stock) order by v.position, v.id), '[]')
        from product_variants v where v.product_id = ${productId}
      )`,
    })
    .from(products)
    .where(where)
    .orderBy(...orderBy, sql`${products.id} desc`)
    .limit(PRODUCTS_PAGE_SIZE)
    .offset((page - 1) * PRODUCTS_PAGE_SIZE);
  return { rows: rows satisfies AdminProductRow[], totalCount, page, pageCount };
}

// Inside the subqueries a bare "id" would name their own table: the product's id is spelt out.
const productId = sql.raw(`"products"."id"`);

function conditions(filters: ProductListFilters): (SQL | undefined)[] {
  const search = filters.search.replace(/[\\%_]/g, (character) => `\\${character}`);
  return [
    filters.state === "in-vendita" ? isNull(products.archivedAt) : undefined,
    filters.state === "archiviati" ? isNotNull(products.archivedAt) : undefined,
    filters.gender ? eq(products.gender, filters.gender) : undefined,
    filters.subcategory ? eq(products.subcategory, filters.subcategory) : undefined,
    filters.brand ? ilike(products.brand, filters.brand) : undefined,
    filters.flag === "nuovo" ? eq(products.isNew, true) : undefined,
    filters.flag === "nuova-collezione" ? eq(products.isNewCollection, true) : undefined,
    filters.flag === "outlet" ? eq(products.isOutlet, true) : undefined,
    filters.flag === "scontato" ? isNotNull(products.originalPriceCents) : undefined,
    filters.lowStock
      ? sql`exists (select 1 from product_variants v where v.product_id = ${productId} and v.stock <= ${LOW_STOCK})`
      : undefined,
    search
      ? or(
          ilike(products.name, `%${search}%`),
          ilike(products.brand, `%${search}%`),
          ilike(products.sku, `%${search}%`),
          sql`exists (select 1 from product_variants v where v.product_id = ${productId} and v.sku ilike ${`%${search}%`})`,
        )
      : undefined,
  ];
}

/** The brands to filter by, archived products' too. */
export async function listAdminBrands(db: Queryable): Promise<string[]> {
  const rows = await db.selectDistinct({ brand: products.brand }).from(products).orderBy(products.brand);
  return rows.map((row) => row.brand);
}

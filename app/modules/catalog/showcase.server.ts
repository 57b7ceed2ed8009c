import { and, desc, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { productImages, products } from "~/db/schema";
import type { Gender } from "~/modules/catalog/values";
import { FEATURED_PRODUCTS_COUNT, GENDERS, OUTLET_PREVIEW_COUNT } from "~/modules/shop/constants";
import { listProducts, type ProductSummary } from "./listing.server";

// The home page's windows on the catalogue: the category tiles, featured products and the outlet preview.

export type CategoryTile = { gender: Gender; image: string | null };

/** One tile per gender, pictured by the newest product of that gender that has an image (the join keeps only those). */
export async function getCategoryTiles(db: Queryable): Promise<CategoryTile[]> {
  return Promise.all(
    GENDERS.map(async (gender) => {
      const [row] = await db
        .select({ image: productImages.path })
        .from(products)
        .innerJoin(productImages, eq(productImages.productId, products.id))
        .where(and(eq(products.gender, gender), isNull(products.archivedAt)))
        .orderBy(desc(products.createdAt), desc(products.id), productImages.position)
        .limit(1);
      return { gender, image: row?.image ?? null };
    }),
  );
}

/** The new products, filled up with the newest others when fewer than six are flagged new. */
export async function getFeaturedProducts(db: Queryable): Promise<ProductSummary[]> {
  const { products: flagged } = await listProducts(db, { flag: "new" }, { pageSize: FEATURED_PRODUCTS_COUNT });
  if (flagged.length === FEATURED_PRODUCTS_COUNT) return flagged;
  const { products: newest } = await listProducts(db, {}, { pageSize: FEATURED_PRODUCTS_COUNT * 2 });
  const chosen = new Set(flagged.map((product) => product.id));
  return [...flagged, ...newest.filter((product) => !chosen.has(product.id))].slice(0, FEATURED_PRODUCTS_COUNT);
}

/** Two outlet products in stock. */
export async function getOutletPreview(db: Queryable): Promise<ProductSummary[]> {
  const { products: outlet } = await listProducts(
    db,
    { flag: "outlet", inStockOnly: true },
    { pageSize: OUTLET_PREVIEW_COUNT },
  );
  return outlet;
}

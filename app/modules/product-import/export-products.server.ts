import { asc, eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products, productVariants } from "~/db/schema";
import type { ProductSheetRow } from "./products-csv";

/** Every variant of the catalogue with its product, product by product in id order, variants in their order. */
export async function productSheetRows(db: Queryable): Promise<ProductSheetRow[]> {
  const rows = await db
    .select({
      product: {
        sku: products.sku,
        name: products.name,
        gender: products.gender,
        subcategory: products.subcategory,
        brand: products.brand,
        description: products.description,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
      },
      variant: {
        sku: productVariants.sku,
        colorName: productVariants.colorName,
        colorCode: productVariants.colorCode,
        size: productVariants.size,
        stock: productVariants.stock,
      },
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .orderBy(asc(products.id), asc(productVariants.position), asc(productVariants.id));
  return rows;
}

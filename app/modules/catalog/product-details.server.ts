// One product as the product page shows it: variants with stock,
// images, reviews, rating, the Omnibus price and its colours and sizes with their stock.
import { and, eq, isNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { products } from "~/db/schema";
import type { Gender, Subcategory } from "~/modules/catalog/values";
import { RELATED_PRODUCTS_COUNT } from "~/modules/shop/constants";
import { crossedOutPriceCents, discountPercent } from "./crossed-out-price";
import { listProducts, type ProductSummary } from "./listing.server";
import { lowestPriceBeforeCurrent } from "./omnibus";
import { deriveOptions, type SelectableProduct } from "./selection";

export type ProductImageView = { path: string; alt: string; colorName: string | null };
export type ProductReview = { id: number; author: string; rating: number; content: string; createdAt: string };
export type ProductVariantView = {
  id: number;
  colorName: string;
  colorCode: string;
  size: string;
  sku: string;
  stock: number;
};

export type ProductDetails = Omit<SelectableProduct, "variants"> & {
  id: number;
  name: string;
  gender: Gender;
  subcategory: Subcategory;
  brand: string;
  description: string;
  composition: string;
  washing: string[];
  details: string;
  pricePerPack: string | null;
  /** The reference price crossed out beside the price; only when the product is reduced. */
  originalPriceCents: number | null;
  /** Worked out from the two prices (crossed-out-price.ts); 0 when the product is not reduced. */
  discountPercentage: number;
  /** Omnibus: the lowest price of the 30 days before the current reduction; only for discounted products. */
  lowestPrice30DaysCents: number | null;
  isNew: boolean;
  isNewCollection: boolean;
  isOutlet: boolean;
  tags: string[];
  sku: string;
  createdAt: string;
  /** The first image, shown on cards and in link previews. */
  image: string | null;
  images: ProductImageView[];
  variants: ProductVariantView[];
  /** Average of the reviews, to one decimal; null without reviews. */
  rating: number | null;
  reviewCount: number;
  /** Newest first. */
  reviews: ProductReview[];
};

export async function getProductDetails(db: Queryable, id: number, now = new Date()): Promise<ProductDetails | null> {
  const row = await db.query.products.findFirst({
    // An archived product is off sale: its page is gone (404), like a product that never existed.
    where: and(eq(products.id, id), isNull(products.archivedAt)),
    columns: { searchVector: false, searchText: false, updatedAt: false, archivedAt: false },
    with: {
      variants: { orderBy: (variant, { asc }) => [asc(variant.position), asc(variant.id)] },
      images: { orderBy: (image, { asc }) => [asc(image.position), asc(image.id)] },
      reviews: { orderBy: (review, { desc }) => [desc(review.createdAt), desc(review.id)] },
      priceHistory: { columns: { priceCents: true, validFrom: true } },
    },
  });
  if (!row) return null;

  const variants = row.variants.map(({ id, colorName, colorCode, size, sku, stock }) => ({
    id,
    colorName,
    colorCode,
    size,
    sku,
    stock,
  }));
  const crossedOut = crossedOutPriceCents(row);
  const ratingSum = row.reviews.reduce((sum, review) => sum + review.rating, 0);

  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    subcategory: row.subcategory,
    brand: row.brand,
    description: row.description,
    composition: row.composition,
    washing: row.washing,
    details: row.detailsAccordion,
    minQuantity: row.minQuantity,
    pricePerPack: row.pricePerPack,
    priceCents: row.priceCents,
    originalPriceCents: crossedOut,
    discountPercentage: discountPercent(row) ?? 0,
    lowestPrice30DaysCents: crossedOut !== null ? lowestPriceBeforeCurrent(row.priceHistory, now) : null,
    isNew: row.isNew,
    isNewCollection: row.isNewCollection,
    isOutlet: row.isOutlet,
    tags: row.tags,
    sku: row.sku,
    createdAt: row.createdAt.toISOString(),
    image: row.images[0]?.path ?? null,
    images: row.images.map(({ path, alt, colorName }) => ({ path, alt, colorName })),
    variants,
    ...deriveOptions(variants),
    rating: row.reviews.length ? Math.round((ratingSum / row.reviews.length) * 10) / 10 : null,
    reviewCount: row.reviews.length,
    reviews: row.reviews.map(({ id, author, rating, content, createdAt }) => ({
      id,
      author,
      rating,
      content,
      createdAt: createdAt.toISOString(),
    })),
  };
}

/** Up to 4 other products of the same gender (5 fetched, the current one left out). */
export async function getRelatedProducts(
  db: Queryable,
  product: Pick<ProductDetails, "id" | "gender">,
): Promise<ProductSummary[]> {
  const { products: candidates } = await listProducts(
    db,
    { category: product.gender },
    { pageSize: RELATED_PRODUCTS_COUNT + 1 },
  );
  return candidates.filter((candidate) => candidate.id !== product.id).slice(0, RELATED_PRODUCTS_COUNT);
}

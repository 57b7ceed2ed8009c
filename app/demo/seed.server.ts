import { sql } from "drizzle-orm";
import type { PgInsertValue, PgTable } from "drizzle-orm/pg-core";
import type { Database, Transaction } from "~/db/client.server";
import {
  blogComments,
  blogPosts,
  blogRatings,
  coupons,
  productImages,
  productPriceHistory,
  products,
  productVariants,
  reviews,
} from "~/db/schema";
import type { FileStore } from "~/modules/files/file-store";
import { prerenderRenditions } from "~/modules/files/images.server";
import { SHOP_PAGE_SIZE } from "~/modules/shop/constants";
import { buildDemoBlog, type DemoBlogPost } from "./blog";
import { buildDemoCatalog, type DemoProduct } from "./catalog/catalog";
import { blogCoverSvg, productArtSvg } from "./product-art";

/** True once the shop has at least one product: the demo data is loaded only into an empty shop. */
export async function hasCatalog(db: Database): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length > 0;
}

/**
 * Loads the demo catalogue and blog into an empty database, in one transaction, and puts their SVG
 * images in the file store (served at /files/...). Products get ids 1..N so URLs are stable. Every
 * product, review and post is marked as demo (modules/demo-data removes exactly those).
 */
export async function seedDemoData(db: Database, files: FileStore): Promise<void> {
  await db.transaction((tx) => loadDemoData(tx, files));
}

/**
 * Replaces the catalogue and the blog with a fresh copy of the demo data. Users, orders, coupons,
 * newsletter and contact messages stay; order lines keep their copied names and prices, and their
 * link to a deleted product or variant becomes null.
 */
export async function resetDemoData(db: Database, files: FileStore): Promise<void> {
  await db.transaction(async (tx) => {
    // Cascades to variants (and their stock holds), images, price history, reviews, comments, ratings.
    await tx.delete(products);
    await tx.delete(blogPosts);
    const oldImages = [...(await files.list("products/")), ...(await files.list("blog/"))];
    await inBatches(oldImages, (key) => files.delete(key));
    await loadDemoData(tx, files);
  });
}

/** The demo shop's discount code (README): 15% off an order, no end date, no usage limit. */
export const demoCoupon = { code: "VETRINA15", percentOff: 15 };

async function loadDemoData(tx: Transaction, files: FileStore): Promise<void> {
  const catalog = buildDemoCatalog();
  const blog = buildDemoBlog();

  // A code the shop changed or used up stays as it is.
  await tx.insert(coupons).values(demoCoupon).onConflictDoNothing();

  await insertRows(
    tx,
    products,
    catalog.map(({ variants, images, priceHistory, reviews, ...product }) => ({ ...product, isDemo: true })),
  );
  await insertRows(
    tx,
    productVariants,
    catalog.flatMap((product) => product.variants.map((variant) => ({ ...variant, productId: product.id }))),
  );
  await insertRows(
    tx,
    productImages,
    catalog.flatMap((product) =>
      product.images.map(({ colorName, position, path, alt }) => ({
        productId: product.id,
        colorName,
        position,
        path,
        alt,
      })),
    ),
  );
  await insertRows(
    tx,
    productPriceHistory,
    catalog.flatMap((product) => product.priceHistory.map((price) => ({ ...price, productId: product.id }))),
  );
  await insertRows(
    tx,
    reviews,
    catalog.flatMap((product) => product.reviews.map((review) => ({ ...review, productId: product.id, isDemo: true }))),
  );

  await insertRows(
    tx,
    blogPosts,
    blog.map(({ comments, ratings, ...post }) => ({ ...post, isDemo: true })),
  );
  await insertRows(
    tx,
    blogComments,
    blog.flatMap((post) => post.comments.map((comment) => ({ ...comment, postId: post.id }))),
  );
  await insertRows(
    tx,
    blogRatings,
    blog.flatMap((post) => post.ratings.map((rating) => ({ ...rating, postId: post.id, updatedAt: rating.createdAt }))),
  );

  // Rows above were given explicit ids: move the identity sequences past them.
  for (const table of ["products", "product_variants", "blog_posts"]) {
    await tx.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }

  await writeImages(catalog, blog, files);
}

// Well under PostgreSQL's limit of 65,535 parameters per statement for any of these tables.
const rowsPerInsert = 1000;

async function insertRows<T extends PgTable>(tx: Transaction, table: T, rows: PgInsertValue<T, true>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    // Explicit ids go into GENERATED ALWAYS identity columns only with OVERRIDING SYSTEM VALUE.
    await tx
      .insert(table)
      .overridingSystemValue()
      .values(rows.slice(start, start + rowsPerInsert));
  }
}

/** Runs `task` on every item, a few at a time: a bucket is not asked thousands of requests at once. */
async function inBatches<T>(items: T[], task: (item: T) => Promise<void>, size = 16): Promise<void> {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(task));
}

async function writeImages(catalog: DemoProduct[], blog: DemoBlogPost[], files: FileStore): Promise<void> {
  // Image paths are URLs under /files/, which serves the store's keys.
  const keyOf = (url: string) => url.replace(/^\/files\//, "");
  const images = [
    ...catalog.flatMap((product) =>
      product.images.map((image) => ({
        key: keyOf(image.path),
        content: productArtSvg({
          subcategory: product.subcategory,
          gender: product.gender,
          colorHex: image.colorCode,
          colorName: image.colorName,
          seed: product.id,
          view: image.view,
        }),
      })),
    ),
    ...blog.map((post) => ({
      key: keyOf(post.imageUrl),
      content: blogCoverSvg({ title: post.title, category: post.category, seed: post.id }),
    })),
  ];
  const encoder = new TextEncoder();
  await inBatches(images, ({ key, content }) => files.put(key, encoder.encode(content), "image/svg+xml"));

  // The pictures a first visit shows, the newest products' (home page, first /shop page), are rendered
  // now at the cards' desktop width; every other rendition on first request, within the render limits.
  // Costs and choice: docs/decisions/0008-image-renditions.md.
  const newest = catalog
    .toSorted((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id)
    .slice(0, SHOP_PAGE_SIZE);
  await prerenderRenditions({
    files,
    keys: newest.flatMap((product) => product.images.slice(0, 1).map((image) => image.path.replace(/^\/files\//, ""))),
    widths: [320],
    format: "avif",
  });
}

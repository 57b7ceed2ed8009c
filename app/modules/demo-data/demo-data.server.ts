import { and, count, eq, inArray, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import {
  blogPosts,
  orderItems,
  orders,
  productImages,
  products,
  reviews,
  shopSettings,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import type { FileStore } from "~/modules/files/file-store";
import type { DemoRemoval, DemoRowCounts } from "./values";

// The demo shop's rows carry is_demo (set by app/demo when it loads them). Once the demo is loaded,
// declined (DEMO_DATA=off) or removed, this row of shop_settings says so and the demo never loads
// again, even into an empty catalogue; no settings group reads it.
const demoDataKey = "demo-data";

export type DemoDataState = "loaded" | "declined" | "removed";

/** What became of the demo shop, or null while nothing was decided (a first start). */
export async function demoDataState(db: Queryable): Promise<DemoDataState | null> {
  const [row] = await db
    .select({ value: shopSettings.value })
    .from(shopSettings)
    .where(eq(shopSettings.key, demoDataKey));
  return row ? (row.value as { state: DemoDataState }).state : null;
}

export async function recordDemoDataState(db: Queryable, state: DemoDataState): Promise<void> {
  await db
    .insert(shopSettings)
    .values({ key: demoDataKey, value: { state } })
    .onConflictDoUpdate({ target: shopSettings.key, set: { value: { state }, updatedAt: new Date() } });
}

/** How many demo rows the shop still holds; all zero once they are removed. */
export async function demoRowCounts(db: Queryable): Promise<DemoRowCounts> {
  const countOf = async (table: typeof products | typeof blogPosts | typeof reviews | typeof orders) =>
    (await db.select({ n: count() }).from(table).where(eq(table.isDemo, true)))[0]?.n ?? 0;
  return {
    products: await countOf(products),
    blogPosts: await countOf(blogPosts),
    reviews: await countOf(reviews),
    orders: await countOf(orders),
  };
}

/**
 * Removes the demo shop in one transaction: its orders (with their lines, payments, refunds,
 * shipments, stock holds and timeline), its reviews, its blog posts (with comments and ratings) and
 * its products (with variants, images, price history), then their image files. A row not marked as
 * demo is never removed. A demo product that a real order bought is archived instead and stops being
 * demo, so the order's lines keep their product. Statistics are read from the orders, so they follow;
 * the database announces the change to every instance's storefront caches.
 */
export async function removeDemoData(db: Database, files: FileStore): Promise<DemoRemoval> {
  const { removal, imageKeys } = await db.transaction(async (tx) => {
    const demoOrders = tx.select({ id: orders.id }).from(orders).where(eq(orders.isDemo, true));
    // Withdrawals keep their order (restrict): those staff may have opened on a demo order go first.
    const demoRequests = tx
      .select({ id: withdrawalRequests.id })
      .from(withdrawalRequests)
      .where(inArray(withdrawalRequests.orderId, demoOrders));
    await tx.delete(withdrawalItems).where(inArray(withdrawalItems.requestId, demoRequests));
    await tx.delete(withdrawalRequests).where(inArray(withdrawalRequests.orderId, demoOrders));
    const removedOrders = await tx.delete(orders).where(eq(orders.isDemo, true)).returning({ id: orders.id });

    const removedReviews = await tx.delete(reviews).where(eq(reviews.isDemo, true)).returning({ id: reviews.id });

    const boughtByRealOrders = tx
      .selectDistinct({ id: orderItems.productId })
      .from(orderItems)
      .where(sql`${orderItems.productId} is not null`);
    const archived = await tx
      .update(products)
      .set({ isDemo: false, archivedAt: sql`coalesce(${products.archivedAt}, now())` })
      .where(and(eq(products.isDemo, true), inArray(products.id, boughtByRealOrders)))
      .returning({ id: products.id });

    const demoProducts = tx.select({ id: products.id }).from(products).where(eq(products.isDemo, true));
    const images = await tx
      .select({ path: productImages.path })
      .from(productImages)
      .where(inArray(productImages.productId, demoProducts));
    const removedProducts = await tx.delete(products).where(eq(products.isDemo, true)).returning({ id: products.id });
    const removedPosts = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.isDemo, true))
      .returning({ id: blogPosts.id, imageUrl: blogPosts.imageUrl });

    // A file still named by a row left (another product's image, a post's cover) stays.
    const paths = [...images.map((image) => image.path), ...removedPosts.flatMap((post) => post.imageUrl ?? [])];
    const stillUsed = new Set(
      paths.length === 0
        ? []
        : [
            ...(
              await tx
                .select({ path: productImages.path })
                .from(productImages)
                .where(inArray(productImages.path, paths))
            ).map((row) => row.path),
            ...(
              await tx.select({ path: blogPosts.imageUrl }).from(blogPosts).where(inArray(blogPosts.imageUrl, paths))
            ).map((row) => row.path),
          ],
    );
    await recordDemoDataState(tx, "removed");
    return {
      removal: {
        products: removedProducts.length,
        blogPosts: removedPosts.length,
        reviews: removedReviews.length,
        orders: removedOrders.length,
        archivedProducts: archived.length,
      },
      imageKeys: paths.filter((path) => !stillUsed.has(path) && path.startsWith("/files/")).map(fileKeyOf),
    };
  });
  // After the commit: a transaction rolled back leaves every image in place.
  for (let start = 0; start < imageKeys.length; start += 16)
    await Promise.all(imageKeys.slice(start, start + 16).map((key) => files.delete(key)));
  return removal;
}

// Image paths are URLs under /files/, which serves the store's keys.
function fileKeyOf(url: string): string {
  return url.replace(/^\/files\//, "");
}

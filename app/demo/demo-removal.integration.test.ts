import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { applyMigrations } from "~/db/migrate.server";
import {
  blogPosts,
  orderItems,
  orders,
  productImages,
  products,
  productVariants,
  reviews,
  shopSettings,
  stockHolds,
} from "~/db/schema";
import { demoDataState, demoRowCounts, removeDemoData } from "~/modules/demo-data/demo-data.server";
import { hasDemoRows } from "~/modules/demo-data/values";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { salesTotals } from "~/modules/stats/sales-stats.server";
import { emptyDatabases } from "../../tests/integration/database";
import { loadDemoShopIfEmpty } from "./first-start.server";

const createEmptyDatabase = emptyDatabases();
const today = "2026-11-20";

async function demoShop() {
  const { db } = await createEmptyDatabase();
  await applyMigrations(db);
  const files = memoryFileStore();
  expect(await loadDemoShopIfEmpty(db, files, today, true)).toBe(true);
  return { db, files };
}

const shippingAddress = {
  name: "Giulia Bianchi",
  address: "Via Roma 1",
  city: "Lecce",
  postalCode: "73100",
  province: "LE",
  country: "IT",
  phone: "3331234567",
  email: "giulia@example.com",
};

describe("removing the demo shop", { timeout: 120_000 }, () => {
  it("removes every demo row and its images, and nothing real: orders, products, posts, settings", async () => {
    const { db, files } = await demoShop();
    const before = await demoRowCounts(db);
    expect(before.products).toBeGreaterThan(100);
    expect(before.orders).toBeGreaterThan(50);
    expect(before.blogPosts).toBeGreaterThan(0);
    expect(before.reviews).toBeGreaterThan(0);

    // The owner's own: a setting, a product with an image, a post, and a real customer's order that
    // bought both the owner's product and a demo one, still holding its pieces.
    await db.insert(shopSettings).values({ key: "shipping", value: { freeShippingThresholdEuro: 80 } });
    const [own] = await db
      .insert(products)
      .values({
        name: "Maglia della casa",
        gender: "Donna",
        subcategory: "maglia",
        brand: "Vetrina",
        sku: "OWN-1",
        priceCents: 3900,
      })
      .returning({ id: products.id });
    const ownId = (own as { id: number }).id;
    const [ownVariant] = await db
      .insert(productVariants)
      .values({ productId: ownId, colorName: "Nero", colorCode: "#000000", size: "M", sku: "OWN-1-M", stock: 3 })
      .returning({ id: productVariants.id });
    await db.insert(productImages).values({ productId: ownId, path: "/files/products/own/maglia.jpg" });
    await files.put("products/own/maglia.jpg", new Uint8Array([1, 2, 3]), "image/jpeg");
    await db.insert(blogPosts).values({
      slug: "la-nostra-storia",
      title: "La nostra storia",
      excerpt: "Dal 1978",
      contentHtml: "<p>Dal 1978</p>",
      publishedAt: new Date(),
      author: "Anna",
      category: "Negozio",
    });
    const [demoVariant] = await db
      .select({ id: productVariants.id, productId: productVariants.productId })
      .from(productVariants)
      .orderBy(productVariants.id)
      .limit(1);
    const bought = demoVariant as { id: number; productId: number };
    const [realOrder] = await db
      .insert(orders)
      .values({
        email: "giulia@example.com",
        status: "processing",
        paymentStatus: "paid",
        deliveryMethod: "shipping",
        shippingAddress,
        subtotalCents: 6900,
        totalCents: 6900,
      })
      .returning({ id: orders.id });
    const orderId = (realOrder as { id: string }).id;
    await db.insert(orderItems).values([
      {
        orderId,
        productId: ownId,
        variantId: ownVariant?.id,
        productName: "Maglia della casa",
        quantity: 1,
        unitPriceCents: 3900,
      },
      {
        orderId,
        productId: bought.productId,
        variantId: bought.id,
        productName: "Demo",
        quantity: 1,
        unitPriceCents: 3000,
      },
    ]);
    await db.insert(stockHolds).values({ orderId, variantId: bought.id, quantity: 1 });
    const demoImages = files.keys().filter((key) => key.startsWith("products/") && !key.startsWith("products/own/"));

    const removal = await removeDemoData(db, files);

    expect(removal).toEqual({
      products: before.products - 1,
      blogPosts: before.blogPosts,
      reviews: before.reviews,
      orders: before.orders,
      archivedProducts: 1,
    });
    expect(hasDemoRows(await demoRowCounts(db))).toBe(false);
    expect(await demoDataState(db)).toBe("removed");

    // The real order whole, its lines naming both products, its hold in place.
    const lines = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
    expect(lines.map((line) => line.productId).sort()).toEqual([ownId, bought.productId].sort());
    expect(lines.every((line) => line.variantId !== null)).toBe(true);
    expect(await db.select().from(stockHolds).where(eq(stockHolds.orderId, orderId))).toHaveLength(1);
    expect((await db.select({ id: orders.id }).from(orders)).map((row) => row.id)).toEqual([orderId]);
    // The demo product it bought kept, archived, as the owner's own; the other products: the owner's.
    const left = await db
      .select({ id: products.id, archived: sql<boolean>`${products.archivedAt} is not null`, isDemo: products.isDemo })
      .from(products)
      .orderBy(products.id);
    expect(left).toEqual([
      { id: bought.productId, archived: true, isDemo: false },
      { id: ownId, archived: false, isDemo: false },
    ]);
    expect(await db.select().from(reviews)).toEqual([]);
    expect((await db.select({ slug: blogPosts.slug }).from(blogPosts)).map((post) => post.slug)).toEqual([
      "la-nostra-storia",
    ]);
    const [shipping] = await db.select().from(shopSettings).where(eq(shopSettings.key, "shipping"));
    expect(shipping?.value).toEqual({ freeShippingThresholdEuro: 80 });

    // Files: the demo pictures gone but the kept product's, the owner's picture and nothing else touched.
    const keptImages = (
      await db
        .select({ path: productImages.path })
        .from(productImages)
        .where(eq(productImages.productId, bought.productId))
    ).map((image) => image.path.replace(/^\/files\//, ""));
    expect(keptImages.length).toBeGreaterThan(0);
    expect(
      files
        .keys()
        .filter((key) => key.startsWith("products/"))
        .sort(),
    ).toEqual([...keptImages, "products/own/maglia.jpg"].sort());
    expect(demoImages.filter((key) => files.keys().includes(key)).sort()).toEqual(keptImages.sort());
    expect(files.keys().filter((key) => key.startsWith("blog/"))).toEqual([]);

    // The statistics: the real order alone.
    const totals = await salesTotals(db, { from: "2000-01-01", to: "2100-01-01" });
    expect(totals).toMatchObject({ orders: 1, grossCents: 6900 });

    // A later start does not load the demo into the now small catalogue, nor ever again.
    await db.delete(orderItems);
    await db.delete(orders);
    await db.delete(products);
    expect(await loadDemoShopIfEmpty(db, files, today, true)).toBe(false);
    expect(await db.select().from(products)).toEqual([]);
  });
});

describe("an empty start (DEMO_DATA=off)", { timeout: 60_000 }, () => {
  it("loads nothing, and a later start with the demo on loads nothing either", async () => {
    const { db } = await createEmptyDatabase();
    await applyMigrations(db);
    const files = memoryFileStore();
    expect(await loadDemoShopIfEmpty(db, files, today, false)).toBe(false);
    expect(await loadDemoShopIfEmpty(db, files, today, true)).toBe(false);
    for (const table of [products, blogPosts, reviews, orders]) expect(await db.select().from(table)).toEqual([]);
    expect(files.keys()).toEqual([]);
    expect(await demoDataState(db)).toBe("declined");
  });
});

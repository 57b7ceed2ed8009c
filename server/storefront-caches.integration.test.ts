import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import express from "express";
import type pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { products, productVariants, shopSettings } from "../app/db/schema";
import { readSettings } from "../app/modules/settings/settings.server";
import { connectTestDatabase } from "../tests/integration/database";
import { startStorefrontCaches } from "./storefront-caches";

// The caches of one process on the test database: a change committed by anyone (another process, a
// script, psql) reaches them through PostgreSQL's notification, not through the code that made it.
const db = connectTestDatabase();
const caches = await startStorefrontCaches(db.$client as pg.Pool);
const app = express();
app.use(caches.pages.middleware);
app.get(/.*/, (_req, res) => {
  const nonce = randomBytes(16).toString("base64");
  res.setHeader("Content-Security-Policy", `script-src 'nonce-${nonce}'`);
  res.type("html").send(`<script nonce="${nonce}"></script>`);
});
const server = app.listen(0, "127.0.0.1");
afterAll(async () => {
  server.close();
  await caches.stop();
});

async function pageCache(path: string): Promise<string | null> {
  if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
  const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
  await response.text();
  return response.headers.get("x-page-cache");
}

async function keptPage(path: string): Promise<void> {
  await pageCache(path);
  expect(await pageCache(path)).toBe("hit");
}

describe("storefront caches", () => {
  it("forget the guest pages when a product's price is committed, not before", async () => {
    await keptPage("/shop");
    const [product] = await db.select({ id: products.id }).from(products).limit(1);
    if (!product) throw new Error("the test database has no product");

    await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE products SET price_cents = price_cents + 1 WHERE id = ${product.id}`);
        tx.rollback();
      })
      .catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pageCache("/shop")).toBe("hit");

    await db.execute(sql`UPDATE products SET price_cents = price_cents WHERE id = ${product.id}`);
    await expect.poll(() => pageCache("/shop"), { timeout: 3000 }).toBe("miss");
  });

  it("forget them on review, blog and coupon changes too", async () => {
    for (const change of [
      sql`DELETE FROM reviews WHERE false`,
      sql`UPDATE blog_posts SET title = title WHERE false`,
      sql`DELETE FROM coupons WHERE false`,
    ]) {
      await keptPage("/blog");
      await db.execute(change);
      await expect.poll(() => pageCache("/blog"), { timeout: 3000 }).toBe("miss");
    }
  });

  it("forget the pages showing products, not the blog, on changes to the catalogue alone", async () => {
    const [variant] = await db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(sql`${productVariants.stock} > 0`)
      .limit(1);
    if (!variant) throw new Error("the test database has no variant in stock");
    for (const change of [
      sql`UPDATE products SET name = name WHERE id = (SELECT min(id) FROM products)`,
      sql`UPDATE product_images SET position = position WHERE id = (SELECT min(id) FROM product_images)`,
      sql`UPDATE product_variants SET stock = 0 WHERE id = ${variant.id}`,
      sql`UPDATE product_variants SET stock = ${variant.stock} WHERE id = ${variant.id}`,
    ]) {
      await keptPage("/shop");
      await keptPage("/blog");
      await db.execute(change);
      await expect.poll(() => pageCache("/shop"), { timeout: 3000 }).toBe("miss");
      expect(await pageCache("/blog")).toBe("hit");
    }
  });

  it("forget on a variant selling out the lists and that product's page, not another product's", async () => {
    const [variant] = await db
      .select({ id: productVariants.id, productId: productVariants.productId, stock: productVariants.stock })
      .from(productVariants)
      .where(sql`${productVariants.stock} > 0`)
      .limit(1);
    if (!variant) throw new Error("the test database has no variant in stock");
    const own = `/product/${variant.productId}`;
    const other = `/product/${variant.productId + 1}`;
    for (const page of [own, other, "/shop"]) await keptPage(page);
    await db.execute(sql`UPDATE product_variants SET stock = 0 WHERE id = ${variant.id}`);
    try {
      await expect.poll(() => pageCache("/shop"), { timeout: 3000 }).toBe("miss");
      expect(await pageCache(own)).toBe("miss");
      expect(await pageCache(other)).toBe("hit");
    } finally {
      await db.execute(sql`UPDATE product_variants SET stock = ${variant.stock} WHERE id = ${variant.id}`);
    }
    // Back in stock is a change too: its notification lands here, not in the next test.
    await expect.poll(() => pageCache(own), { timeout: 3000 }).toBe("miss");
  });

  it("keep every page through stock changes that leave each variant sold out, at its last piece or above", async () => {
    const [variant] = await db
      .select({ id: productVariants.id, stock: productVariants.stock })
      .from(productVariants)
      .where(sql`${productVariants.stock} >= 3`)
      .limit(1);
    if (!variant) throw new Error("the test database has no variant with 3 pieces");
    const sold = (pieces: number) => sql`
      UPDATE product_variants SET stock = product_variants.stock - wanted.quantity
      FROM (VALUES (${variant.id}::int, ${pieces}::int)) AS wanted(id, quantity)
      WHERE product_variants.id = wanted.id AND product_variants.stock >= wanted.quantity`;
    await keptPage("/shop");
    // The checkout's own statement, taking one piece of 3 or more; then the piece back.
    await db.execute(sold(1));
    await db.execute(sold(-1));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pageCache("/shop")).toBe("hit");

    // Down to the last piece is something a guest sees ('Ultimo pezzo disponibile').
    await db.execute(sql`UPDATE product_variants SET stock = 1 WHERE id = ${variant.id}`);
    await expect.poll(() => pageCache("/shop"), { timeout: 3000 }).toBe("miss");
    await db.execute(sql`UPDATE product_variants SET stock = ${variant.stock} WHERE id = ${variant.id}`);
  });

  it("keep them through changes guests never see (orders' notes, rate limits)", async () => {
    await keptPage("/chi-siamo");
    await db.execute(sql`DELETE FROM rate_limits WHERE false`);
    await db.execute(sql`DELETE FROM contact_messages WHERE false`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await pageCache("/chi-siamo")).toBe("hit");
  });

  it("forget the settings this process read, well before their time-to-live", async () => {
    const before = await readSettings(db);
    const [stored] = await db.select().from(shopSettings).where(eq(shopSettings.key, "promoBar"));
    const text = `Saldi di prova ${randomBytes(3).toString("hex")}`;
    await db
      .insert(shopSettings)
      .values({ key: "promoBar", value: { ...before.promoBar, text } })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value: { ...before.promoBar, text } } });
    try {
      await expect.poll(async () => (await readSettings(db)).promoBar.text, { timeout: 2000 }).toBe(text);
    } finally {
      if (stored) await db.update(shopSettings).set({ value: stored.value }).where(eq(shopSettings.key, "promoBar"));
      else await db.delete(shopSettings).where(eq(shopSettings.key, "promoBar"));
    }
  });
});

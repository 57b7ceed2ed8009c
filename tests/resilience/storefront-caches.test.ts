import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database, disconnectDatabase } from "../../app/db/client.server";
import { blogPosts, products, productVariants, shopSettings } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import { defaultPublicSettings } from "../../app/modules/settings/shop-settings";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { startTestPostgres, type TestPostgres } from "./support/database";

// The built shop as it runs in production (two web processes, each keeping guest pages, filter
// choices and settings in memory) on its own PostgreSQL. A change committed to the database, by any
// code path, must leave every kind of kept page at once: the next request after the notification,
// to whichever process, shows the change.

let database: TestPostgres;
let db: Database;
let app: AppInstance;

beforeAll(async () => {
  database = await startTestPostgres();
  app = await startAppInstance({
    databaseUrl: database.url,
    dataDir: path.join(database.workDir, "data"),
    authSecret: randomBytes(32).toString("base64"),
    env: { WEB_PROCESSES: "2" },
  });
  db = connectDatabase(database.url, 4).db;
});

afterAll(async () => {
  await app?.stop();
  await disconnectDatabase();
  await database?.destroy();
});

type Page = { cache: string | null; html: string };

/** A guest's request on a connection of its own, so the two web processes both answer some. */
function get(pathname: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    http
      .get(`${app.url}${pathname}`, { agent: false }, (response) => {
        let html = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => {
          html += chunk;
        });
        response.on("end", () => resolve({ cache: response.headers["x-page-cache"] as string | null, html }));
      })
      .on("error", reject);
  });
}

/** Asks for the page until both processes have had time to keep it, and checks it was kept. */
async function keptPage(pathname: string): Promise<string> {
  const answers = [];
  for (let request = 0; request < 12; request++) answers.push(await get(pathname));
  expect(answers.filter((answer) => answer.cache === "hit").length).toBeGreaterThan(0);
  return (answers.at(-1) as Page).html;
}

/** Every one of several requests after the change, shortly after its commit, sees it. */
async function everyAnswerShows(pathname: string, shows: (html: string) => boolean): Promise<void> {
  // The notification arrives within milliseconds; a kept page outliving it stays for minutes.
  await new Promise((resolve) => setTimeout(resolve, 500));
  const answers = [];
  for (let request = 0; request < 8; request++) answers.push(shows((await get(pathname)).html));
  expect(answers).toEqual(answers.map(() => true));
}

const productLink = (id: number) => `href="/product/${id}"`;

function firstProductOn(html: string): number {
  const id = /href="\/product\/(\d+)"/.exec(html)?.[1];
  if (!id) throw new Error("the page lists no product");
  return Number(id);
}

async function archive(id: number) {
  await db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
}

describe("a committed change leaves every kind of kept guest page at once", () => {
  const searchPath = async () => {
    const [product] = await db
      .select({ name: products.name })
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(sql`${products.id} desc`)
      .limit(1);
    return `/shop?search=${encodeURIComponent(product?.name ?? "")}`;
  };

  it.each([
    ["the home page", async () => "/"],
    ["the shop with filters", async () => "/shop?category=Donna&subcategory=pigiama&sort=price_asc"],
    ["a search", searchPath],
    ["a collection", async () => "/donna"],
    ["the outlet", async () => "/outlet"],
    ["the new collection", async () => "/nuova-collezione"],
  ])("%s no longer lists an archived product", async (_kind, pathOf) => {
    const pathname = await pathOf();
    const id = firstProductOn(await keptPage(pathname));
    await archive(id);
    await everyAnswerShows(pathname, (html) => !html.includes(productLink(id)));
  });

  it("a product page shows its new price", async () => {
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.archivedAt} is null and ${products.priceCents} is not null`)
      .limit(1);
    const pathname = `/product/${product?.id}`;
    await keptPage(pathname);
    const price = 7770 + Math.floor(Math.random() * 9);
    await db
      .update(products)
      .set({ priceCents: price, originalPriceCents: null })
      .where(eq(products.id, product?.id ?? 0));
    await everyAnswerShows(pathname, (html) => html.includes(formatEuro(price)));
  });

  it("the blog and a post show a post's new title", async () => {
    const [post] = await db.select({ id: blogPosts.id, slug: blogPosts.slug }).from(blogPosts).limit(1);
    await keptPage("/blog");
    await keptPage(`/blog/${post?.slug}`);
    const title = `Titolo cambiato ${randomBytes(3).toString("hex")}`;
    await db
      .update(blogPosts)
      .set({ title })
      .where(eq(blogPosts.id, post?.id ?? 0));
    await everyAnswerShows("/blog", (html) => html.includes(title));
    await everyAnswerShows(`/blog/${post?.slug}`, (html) => html.includes(title));
  });

  it("every page shows new settings (the promo bar), not a copy of them the app kept", async () => {
    await keptPage("/");
    await keptPage("/chi-siamo");
    const text = `Saldi di prova ${randomBytes(3).toString("hex")}`;
    const value = { ...defaultPublicSettings.promoBar, text };
    await db
      .insert(shopSettings)
      .values({ key: "promoBar", value })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value } });
    await everyAnswerShows("/", (html) => html.includes(text));
    await everyAnswerShows("/chi-siamo", (html) => html.includes(text));
  });

  it("the shop's filters offer a new brand, not a copy of the choices the app kept", async () => {
    await keptPage("/shop");
    const [product] = await db.select({ id: products.id }).from(products).where(isNull(products.archivedAt)).limit(1);
    const brand = `Marca ${randomBytes(3).toString("hex")}`;
    await db
      .update(products)
      .set({ brand })
      .where(eq(products.id, product?.id ?? 0));
    await everyAnswerShows("/shop", (html) => html.includes(brand));
  });
});

describe("a sale forgets only what it changes for guests", () => {
  /** A product on sale with a price and every variant holding at least `pieces` pieces. */
  async function productWithStock(pieces: number) {
    const [product] = await db
      .select({ id: products.id, name: products.name, gender: products.gender })
      .from(products)
      .where(
        sql`${products.archivedAt} is null and ${products.priceCents} is not null and not exists (
          select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.stock} < ${pieces})`,
      )
      .orderBy(sql`${products.id} desc`)
      .limit(1);
    if (!product) throw new Error(`no product has ${pieces} pieces of every variant`);
    return product;
  }

  /** The statement the checkout takes stock with (takeStock in place-order.server.ts), for one piece. */
  async function sellOnePiece(productId: number) {
    await db.execute(sql`
      UPDATE product_variants SET stock = product_variants.stock - wanted.quantity
      FROM (VALUES ((SELECT min(id) FROM product_variants WHERE product_id = ${productId}), 1)) AS wanted(id, quantity)
      WHERE product_variants.id = wanted.id AND product_variants.stock >= wanted.quantity`);
  }

  it("a sale leaving the variant more than its last piece keeps the product's page and the lists in every process", async () => {
    const product = await productWithStock(3);
    const pages = [`/product/${product.id}`, `/shop?search=${encodeURIComponent(product.name)}`, "/"];
    for (const page of pages) await keptPage(page);
    await sellOnePiece(product.id);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const page of pages) {
      const answers = [];
      for (let request = 0; request < 8; request++) answers.push((await get(page)).cache);
      expect(answers, page).toEqual(answers.map(() => "hit"));
    }
  });

  it("a product selling out leaves its page and the lists in every process, not the blog or pages without it", async () => {
    const product = await productWithStock(1);
    // Related products are of the same gender: a product of another one never shows it.
    const [elsewhere] = await db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.archivedAt} is null and ${products.gender} <> ${product.gender}`)
      .limit(1);
    const search = `/shop?search=${encodeURIComponent(product.name)}`;
    const untouched = ["/blog", `/product/${elsewhere?.id}`];
    for (const page of [`/product/${product.id}`, search, ...untouched]) await keptPage(page);
    await db.update(productVariants).set({ stock: 0 }).where(eq(productVariants.productId, product.id));
    await everyAnswerShows(`/product/${product.id}`, (html) => html.includes("Prodotto esaurito"));
    await everyAnswerShows(search, (html) => html.includes("Esaurito"));
    for (const page of untouched) {
      const answers = [];
      for (let request = 0; request < 8; request++) answers.push((await get(page)).cache);
      expect(answers, page).toEqual(answers.map(() => "hit"));
    }
  });

  it("renders a page once in each process however many guests ask for it at once", async () => {
    const pathname = `/shop?sort=price_desc&category=Donna&bench=${randomBytes(4).toString("hex")}`;
    const answers = await Promise.all(Array.from({ length: 40 }, () => get(pathname)));
    const misses = answers.filter((answer) => answer.cache === "miss").length;
    expect(misses).toBeGreaterThan(0);
    // Two web processes: at most one render in each.
    expect(misses).toBeLessThanOrEqual(2);
  });
});

import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orderItems, productPriceHistory, products, productVariants } from "~/db/schema";
import { quoteCart } from "~/modules/cart/quote.server";
import { getCatalogFacets } from "~/modules/catalog/facets.server";
import { listProducts } from "~/modules/catalog/listing.server";
import { getProductDetails } from "~/modules/catalog/product-details.server";
import { listSitemapPages } from "~/modules/seo/sitemap.server";
import { defaultSettings } from "~/modules/settings/settings.server";
import { cartRules } from "~/modules/settings/shop-settings";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deleteTestVariants, insertOrder, stockOf, TEST_SKU_PREFIX } from "../../../tests/support/fixtures";
import { testClock } from "../../../tests/support/services";
import type { ProductInput, VariantInput } from "./product-form";
import {
  duplicateProduct,
  loadProductForEdit,
  saveMessages,
  saveProduct,
  setArchived,
  updateStock,
} from "./products.server";

const db = connectTestDatabase();
const clock = testClock(new Date("2026-11-01T10:00:00Z"));
const deps = { db, clock };
afterAll(() => deleteTestVariants(db));

// A word no demo product has, so that searches find only this file's products.
const uniqueWord = () => `Zefiro${randomUUID().slice(0, 6)}`;

function variant(overrides: Partial<VariantInput> = {}): VariantInput {
  return {
    id: null,
    colorName: "Nero",
    colorCode: "#111111",
    size: "M",
    sku: "",
    stock: 4,
    stockSeen: null,
    ...overrides,
  };
}

function input(overrides: Partial<ProductInput> = {}): ProductInput {
  return {
    name: `Pigiama ${uniqueWord()}`,
    gender: "Donna",
    subcategory: "pigiama",
    brand: "Marca di prova",
    sku: `${TEST_SKU_PREFIX}${randomUUID()}`,
    description: "Cotone leggero.",
    composition: "100% cotone",
    washing: ["Lavare a 30°"],
    details: "",
    minQuantity: 1,
    pricePerPack: null,
    priceCents: 3990,
    originalPriceCents: null,
    isNew: false,
    isNewCollection: false,
    isOutlet: false,
    hygieneSealed: false,
    variants: [variant(), variant({ colorName: "Rosa antico", colorCode: "#c48b8b", size: "L" })],
    ...overrides,
  };
}

async function create(overrides: Partial<ProductInput> = {}) {
  const product = input(overrides);
  const answer = await saveProduct(deps, null, product);
  if (!answer.ok) throw new Error(answer.message);
  return { id: answer.productId, product };
}

async function edited(id: number) {
  const loaded = await loadProductForEdit(db, id, clock.now());
  if (!loaded) throw new Error("gone");
  return loaded;
}

/** The form's variants as the edit page posts them back, stock as it showed it. */
const asPosted = (loaded: Awaited<ReturnType<typeof edited>>): VariantInput[] =>
  loaded.variants.map((row) => ({ ...row, stockSeen: row.stock }));

const historyOf = (productId: number) =>
  db
    .select({ priceCents: productPriceHistory.priceCents, validFrom: productPriceHistory.validFrom })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, productId))
    .orderBy(productPriceHistory.id);

describe("saveProduct", () => {
  it("creates the product with its variants, variant SKUs made from its own, and its first price in the history", async () => {
    const { id, product } = await create();
    const loaded = await edited(id);
    expect(loaded).toMatchObject({ name: product.name, priceCents: 3990, archivedAt: null, washing: ["Lavare a 30°"] });
    expect(loaded.variants.map((row) => [row.colorName, row.size, row.sku, row.stock, row.position])).toEqual([
      ["Nero", "M", `${product.sku}-NERO-M`, 4, 0],
      ["Rosa antico", "L", `${product.sku}-ROSAANTICO-L`, 4, 1],
    ]);
    expect(await historyOf(id)).toEqual([{ priceCents: 3990, validFrom: clock.now() }]);
  });

  it("makes the product findable at once: by name, by a colour, in the filter choices", async () => {
    const name = uniqueWord();
    const colour = `Glicine${randomUUID().slice(0, 4)}`;
    await getCatalogFacets(db);
    const { id } = await create({ name: `Camicia ${name}`, variants: [variant({ colorName: colour })] });
    expect((await listProducts(db, { search: name })).products.map((row) => row.id)).toEqual([id]);
    expect((await listProducts(db, { search: colour })).products.map((row) => row.id)).toEqual([id]);
    expect((await getCatalogFacets(db)).colours.map((row) => row.name)).toContain(colour);
  });

  it("records a new price in the history, and the product page shows the 30-day lowest price of a reduction", async () => {
    const { id } = await create({ priceCents: 5000 });
    clock.advance(24 * 60 * 60 * 1000);
    const loaded = await edited(id);
    const reduced = input({
      ...loaded,
      details: loaded.detailsAccordion,
      name: loaded.name,
      sku: loaded.sku,
      priceCents: 3500,
      originalPriceCents: 5000,
      variants: asPosted(loaded),
    });
    expect(await saveProduct(deps, id, reduced)).toEqual({ ok: true, productId: id, message: saveMessages.saved });
    expect((await historyOf(id)).map((row) => row.priceCents)).toEqual([5000, 3500]);
    const details = await getProductDetails(db, id, clock.now());
    expect(details?.lowestPrice30DaysCents).toBe(5000);
    expect(details?.discountPercentage).toBe(30);

    // Saved again with the same price: no new row.
    await saveProduct(deps, id, { ...reduced, description: "Altro testo." });
    expect(await historyOf(id)).toHaveLength(2);
  });

  it("names an SKU another product already has, of the product or of a variant, and saves nothing", async () => {
    const { product: first } = await create();
    const taken = input({ sku: first.sku });
    // Its variants' SKUs, made from the same product SKU, are taken too.
    expect(await saveProduct(deps, null, taken)).toMatchObject({
      ok: false,
      fieldErrors: {
        sku: saveMessages.productSkuTaken(first.sku),
        "variants.0.sku": saveMessages.variantSkuTaken(`${first.sku}-NERO-M`),
      },
      message: saveMessages.invalid,
    });
    const variantTaken = input({ variants: [variant({ sku: `${first.sku}-NERO-M` })] });
    expect(await saveProduct(deps, null, variantTaken)).toMatchObject({
      ok: false,
      fieldErrors: { "variants.0.sku": saveMessages.variantSkuTaken(`${first.sku}-NERO-M`) },
    });
    const [count] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.name, taken.name));
    expect(count?.count).toBe(0);
  });

  it("adds and removes variants; one that an order names stays, and the save says why", async () => {
    const { id, product } = await create();
    const loaded = await edited(id);
    const [black, pink] = asPosted(loaded);
    if (!black || !pink) throw new Error("two variants expected");
    const base = { ...product, sku: loaded.sku, name: loaded.name };

    const withNew = await saveProduct(deps, id, {
      ...base,
      variants: [black, variant({ colorName: "Blu", size: "S" })],
    });
    expect(withNew.ok).toBe(true);
    expect((await edited(id)).variants.map((row) => `${row.colorName} ${row.size}`)).toEqual(["Nero M", "Blu S"]);

    const orderId = await insertOrder(db, null);
    await db.insert(orderItems).values({
      orderId,
      productId: id,
      variantId: black.id,
      productName: base.name,
      size: "M",
      color: "Nero",
      quantity: 1,
      unitPriceCents: 3990,
    });
    const blue = (await edited(id)).variants.find((row) => row.colorName === "Blu");
    const refused = await saveProduct(deps, id, { ...base, variants: [{ ...variant(), ...blue, stockSeen: 4 }] });
    expect(refused).toMatchObject({ ok: false, message: saveMessages.variantInOrders("Nero M") });
    expect((await edited(id)).variants).toHaveLength(2);
  });

  it("says so when two variants swap colour and size in one save, and saves nothing", async () => {
    const { id, product } = await create();
    const loaded = await edited(id);
    const [black, pink] = asPosted(loaded);
    if (!black || !pink) throw new Error("two variants expected");
    const swapped = [
      { ...black, colorName: pink.colorName, size: pink.size },
      { ...pink, colorName: black.colorName, size: black.size },
    ];
    const answer = await saveProduct(deps, id, { ...product, sku: loaded.sku, variants: swapped });
    expect(answer).toEqual({ ok: false, message: saveMessages.variantSwapped });
    expect((await edited(id)).variants.map((row) => `${row.colorName} ${row.size}`)).toEqual([
      "Nero M",
      "Rosa antico L",
    ]);
  });

  it("does not overwrite stock an order took while the form was open, and saves nothing of that form", async () => {
    const { id, product } = await create();
    const loaded = await edited(id);
    const posted = asPosted(loaded);
    const first = posted[0];
    if (!first?.id) throw new Error("variant expected");
    // A customer buys one meanwhile.
    await db.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, first.id));

    const stale = {
      ...product,
      sku: loaded.sku,
      name: "Nome nuovo",
      variants: [{ ...first, stock: 10 }, ...posted.slice(1)],
    };
    expect(await saveProduct(deps, id, stale)).toEqual({ ok: false, message: saveMessages.stockChanged("Nero M", 3) });
    expect(await stockOf(db, first.id)).toBe(3);
    expect((await edited(id)).name).toBe(loaded.name);

    // Stock left as shown is not written at all: the sale made meanwhile stays.
    const unchanged = { ...stale, variants: posted };
    expect((await saveProduct(deps, id, unchanged)).ok).toBe(true);
    expect(await stockOf(db, first.id)).toBe(3);
  });
});

describe("updateStock", () => {
  it("writes every changed stock at once", async () => {
    const { id } = await create();
    const [black, pink] = (await edited(id)).variants;
    if (!black || !pink) throw new Error("two variants expected");
    const answer = await updateStock(db, [
      { variantId: black.id, stock: 20, stockSeen: 4 },
      { variantId: pink.id, stock: 4, stockSeen: 4 },
    ]);
    expect(answer).toMatchObject({ ok: true, message: saveMessages.stockSaved(1) });
    expect([await stockOf(db, black.id), await stockOf(db, pink.id)]).toEqual([20, 4]);
    expect(await updateStock(db, [{ variantId: black.id, stock: 20, stockSeen: 20 }])).toMatchObject({
      ok: false,
      message: saveMessages.stockUnchanged,
    });
  });

  it("refuses all of it when one stock changed meanwhile, naming it", async () => {
    const { id } = await create();
    const [black, pink] = (await edited(id)).variants;
    if (!black || !pink) throw new Error("two variants expected");
    await db.update(productVariants).set({ stock: 1 }).where(eq(productVariants.id, pink.id));
    const answer = await updateStock(db, [
      { variantId: black.id, stock: 9, stockSeen: 4 },
      { variantId: pink.id, stock: 9, stockSeen: 4 },
    ]);
    expect(answer).toEqual({ ok: false, message: saveMessages.stockChanged("Rosa antico L", 1) });
    expect([await stockOf(db, black.id), await stockOf(db, pink.id)]).toEqual([4, 1]);
  });

  it("waits for an order taking the same stock, then sees it changed instead of overwriting it", async () => {
    const { id } = await create();
    const [black] = (await edited(id)).variants;
    if (!black) throw new Error("variant expected");
    let pending: ReturnType<typeof updateStock> | undefined;
    await db.transaction(async (tx) => {
      // The checkout's lock and decrement (modules/checkout/place-order.server.ts), not yet committed.
      await tx.execute(sql`select id from product_variants where id = ${black.id} for no key update`);
      await tx.update(productVariants).set({ stock: 3 }).where(eq(productVariants.id, black.id));
      pending = updateStock(db, [{ variantId: black.id, stock: 50, stockSeen: 4 }]);
      await new Promise((resolve) => setTimeout(resolve, 200));
    });
    expect(await pending).toEqual({ ok: false, message: saveMessages.stockChanged("Nero M", 3) });
    expect(await stockOf(db, black.id)).toBe(3);
  });
});

describe("setArchived", () => {
  it("takes the product off the storefront everywhere and back; the admin still finds it", async () => {
    const name = uniqueWord();
    const { id } = await create({ name: `Slip ${name}`, subcategory: "slip" });
    const [black] = (await edited(id)).variants;
    const line = { id, size: "M", color: "Nero", quantity: 1 };
    expect((await quoteCart(db, { items: [line] }, cartRules(defaultSettings()))).lines[0]?.status).toBe("ok");

    expect(await setArchived(deps, id, true)).toEqual({ ok: true, productId: id, message: saveMessages.archived });
    expect((await edited(id)).archivedAt).toBe(clock.now().toISOString());
    expect((await listProducts(db, { search: name })).products).toEqual([]);
    expect((await listProducts(db, { ids: [id] })).totalCount).toBe(0);
    expect(await getProductDetails(db, id)).toBeNull();
    expect((await listSitemapPages(db)).map((page) => page.path)).not.toContain(`/product/${id}`);
    expect((await quoteCart(db, { items: [line] }, cartRules(defaultSettings()))).lines[0]).toMatchObject({
      status: "missing",
      variantId: null,
    });
    // The variant and its stock stay, for the orders that name it.
    expect(await stockOf(db, black?.id ?? -1)).toBe(4);

    expect(await setArchived(deps, id, false)).toMatchObject({ ok: true, message: saveMessages.unarchived });
    expect((await listProducts(db, { search: name })).products.map((row) => row.id)).toEqual([id]);
    expect(await setArchived(deps, 2_000_000_000, true)).toEqual({ ok: false, message: saveMessages.notFound });
  });
});

describe("duplicateProduct", () => {
  it("copies the product archived, named a copy, SKUs suffixed, stock 0; a second copy gets its own suffix", async () => {
    const { id, product } = await create();
    const answer = await duplicateProduct(deps, id);
    if (!answer.ok) throw new Error(answer.message);
    const copy = await edited(answer.productId);
    expect(copy).toMatchObject({
      name: `${product.name} (copia)`,
      sku: `${product.sku}-COPIA`,
      priceCents: 3990,
      archivedAt: clock.now().toISOString(),
      description: product.description,
    });
    expect(copy.variants.map((row) => [row.colorName, row.size, row.sku, row.stock])).toEqual([
      ["Nero", "M", `${product.sku}-NERO-M-COPIA`, 0],
      ["Rosa antico", "L", `${product.sku}-ROSAANTICO-L-COPIA`, 0],
    ]);
    expect((await historyOf(answer.productId)).map((row) => row.priceCents)).toEqual([3990]);

    const second = await duplicateProduct(deps, id);
    expect(second.ok && (await edited(second.productId)).sku).toBe(`${product.sku}-COPIA2`);
    expect(await duplicateProduct(deps, 2_000_000_000)).toEqual({ ok: false, message: saveMessages.notFound });
  });
});

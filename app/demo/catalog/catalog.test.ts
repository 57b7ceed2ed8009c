import { describe, expect, it } from "vitest";
import { discountPercent } from "~/modules/catalog/crossed-out-price";
import { genders, subcategories } from "~/modules/catalog/values";
import { buildDemoCatalog, type DemoProduct, salePriceCents } from "./catalog";

const catalog = buildDemoCatalog();
const totalStock = (product: DemoProduct) => product.variants.reduce((sum, variant) => sum + variant.stock, 0);
const colourNames = (product: DemoProduct) => [...new Set(product.variants.map((variant) => variant.colorName))];

describe("buildDemoCatalog", () => {
  it("returns the same data on every call", () => {
    expect(buildDemoCatalog()).toEqual(catalog);
  });

  it("has at least 150 products with ids 1..N, created in 2026 in id order", () => {
    expect(catalog.length).toBeGreaterThanOrEqual(150);
    expect(catalog.map((product) => product.id)).toEqual(catalog.map((_, index) => index + 1));
    for (const [index, product] of catalog.entries()) {
      expect(product.createdAt.getUTCFullYear()).toBe(2026);
      const previous = catalog[index - 1];
      if (previous) expect(product.createdAt.getTime()).toBeGreaterThan(previous.createdAt.getTime());
    }
  });

  it("covers every gender, every subcategory and exactly 22 brands", () => {
    expect(new Set(catalog.map((product) => product.gender))).toEqual(new Set(genders));
    expect(new Set(catalog.map((product) => product.subcategory))).toEqual(new Set(subcategories));
    expect(new Set(catalog.map((product) => product.brand)).size).toBe(22);
  });

  it("has swimwear for women and children", () => {
    for (const gender of ["Donna", "Bambini"]) {
      for (const subcategory of ["bikini", "intero"]) {
        expect(catalog.some((product) => product.gender === gender && product.subcategory === subcategory)).toBe(true);
      }
    }
  });

  it("shows every stock situation", () => {
    const inStock = catalog.filter((product) => totalStock(product) > 0);
    expect(catalog.some((product) => totalStock(product) === 0)).toBe(true);
    expect(catalog.some((product) => totalStock(product) === 1)).toBe(true);
    expect(catalog.some((product) => product.variants.some((variant) => variant.stock === 1))).toBe(true);
    const soldOutColour = inStock.filter((product) =>
      colourNames(product).some((colour) =>
        product.variants.every((variant) => variant.colorName !== colour || variant.stock === 0),
      ),
    );
    expect(soldOutColour.length).toBeGreaterThan(0);
    expect(catalog.some((product) => product.isOutlet && totalStock(product) === 0)).toBe(true);
  });

  it("has outlet, new collection and new products that can be bought", () => {
    const buyable = catalog.filter((product) => totalStock(product) > 0 && product.priceCents !== null);
    expect(buyable.filter((product) => product.isOutlet).length).toBeGreaterThanOrEqual(4);
    expect(buyable.filter((product) => product.isNewCollection).length).toBeGreaterThanOrEqual(6);
    expect(buyable.filter((product) => product.isNew).length).toBeGreaterThanOrEqual(6);
  });

  it("prices everything in integer cents, with an original price only on discounted products", () => {
    for (const product of catalog) {
      const amounts = [
        product.priceCents,
        product.originalPriceCents,
        ...product.priceHistory.map((p) => p.priceCents),
      ];
      for (const amount of amounts) {
        if (amount !== null) expect(Number.isInteger(amount) && amount >= 0).toBe(true);
      }
      // The database keeps a reference price above the price (migration 0022); so does the demo.
      if (product.originalPriceCents !== null) {
        expect(product.originalPriceCents).toBeGreaterThan(product.priceCents ?? Number.POSITIVE_INFINITY);
      }
      if (product.priceCents === null) expect(product.priceHistory).toEqual([]);
      else expect(product.priceHistory.at(-1)?.priceCents).toBe(product.priceCents);
    }
    expect(catalog.filter((product) => product.priceCents === null).length).toBeGreaterThanOrEqual(2);
    expect(catalog.filter((product) => product.originalPriceCents !== null).length).toBeGreaterThanOrEqual(5);
  });

  it("puts every 'Fine Serie' product at a reduced price", () => {
    for (const product of catalog.filter((candidate) => candidate.isOutlet)) {
      expect(discountPercent(product)).toBeGreaterThan(0);
      expect(product.priceCents).toBeLessThan(product.originalPriceCents ?? 0);
    }
  });

  it("ends every price as a shop writes it, reductions included: ,90 or ,00", () => {
    for (const product of catalog) {
      for (const { priceCents } of product.priceHistory) expect([0, 90]).toContain(priceCents % 100);
    }
  });

  it("never takes off less than the percentage it shows", () => {
    for (const product of catalog.filter((candidate) => discountPercent(candidate) !== null)) {
      const list = product.originalPriceCents ?? 0;
      const shown = discountPercent(product) ?? 0;
      expect(product.priceCents ?? list).toBeLessThanOrEqual((list * (100 - shown)) / 100);
    }
    expect(salePriceCents(2990, 30)).toBe(2090);
    expect(salePriceCents(2990, 20)).toBe(2390);
    expect(salePriceCents(14900, 30)).toBe(10400);
    expect(salePriceCents(9900, 10)).toBe(8890);
  });

  it("keeps a price history whose lowest price before a reduction is meaningful (Omnibus)", () => {
    const discounted = catalog.filter((product) => product.originalPriceCents !== null);
    const lowestBeforeReduction = discounted.map((product) => {
      const reduction = product.priceHistory.at(-1)?.validFrom.getTime() ?? 0;
      const from = reduction - 30 * 24 * 60 * 60 * 1000;
      // The price in force at the start of the window counts too.
      const inWindow = product.priceHistory.filter((price, index) => {
        const next = product.priceHistory[index + 1];
        return price.validFrom.getTime() < reduction && (!next || next.validFrom.getTime() > from);
      });
      return { product, lowest: Math.min(...inWindow.map((price) => price.priceCents)) };
    });
    for (const { product, lowest } of lowestBeforeReduction) {
      expect(lowest).toBeLessThanOrEqual(product.originalPriceCents ?? 0);
      expect(lowest).toBeGreaterThan(product.priceCents ?? 0);
    }
    expect(lowestBeforeReduction.some(({ product, lowest }) => lowest < (product.originalPriceCents ?? 0))).toBe(true);
  });

  it("sells some socks in packs", () => {
    const packs = catalog.filter((product) => product.minQuantity > 1);
    expect(packs.length).toBeGreaterThanOrEqual(2);
    for (const product of packs) {
      expect(product.subcategory).toBe("calze");
      expect(product.pricePerPack).toBe(`confezione da ${product.minQuantity}`);
    }
  });

  it("has one-size and single-colour products", () => {
    const variants = catalog.flatMap((product) => product.variants);
    expect(variants.some((variant) => variant.size === "Unica")).toBe(true);
    expect(variants.some((variant) => variant.colorName === "Unico")).toBe(true);
  });

  it("gives every variant a unique SKU and id, and one variant per colour and size", () => {
    const variants = catalog.flatMap((product) => product.variants);
    expect(new Set(variants.map((variant) => variant.sku)).size).toBe(variants.length);
    expect(new Set(variants.map((variant) => variant.id)).size).toBe(variants.length);
    expect(new Set(catalog.map((product) => product.sku)).size).toBe(catalog.length);
    for (const product of catalog) {
      const keys = product.variants.map((variant) => `${variant.colorName}|${variant.size}`);
      expect(new Set(keys).size).toBe(keys.length);
      for (const variant of product.variants) {
        expect(variant.colorCode).toMatch(/^#[0-9a-f]{6}$/);
        expect(Number.isInteger(variant.stock) && variant.stock >= 0).toBe(true);
      }
    }
    expect(new Set(variants.map((variant) => variant.colorName)).size).toBeGreaterThanOrEqual(20);
  });

  it("has two images per colour under the product's files folder", () => {
    for (const product of catalog) {
      expect(product.images.length).toBe(colourNames(product).length * 2);
      for (const image of product.images) {
        expect(image.path).toMatch(new RegExp(`^/files/products/${product.id}/[a-z0-9-]+-${image.view}\\.svg$`));
        expect(image.alt).not.toBe("");
      }
    }
  });

  it("has Italian reviews rated 1 to 5 on many products, written after the product appeared", () => {
    expect(catalog.filter((product) => product.reviews.length > 0).length).toBeGreaterThanOrEqual(50);
    for (const product of catalog) {
      for (const review of product.reviews) {
        expect([1, 2, 3, 4, 5]).toContain(review.rating);
        expect(review.content.length).toBeGreaterThan(10);
        expect(review.createdAt.getTime()).toBeGreaterThan(product.createdAt.getTime());
      }
    }
  });
});

import { eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { productImages, productPriceHistory, products, productVariants, reviews } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { getProductDetails, getRelatedProducts } from "./product-details.server";
import { addReview } from "./reviews.server";

const db = connectTestDatabase();
const day = 24 * 60 * 60 * 1000;
const now = new Date("2026-11-20T12:00:00Z");
const reducedAt = new Date(now.getTime() - 5 * day);
const before = (days: number) => new Date(reducedAt.getTime() - days * day);

let productId: number;

beforeAll(async () => {
  const [product] = await db
    .insert(products)
    .values({
      name: "Costume Intero Test Omnibus",
      gender: "Donna",
      subcategory: "intero",
      brand: "Marca Test",
      composition: "80% poliammide, 20% elastan",
      washing: ["Lavare a mano a 30°", "Non candeggiare"],
      detailsAccordion: "Coppe preformate.",
      priceCents: 3500,
      originalPriceCents: 5000,
      sku: "TEST-OMNIBUS-1",
    })
    .returning({ id: products.id });
  productId = (product as { id: number }).id;

  await db.insert(productVariants).values([
    { productId, colorName: "Nero", colorCode: "#111111", size: "42", sku: "TEST-OMNI-NER-42", stock: 0, position: 0 },
    { productId, colorName: "Nero", colorCode: "#111111", size: "44", sku: "TEST-OMNI-NER-44", stock: 3, position: 1 },
    { productId, colorName: "Rosso", colorCode: "#b3261e", size: "42", sku: "TEST-OMNI-ROS-42", stock: 0, position: 2 },
    { productId, colorName: "Rosso", colorCode: "#b3261e", size: "44", sku: "TEST-OMNI-ROS-44", stock: 0, position: 3 },
  ]);
  await db.insert(productImages).values([
    { productId, colorName: "Rosso", position: 2, path: "/files/test/rosso-0.svg", alt: "Rosso" },
    { productId, colorName: "Nero", position: 1, path: "/files/test/nero-1.svg", alt: "Nero, dettaglio" },
    { productId, colorName: "Nero", position: 0, path: "/files/test/nero-0.svg", alt: "Nero" },
  ]);
  // List price, a short promotion inside the 30 days before the reduction, list price again, the reduction.
  await db.insert(productPriceHistory).values([
    { productId, priceCents: 5000, validFrom: before(90) },
    { productId, priceCents: 4200, validFrom: before(20) },
    { productId, priceCents: 5000, validFrom: before(13) },
    { productId, priceCents: 3500, validFrom: reducedAt },
  ]);
  await db.insert(reviews).values([
    { productId, author: "Anna", rating: 5, content: "Bellissimo.", createdAt: before(3) },
    { productId, author: "Bea", rating: 4, content: "Veste bene.", createdAt: before(1) },
    { productId, author: "Carla", rating: 4, content: "Buona qualità.", createdAt: before(2) },
  ]);
});

afterAll(async () => {
  await db.delete(products).where(eq(products.id, productId));
});

describe("getProductDetails", () => {
  it("is null for an unknown product", async () => {
    expect(await getProductDetails(db, 999_999)).toBeNull();
  });

  it("shows the Omnibus price: the lowest of the 30 days before the reduction", async () => {
    const product = await getProductDetails(db, productId, now);
    expect(product?.priceCents).toBe(3500);
    expect(product?.originalPriceCents).toBe(5000);
    // Worked out from the two prices, never stored.
    expect(product?.discountPercentage).toBe(30);
    expect(product?.lowestPrice30DaysCents).toBe(4200);
  });

  it("averages the reviews and lists them newest first", async () => {
    const product = await getProductDetails(db, productId, now);
    expect(product?.rating).toBe(4.3);
    expect(product?.reviewCount).toBe(3);
    expect(product?.reviews.map((review) => review.author)).toEqual(["Bea", "Carla", "Anna"]);
  });

  it("derives colours, sizes and stock from the variants and orders the images", async () => {
    const product = await getProductDetails(db, productId, now);
    expect(product?.inStock).toBe(3);
    expect(product?.colors).toEqual([
      { name: "Nero", code: "#111111", available: true, stock: 3, sizes: ["42", "44"] },
      { name: "Rosso", code: "#b3261e", available: false, stock: 0, sizes: ["42", "44"] },
    ]);
    expect(product?.sizes).toEqual([
      { name: "42", available: false, stock: 0 },
      { name: "44", available: true, stock: 3 },
    ]);
    expect(product?.variants.map((variant) => variant.sku)).toEqual([
      "TEST-OMNI-NER-42",
      "TEST-OMNI-NER-44",
      "TEST-OMNI-ROS-42",
      "TEST-OMNI-ROS-44",
    ]);
    expect(product?.images.map((image) => image.path)).toEqual([
      "/files/test/nero-0.svg",
      "/files/test/nero-1.svg",
      "/files/test/rosso-0.svg",
    ]);
    expect(product?.image).toBe("/files/test/nero-0.svg");
    expect(product?.washing).toEqual(["Lavare a mano a 30°", "Non candeggiare"]);
  });

  it("has no original or Omnibus price for a product at full price", async () => {
    const [fullPrice] = await db
      .select({ id: products.id })
      .from(products)
      .where(isNull(products.originalPriceCents))
      .limit(1);
    const product = await getProductDetails(db, (fullPrice as { id: number }).id);
    expect(product?.originalPriceCents).toBeNull();
    expect(product?.lowestPrice30DaysCents).toBeNull();
  });

  it("reads every demo product", async () => {
    for (const id of [1, 60, 179]) {
      const product = await getProductDetails(db, id);
      expect(product?.id).toBe(id);
      expect(product?.variants.length).toBeGreaterThan(0);
      expect(product?.images.length).toBeGreaterThan(0);
    }
  });
});

describe("getRelatedProducts", () => {
  it("gives four other products of the same gender", async () => {
    const product = await getProductDetails(db, productId, now);
    const related = await getRelatedProducts(db, product as NonNullable<typeof product>);
    expect(related).toHaveLength(4);
    expect(related.map((item) => item.id)).not.toContain(productId);
    expect(related.every((item) => item.gender === "Donna")).toBe(true);
  });
});

describe("addReview", () => {
  const valid = () => ({ productId: String(productId), author: "Dora", rating: "5", content: "Perfetto per il mare." });

  it("refuses ratings outside 1–5", async () => {
    for (const rating of ["0", "6", "4.5", "", "tanti"]) {
      const result = await addReview(db, { ...valid(), rating });
      expect(result).toEqual({ ok: false, errors: { rating: "Seleziona una valutazione da 1 a 5 stelle." } });
    }
  });

  it("refuses a missing or blank name or text", async () => {
    expect(await addReview(db, { ...valid(), author: "   " })).toEqual({
      ok: false,
      errors: { author: "Inserisci il tuo nome." },
    });
    const { content: _content, ...withoutContent } = valid();
    expect(await addReview(db, withoutContent)).toEqual({
      ok: false,
      errors: { content: "Scrivi la tua recensione." },
    });
  });

  it("refuses a review of an unknown product", async () => {
    for (const productId of ["999999", "abc", "2147483648", "1e300"]) {
      expect(await addReview(db, { ...valid(), productId })).toEqual({
        ok: false,
        errors: { productId: "Prodotto non trovato." },
      });
    }
  });

  it("stores nothing that was refused, and a valid review as sent", async () => {
    const before = await getProductDetails(db, productId, now);
    // Only the three reviews of the set-up: the refused ones above left no trace.
    expect(before?.reviewCount).toBe(3);
    const result = await addReview(db, { ...valid(), author: "  Dora  " });
    expect(result.ok).toBe(true);
    const after = await getProductDetails(db, productId, now);
    expect(after?.reviewCount).toBe(4);
    expect(after?.reviews[0]).toMatchObject({ author: "Dora", rating: 5, content: "Perfetto per il mare." });
    expect(after?.rating).toBe(4.5);
  });
});

import { and, eq, gt, gte, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import type { CartRules } from "./line-rules";
import { quoteCart } from "./quote.server";

const shopRules: CartRules = { secondSwimsuitEnabled: true, maxUnitsPerLine: 10, maxUnitsPerOrder: 30 };

const db = connectTestDatabase();

/** A variant in stock (above `minStock`) of a priced product, optionally of some subcategories. */
async function variantInStock(subcategories?: ("bikini" | "intero" | "slip")[], minStock = 1, fromPriceCents = 0) {
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      priceCents: products.priceCents,
      subcategory: products.subcategory,
      size: productVariants.size,
      color: productVariants.colorName,
      stock: productVariants.stock,
      variantId: productVariants.id,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(
      and(
        gt(productVariants.stock, minStock - 1),
        isNotNull(products.priceCents),
        gte(products.priceCents, fromPriceCents),
        subcategories ? inArray(products.subcategory, subcategories) : sql`true`,
      ),
    )
    .orderBy(products.priceCents, productVariants.id)
    .limit(1);
  if (!row) throw new Error("no such variant in the demo data");
  return { ...row, priceCents: row.priceCents as number };
}

describe("quoteCart", () => {
  it("prices lines from the database, whatever the browser stored", async () => {
    const line = await variantInStock(["slip"], 2);
    const quote = await quoteCart(
      db,
      { items: [{ id: line.id, size: line.size, color: line.color, quantity: 2 }] },
      shopRules,
    );
    expect(quote.lines[0]).toMatchObject({
      status: "ok",
      name: line.name,
      unitPriceCents: line.priceCents,
      quantity: 2,
      clamped: false,
      lineTotalCents: line.priceCents * 2,
    });
    expect(quote.lines[0]?.image).toMatch(/^\/files\/products\//);
    expect(quote.totals).toMatchObject({
      count: 2,
      subtotalCents: line.priceCents * 2,
      totalCents: line.priceCents * 2,
    });
  });

  it("follows a price changed in the database", async () => {
    const line = await variantInStock(["slip"]);
    await db.update(products).set({ priceCents: 123 }).where(eq(products.id, line.id));
    try {
      const quote = await quoteCart(
        db,
        { items: [{ id: line.id, size: line.size, color: line.color, quantity: 1 }] },
        shopRules,
      );
      expect(quote.lines[0]?.unitPriceCents).toBe(123);
      expect(quote.totals.totalCents).toBe(123);
    } finally {
      await db.update(products).set({ priceCents: line.priceCents }).where(eq(products.id, line.id));
    }
  });

  it("applies the 'Promo Extra 2° Costume' to the cheaper of two swimsuits", async () => {
    const cheap = await variantInStock(["bikini", "intero"]);
    const dear = await variantInStock(["bikini", "intero"], 1, cheap.priceCents + 1);
    expect(dear.priceCents).toBeGreaterThan(cheap.priceCents);
    const quote = await quoteCart(
      db,
      {
        items: [
          { id: dear.id, size: dear.size, color: dear.color, quantity: 1 },
          { id: cheap.id, size: cheap.size, color: cheap.color, quantity: 1 },
        ],
      },
      shopRules,
    );
    const discount = Math.floor((cheap.priceCents * 30 + 50) / 100);
    expect(quote.lines.map((line) => line.promoDiscountCents)).toEqual([0, discount]);
    expect(quote.totals.promoDiscountCents).toBe(discount);
    expect(quote.totals.totalCents).toBe(cheap.priceCents + dear.priceCents - discount);
  });

  it("caps a quantity above the stock", async () => {
    const line = await variantInStock();
    const quote = await quoteCart(
      db,
      {
        items: [{ id: line.id, size: line.size, color: line.color, quantity: line.stock + 5 }],
      },
      shopRules,
    );
    expect(quote.lines[0]).toMatchObject({ quantity: line.stock, requestedQuantity: line.stock + 5, clamped: true });
    expect(quote.totals.count).toBe(line.stock);
  });

  it("flags vanished, sold-out and unpriced lines and leaves them out of the totals", async () => {
    const [soldOut] = await db
      .select({ id: productVariants.productId, size: productVariants.size, color: productVariants.colorName })
      .from(productVariants)
      .where(eq(productVariants.stock, 0))
      .limit(1);
    const [unpriced] = await db
      .select({ id: products.id, size: productVariants.size, color: productVariants.colorName })
      .from(products)
      .innerJoin(productVariants, eq(productVariants.productId, products.id))
      .where(and(isNull(products.priceCents), gt(productVariants.stock, 0)))
      .limit(1);
    const quote = await quoteCart(
      db,
      {
        items: [
          { id: 999_999, size: "M", color: "Nero", quantity: 1 },
          { ...(soldOut as { id: number; size: string; color: string }), quantity: 1 },
          { ...(unpriced as { id: number; size: string; color: string }), quantity: 1 },
          { id: 1, size: "taglia che non esiste", color: "Nero", quantity: 1 },
        ],
      },
      shopRules,
    );
    expect(quote.lines.map((line) => line.status)).toEqual(["missing", "sold_out", "no_price", "missing"]);
    expect(quote.lines[0]?.name).toBeNull();
    expect(quote.totals).toMatchObject({ count: 0, subtotalCents: 0, totalCents: 0 });
  });

  it("lowers a line to the shop's limit per line, and names a cart above the limit per order", async () => {
    const first = await variantInStock(undefined, 12);
    const second = await variantInStock(undefined, 12, 1);
    const asked = (line: typeof first, quantity: number) => ({
      id: line.id,
      size: line.size,
      color: line.color,
      quantity,
    });
    const lowered = await quoteCart(db, { items: [asked(first, 12)] }, shopRules);
    expect(lowered.lines[0]).toMatchObject({ requestedQuantity: 12, quantity: 10, maxQuantity: 10, clamped: true });
    expect(lowered.unitsProblem).toBeNull();

    const large = await quoteCart(
      db,
      { items: [asked(first, 10), asked(second, 10)] },
      { ...shopRules, maxUnitsPerOrder: 15 },
    );
    expect(large.lines.map((line) => line.quantity)).toEqual([10, 10]);
    expect(large.unitsProblem).toBe(
      "Un ordine può contenere al massimo 15 pezzi, e nel carrello ce ne sono 20: togline qualcuno per procedere. Per un ordine più grande scrivici.",
    );
  });

  it("quotes an empty cart", async () => {
    expect(await quoteCart(db, { items: [] }, shopRules)).toEqual({
      lines: [],
      totals: { count: 0, subtotalCents: 0, promoDiscountCentsByLine: [], promoDiscountCents: 0, totalCents: 0 },
      unitsProblem: null,
    });
  });
});

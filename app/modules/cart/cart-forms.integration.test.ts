import { and, eq, gt, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { products, productVariants } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { addFromProductForm, changeQuantityFromForm } from "./cart-forms.server";

const db = connectTestDatabase();

/** A variant with a few pieces of a priced product sold one by one. */
async function variantWithStock() {
  const [row] = await db
    .select({
      id: products.id,
      size: productVariants.size,
      color: productVariants.colorName,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(gt(productVariants.stock, 2), isNotNull(products.priceCents), eq(products.minQuantity, 1)))
    .orderBy(productVariants.id)
    .limit(1);
  if (!row) throw new Error("no such variant in the demo data");
  return row;
}

const productForm = (fields: Record<string, string | number>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, String(value));
  return form;
};

describe("addFromProductForm", () => {
  it("adds the posted colour, size and quantity, onto the same line when it is in the cart", async () => {
    const variant = await variantWithStock();
    const line = { id: variant.id, size: variant.size, color: variant.color };
    const form = productForm({ productId: variant.id, color: variant.color, size: variant.size, quantity: 2 });
    expect(await addFromProductForm(db, [], form)).toEqual({ ok: true, lines: [{ ...line, quantity: 2 }] });
    expect(await addFromProductForm(db, [{ ...line, quantity: 1 }], form)).toEqual({
      ok: true,
      lines: [{ ...line, quantity: 3 }],
    });
  });

  it("refuses more than the stock, counting what the cart holds, with the product page's message", async () => {
    const variant = await variantWithStock();
    const form = productForm({ productId: variant.id, color: variant.color, size: variant.size, quantity: 1 });
    const full = [{ id: variant.id, size: variant.size, color: variant.color, quantity: variant.stock }];
    expect(await addFromProductForm(db, full, form)).toEqual({
      ok: false,
      problem: {
        title: "Quantità non disponibile",
        description: `Sono disponibili solo ${variant.stock} pezzi per questo colore.`,
      },
      productId: variant.id,
    });
  });

  it("refuses a product that does not exist", async () => {
    const result = await addFromProductForm(db, [], productForm({ productId: "999999", quantity: 1 }));
    expect(result).toMatchObject({ ok: false, problem: { title: "Errore" }, productId: null });
  });
});

describe("changeQuantityFromForm", () => {
  it("sets a line's quantity, and removes it at 0", () => {
    const line = { id: 3, size: "M", color: "Nero" };
    const cart = [{ ...line, quantity: 1 }];
    expect(changeQuantityFromForm(cart, productForm({ ...line, quantity: 2 }))).toEqual({
      ok: true,
      lines: [{ ...line, quantity: 2 }],
    });
    expect(changeQuantityFromForm(cart, productForm({ ...line, quantity: 0 }))).toEqual({ ok: true, lines: [] });
  });
});

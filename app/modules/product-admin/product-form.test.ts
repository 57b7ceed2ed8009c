import { describe, expect, it } from "vitest";
import { productMessages, readProductForm, variantFields, variantSku } from "./product-form";

type Variant = Partial<Record<(typeof variantFields)[number], string>>;

function productForm(fields: Record<string, string> = {}, variants: Variant[] = [{}]): FormData {
  const form = new FormData();
  const all: Record<string, string> = {
    name: "Pigiama Stelle",
    gender: "Donna",
    subcategory: "pigiama",
    brand: "Lunaria",
    sku: "LUN-PIG-9",
    description: "Pigiama in cotone.",
    composition: "100% cotone",
    washing: "Lavare a 30°\n\n Non candeggiare ",
    details: "",
    minQuantity: "1",
    pricePerPack: "",
    price: "29,90",
    originalPrice: "",
    ...fields,
  };
  for (const [name, value] of Object.entries(all)) form.set(name, value);
  for (const variant of variants) {
    const row: Record<string, string> = {
      variantId: "",
      colorName: "Nero",
      colorCode: "#111111",
      size: "M",
      variantSku: "",
      stock: "5",
      stockSeen: "",
      ...variant,
    };
    for (const name of variantFields) form.append(name, row[name] ?? "");
  }
  return form;
}

function errorsOf(form: FormData): Record<string, string> {
  const result = readProductForm(form);
  if (result.ok) throw new Error("expected errors");
  return result.fieldErrors;
}

describe("readProductForm", () => {
  it("reads a complete product with its variants, prices in cents and washing one line each", () => {
    const form = productForm({ isNew: "on", price: "29.9" }, [
      {},
      { colorName: "Rosa", colorCode: "#FFAACC", size: "L", variantSku: "ROSA-L", stock: "0" },
    ]);
    const result = readProductForm(form);
    expect(result).toMatchObject({
      ok: true,
      product: {
        name: "Pigiama Stelle",
        priceCents: 2990,
        originalPriceCents: null,
        pricePerPack: null,
        washing: ["Lavare a 30°", "Non candeggiare"],
        isNew: true,
        isOutlet: false,
        variants: [
          { id: null, colorName: "Nero", colorCode: "#111111", size: "M", sku: "", stock: 5, stockSeen: null },
          { colorName: "Rosa", colorCode: "#ffaacc", sku: "ROSA-L", stock: 0 },
        ],
      },
    });
  });

  it("takes an empty price for 'price not available' and leaves blank variant rows out", () => {
    const result = readProductForm(productForm({ price: "" }, [{}, { colorName: "", size: "", stock: "" }]));
    expect(result.ok && result.product.priceCents).toBeNull();
    expect(result.ok && result.product.variants).toHaveLength(1);
  });

  it("reads a reduced price as the sale price and its reference price: no percentage to type", () => {
    const result = readProductForm(productForm({ price: "29,90", originalPrice: "39,90", discountPercentage: "50" }));
    expect(result).toMatchObject({ ok: true, product: { priceCents: 2990, originalPriceCents: 3990 } });
    expect(result.ok && "discountPercentage" in result.product).toBe(false);
  });

  it.each([
    [{ name: " " }, "name", productMessages.name],
    [{ name: "x".repeat(201) }, "name", productMessages.nameTooLong],
    [{ gender: "Cani" }, "gender", productMessages.gender],
    [{ subcategory: "" }, "subcategory", productMessages.subcategory],
    [{ brand: "" }, "brand", productMessages.brand],
    [{ brand: "x".repeat(101) }, "brand", productMessages.brandTooLong],
    [{ sku: "" }, "sku", productMessages.sku],
    [{ sku: "LUN PIG" }, "sku", productMessages.skuFormat],
    [{ description: "x".repeat(5001) }, "description", productMessages.textTooLong],
    [{ pricePerPack: "x".repeat(101) }, "pricePerPack", productMessages.pricePerPackTooLong],
    [{ price: "ventinove" }, "price", productMessages.price],
    [{ price: "-5" }, "price", productMessages.price],
    [{ minQuantity: "0" }, "minQuantity", productMessages.minQuantity],
    [{ minQuantity: "1,5" }, "minQuantity", productMessages.minQuantity],
    // A number, only too large: said so, never "un numero intero".
    [{ minQuantity: "1000" }, "minQuantity", "La quantità minima è troppo alta: al massimo 999."],
    [{ price: "1.000.000" }, "price", "Il prezzo è troppo alto: al massimo 999.999,99\u00a0€."],
    [{ price: "99999999999999999999" }, "price", productMessages.priceTooHigh],
    [{ originalPrice: "2000000" }, "originalPrice", productMessages.priceTooHigh],
    [{ price: "", originalPrice: "30" }, "originalPrice", productMessages.originalPriceWithoutPrice],
    [{ originalPrice: "trenta" }, "originalPrice", productMessages.originalPrice],
    [{ originalPrice: "29,90" }, "originalPrice", productMessages.originalPriceNotHigher],
    [{ originalPrice: "19,90" }, "originalPrice", productMessages.originalPriceNotHigher],
  ])("refuses %o with the message under %s", (fields, field, message) => {
    expect(errorsOf(productForm(fields))[field]).toBe(message);
  });

  it.each([
    [{ colorName: "", size: "M" }, "colorName", productMessages.colorName],
    [{ colorCode: "nero" }, "colorCode", productMessages.colorCode],
    [{ colorCode: "#12345" }, "colorCode", productMessages.colorCode],
    [{ size: "", colorName: "Nero" }, "size", productMessages.size],
    [{ variantSku: "con spazi" }, "sku", productMessages.variantSku],
    [{ stock: "-1" }, "stock", productMessages.stock],
    [{ stock: "tre" }, "stock", productMessages.stock],
    [{ stock: "10000000" }, "stock", "La giacenza è troppo alta: al massimo 999.999 pezzi."],
    [{ stock: "1000000" }, "stock", productMessages.stockTooHigh],
  ])("refuses the variant %o with the message under its row's %s", (variant, field, message) => {
    expect(errorsOf(productForm({}, [variant]))[`variants.0.${field}`]).toBe(message);
  });

  it("asks for at least one variant", () => {
    expect(errorsOf(productForm({}, []))).toEqual({ variants: productMessages.variantsMissing });
  });

  it("refuses the same colour and size twice, and the same SKU twice", () => {
    expect(errorsOf(productForm({}, [{}, { colorName: "nero", size: "m" }]))["variants.1.size"]).toBe(
      productMessages.variantTwice("nero", "m"),
    );
    expect(errorsOf(productForm({}, [{ variantSku: "X-1" }, { size: "L", variantSku: "X-1" }]))["variants.1.sku"]).toBe(
      productMessages.skuTwice("X-1"),
    );
    expect(errorsOf(productForm({}, [{ variantSku: "LUN-PIG-9" }]))["variants.0.sku"]).toBe(
      productMessages.skuTwice("LUN-PIG-9"),
    );
  });
});

describe("variantSku", () => {
  it("keeps the SKU typed, else makes one from the product's SKU, the colour and the size", () => {
    expect(variantSku("LUN-1", { sku: "MINE", colorName: "Nero", size: "M" })).toBe("MINE");
    expect(variantSku("LUN-1", { sku: "", colorName: "Blu navy à pois", size: "3 C" })).toBe("LUN-1-BLUNAVYAPOIS-3C");
  });
});

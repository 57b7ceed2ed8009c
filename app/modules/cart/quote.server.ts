// The cart as the server sees it: for each line the browser keeps (product, size, colour, quantity),
// the current name, price, image and stock from the database, and the totals computed from those.
// The prices the browser stored are never read.
import { and, asc, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { productImages, products, productVariants } from "~/db/schema";
import { type CartTotals, cartTotals, lineTotalCents } from "./pricing";

const MAX_CART_LINES = 100;

export const cartQuoteRequestSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.number().int().positive(),
        size: z.string().max(100),
        color: z.string().max(100),
        quantity: z.number().int().min(1).max(9999),
      }),
    )
    .max(MAX_CART_LINES),
});

export type CartQuoteRequest = z.infer<typeof cartQuoteRequestSchema>;

/**
 * ok: can be bought. missing: the product, or its size in that colour, no longer exists.
 * sold_out: no stock left. no_price: the product's price is not available.
 */
export type QuotedLineStatus = "ok" | "missing" | "sold_out" | "no_price";

export type QuotedLine = {
  id: number;
  size: string;
  color: string;
  status: QuotedLineStatus;
  /** Null when the product no longer exists. */
  name: string | null;
  image: string | null;
  subcategory: string | null;
  unitPriceCents: number | null;
  minQuantity: number;
  stock: number;
  /** What the browser asked for. */
  requestedQuantity: number;
  /** What can be bought: the request, capped at the stock for available lines. */
  quantity: number;
  /** True when the request was above the stock and has been lowered. */
  clamped: boolean;
  /** 0 for lines that cannot be bought. */
  lineTotalCents: number;
  /** This line's share of the 'Promo Extra 2° Costume'. */
  promoDiscountCents: number;
};

export type CartQuote = { lines: QuotedLine[]; totals: CartTotals };

export async function quoteCart(db: Queryable, request: CartQuoteRequest): Promise<CartQuote> {
  const ids = [...new Set(request.items.map((item) => item.id))];
  const [productRows, variantRows, imageRows] =
    ids.length === 0
      ? [[], [], []]
      : await Promise.all([
          db
            .select({
              id: products.id,
              name: products.name,
              subcategory: products.subcategory,
              priceCents: products.priceCents,
              minQuantity: products.minQuantity,
            })
            .from(products)
            .where(inArray(products.id, ids)),
          db
            .select({
              productId: productVariants.productId,
              colorName: productVariants.colorName,
              size: productVariants.size,
              stock: productVariants.stock,
            })
            .from(productVariants)
            .where(
              and(
                inArray(productVariants.productId, ids),
                inArray(productVariants.size, [...new Set(request.items.map((item) => item.size))]),
              ),
            ),
          db
            .select({
              productId: productImages.productId,
              colorName: productImages.colorName,
              path: productImages.path,
            })
            .from(productImages)
            .where(inArray(productImages.productId, ids))
            .orderBy(asc(productImages.position), asc(productImages.id)),
        ]);

  const productsById = new Map(productRows.map((row) => [row.id, row]));
  const lines: QuotedLine[] = request.items.map((item) => {
    const product = productsById.get(item.id);
    const variant = variantRows.find(
      (row) => row.productId === item.id && row.colorName === item.color && row.size === item.size,
    );
    const images = imageRows.filter((row) => row.productId === item.id);
    const image = (images.find((row) => row.colorName === item.color) ?? images[0])?.path ?? null;
    const stock = variant?.stock ?? 0;
    const status: QuotedLineStatus =
      !product || !variant ? "missing" : stock <= 0 ? "sold_out" : product.priceCents === null ? "no_price" : "ok";
    const quantity = status === "ok" ? Math.min(item.quantity, stock) : item.quantity;
    return {
      id: item.id,
      size: item.size,
      color: item.color,
      status,
      name: product?.name ?? null,
      image,
      subcategory: product?.subcategory ?? null,
      unitPriceCents: product?.priceCents ?? null,
      minQuantity: product?.minQuantity ?? 1,
      stock,
      requestedQuantity: item.quantity,
      quantity,
      clamped: quantity < item.quantity,
      lineTotalCents: status === "ok" ? lineTotalCents({ unitPriceCents: product?.priceCents ?? 0, quantity }) : 0,
      promoDiscountCents: 0,
    };
  });

  const buyable = lines.filter((line) => line.status === "ok");
  const totals = cartTotals(
    buyable.map((line) => ({
      unitPriceCents: line.unitPriceCents ?? 0,
      quantity: line.quantity,
      subcategory: line.subcategory ?? "",
    })),
  );
  buyable.forEach((line, index) => {
    line.promoDiscountCents = totals.promoDiscountCentsByLine[index] ?? 0;
  });
  return { lines, totals };
}

// The cart as the server sees it: for each line the browser keeps (product, size, colour, quantity),
// the current name, price, image and stock from the database, and the totals computed from those.
// The prices the browser stored are never read.
import { and, asc, inArray, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { productImages, products, productVariants } from "~/db/schema";
import { productIdSchema } from "~/modules/catalog/product-id";
import { type CartWriter, cartCookieFrom, decodeCartCookie } from "./cart-cookie";
import { cartKey } from "./cart-lines";
import { type CartRules, checkLine, type LineStatus, maxLineQuantity, orderUnitsProblem } from "./line-rules";
import { type CartTotals, cartTotals, lineTotalCents } from "./pricing";
import type { CartLineRequest } from "./values";

const MAX_CART_LINES = 100;

// Sizes and colours reach PostgreSQL's text and JSON, which hold neither a NUL character nor half
// of a UTF-16 pair (JSON.parse gives both from "\u0000" and "\ud800").
const lineText = z
  .string()
  .max(100)
  .refine((text) => text.isWellFormed() && !text.includes("\0"));

/** The browser's cart lines as the server takes them: whole positive quantities, one line per product, size and colour. */
export const cartLinesSchema = z
  .array(
    z.object({
      id: productIdSchema,
      size: lineText,
      color: lineText,
      quantity: z.number().int().min(1).max(9999),
    }),
  )
  .max(MAX_CART_LINES)
  .transform((lines) => {
    // A tampered cart may name the same line twice: its quantities add up, as adding to the cart does.
    const merged = new Map<string, CartLineRequest>();
    for (const line of lines) {
      const existing = merged.get(cartKey(line));
      merged.set(cartKey(line), { ...line, quantity: Math.min(9999, (existing?.quantity ?? 0) + line.quantity) });
    }
    return [...merged.values()];
  });

export const cartQuoteRequestSchema = z.object({ items: cartLinesSchema });

/** The cart the cookie holds: its lines, and who wrote them last. */
export type CookieCart = { lines: CartLineRequest[]; writer: CartWriter };

/**
 * The cart lines of the cookie the browser keeps for the server, checked like any cart it receives,
 * and who wrote them last; null without the cookie. A damaged cookie reads as an empty cart.
 */
export function cartFromCookie(cookieHeader: string | null): CookieCart | null {
  const value = cartCookieFrom(cookieHeader);
  if (value === null) return null;
  const { writer, lines } = decodeCartCookie(value);
  return { writer, lines: cartLinesSchema.safeParse(lines.slice(0, MAX_CART_LINES)).data ?? [] };
}

export type CartQuoteRequest = z.infer<typeof cartQuoteRequestSchema>;

export type QuotedLine = {
  id: number;
  /** The product variant (colour × size), or null when it no longer exists. */
  variantId: number | null;
  size: string;
  color: string;
  status: LineStatus;
  /** Null when the product no longer exists. */
  name: string | null;
  image: string | null;
  subcategory: string | null;
  unitPriceCents: number | null;
  minQuantity: number;
  stock: number;
  /** The most pieces the line may have: the stock, or the shop's limit per line when lower. */
  maxQuantity: number;
  /** What the browser asked for. */
  requestedQuantity: number;
  /** What can be bought: the request, capped at `maxQuantity` for available lines. */
  quantity: number;
  /** True when the request was above `maxQuantity` and has been lowered. */
  clamped: boolean;
  /** 0 for lines that cannot be bought. */
  lineTotalCents: number;
  /** This line's share of the 'Promo Extra 2° Costume'. */
  promoDiscountCents: number;
};

export type CartQuote = {
  lines: QuotedLine[];
  totals: CartTotals;
  /** Why the lines that can be bought are too many pieces for one order, or null. */
  unitsProblem: string | null;
};

export async function quoteCart(db: Queryable, request: CartQuoteRequest, rules: CartRules): Promise<CartQuote> {
  const ids = [...new Set(request.items.map((item) => item.id))];
  if (ids.length === 0) return { lines: [], totals: cartTotals([], rules), unitsProblem: null };
  // One query after the other: inside the checkout's transaction they share one connection.
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      subcategory: products.subcategory,
      priceCents: products.priceCents,
      minQuantity: products.minQuantity,
    })
    .from(products)
    // An archived product is off sale: its lines read as a product that no longer exists.
    .where(and(inArray(products.id, ids), isNull(products.archivedAt)));
  const variantRows = await db
    .select({
      id: productVariants.id,
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
    );
  const imageRows = await db
    .select({ productId: productImages.productId, colorName: productImages.colorName, path: productImages.path })
    .from(productImages)
    .where(inArray(productImages.productId, ids))
    .orderBy(asc(productImages.position), asc(productImages.id));

  const productsById = new Map(productRows.map((row) => [row.id, row]));
  const lines: QuotedLine[] = request.items.map((item) => {
    const product = productsById.get(item.id);
    const variant = variantRows.find(
      (row) => row.productId === item.id && row.colorName === item.color && row.size === item.size,
    );
    const images = imageRows.filter((row) => row.productId === item.id);
    const image = (images.find((row) => row.colorName === item.color) ?? images[0])?.path ?? null;
    const stock = variant?.stock ?? 0;
    const minQuantity = product?.minQuantity ?? 1;
    const { status, quantity, clamped } = checkLine(
      { variant: product && variant ? variant : null, priceCents: product?.priceCents ?? null, minQuantity },
      item.quantity,
      rules.maxUnitsPerLine,
    );
    return {
      id: item.id,
      variantId: product && variant ? variant.id : null,
      size: item.size,
      color: item.color,
      status,
      name: product?.name ?? null,
      image,
      subcategory: product?.subcategory ?? null,
      unitPriceCents: product?.priceCents ?? null,
      minQuantity,
      stock,
      maxQuantity: maxLineQuantity(stock, minQuantity, rules.maxUnitsPerLine),
      requestedQuantity: item.quantity,
      quantity,
      clamped,
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
    rules,
  );
  buyable.forEach((line, index) => {
    line.promoDiscountCents = totals.promoDiscountCentsByLine[index] ?? 0;
  });
  return { lines, totals, unitsProblem: orderUnitsProblem(totals.count, rules.maxUnitsPerOrder) };
}

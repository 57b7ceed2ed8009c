import { z } from "zod";

// Product ids are PostgreSQL integers (int4): a larger number names no product, and PostgreSQL
// would refuse to compare the column with it rather than find nothing.
export const MAX_PRODUCT_ID = 2_147_483_647;

/** A product id as JSON carries it (a cart line, a page cursor). */
export const productIdSchema = z.number().int().min(1).max(MAX_PRODUCT_ID);

/** The product id of a URL or a form field ("123"), or null when the text names no product. */
export function parseProductId(text: string | undefined): number | null {
  if (!text || !/^[1-9]\d{0,9}$/.test(text)) return null;
  const id = Number(text);
  return id <= MAX_PRODUCT_ID ? id : null;
}

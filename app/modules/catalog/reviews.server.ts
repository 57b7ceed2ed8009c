// Product reviews written by visitors. The form asks for name,
// star rating and text; the server enforces all three and a rating from 1 to 5.
import { and, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { products, reviews } from "~/db/schema";
import { MAX_PRODUCT_ID } from "./product-id";

const ratingMessage = "Seleziona una valutazione da 1 a 5 stelle.";
const productMessage = "Prodotto non trovato.";

const reviewInputSchema = z.object({
  productId: z.coerce
    .number({ error: productMessage })
    .int(productMessage)
    .positive(productMessage)
    .max(MAX_PRODUCT_ID, productMessage),
  author: z
    .string({ error: "Inserisci il tuo nome." })
    .trim()
    .min(1, "Inserisci il tuo nome.")
    .max(80, "Il nome può avere al massimo 80 caratteri."),
  rating: z.coerce.number({ error: ratingMessage }).int(ratingMessage).min(1, ratingMessage).max(5, ratingMessage),
  content: z
    .string({ error: "Scrivi la tua recensione." })
    .trim()
    .min(1, "Scrivi la tua recensione.")
    .max(2000, "La recensione può avere al massimo 2000 caratteri."),
});

export type ReviewResult = { ok: true; reviewId: number } | { ok: false; errors: Record<string, string> };

/**
 * Validates and stores a review; `input` is what the visitor sent, untrusted. `userId` is the
 * signed-in author's, so that deleting the account takes their name off the review.
 */
export async function addReview(db: Queryable, input: unknown, userId: string | null = null): Promise<ReviewResult> {
  const parsed = reviewInputSchema.safeParse(input);
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
    return { ok: false, errors };
  }
  const { productId, author, rating, content } = parsed.data;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), isNull(products.archivedAt)));
  if (!product) return { ok: false, errors: { productId: productMessage } };
  const [review] = await db
    .insert(reviews)
    .values({ productId, author, rating, content, userId })
    .returning({ id: reviews.id });
  return { ok: true, reviewId: (review as { id: number }).id };
}

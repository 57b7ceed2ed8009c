import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogPosts, reviews } from "~/db/schema";
import { ratingPerPostLimit } from "~/modules/blog/rate-limits.server";
import { reviewPerProductLimit } from "~/modules/catalog/rate-limits.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { createTestVariant, deleteTestVariants } from "../../tests/support/fixtures";
import { formPost } from "../../tests/support/route";
import { testContext, testServices } from "../../tests/support/services";
import * as blogPost from "./blog-post";
import * as product from "./product";

// Blog ratings and guest reviews need no account: a visitor proves nothing but an IP address. Their
// limits count per IP and per article or product, so clearing cookies does not buy more votes.

const db = connectTestDatabase();
const context = testContext(testServices(db));
const run = Date.now();
const slugs = [`test-limiti-a-${run}`, `test-limiti-b-${run}`];
let productId = "";
// An address of its own per run: the counters stay in the database for their window.
const ip = `198.18.${run % 250}.${Math.floor(run / 250) % 250}`;

type Answer = { status: number; retryAfter: string | null };

async function send(handler: (args: never) => unknown, url: string, fields: Record<string, string>, params: object) {
  // No cookie: every request comes from a browser that just cleared its cookies.
  const request = formPost(url, fields, { ip });
  const result = (await handler({ request, url: new URL(url), params, context } as never)) as {
    init?: ResponseInit | null;
  };
  const headers = new Headers(result.init?.headers);
  return { status: result.init?.status ?? 200, retryAfter: headers.get("Retry-After") } satisfies Answer;
}

const rate = (slug: string) =>
  send(blogPost.action, `http://localhost/blog/${slug}`, { intent: "rate", rating: "5", website: "" }, { slug });
const review = () =>
  send(
    product.action,
    `http://localhost/product/${productId}`,
    { author: "Anna", rating: "5", content: "Morbido e comodo.", website: "" },
    { id: productId },
  );

beforeAll(async () => {
  await db.insert(blogPosts).values(
    slugs.map((slug) => ({
      slug,
      title: "Articolo dei limiti",
      excerpt: "Per i test.",
      contentHtml: "<p>Testo.</p>",
      publishedAt: new Date("2020-01-01T09:00:00Z"),
      author: "Redazione",
      category: "Prove",
    })),
  );
  productId = String((await createTestVariant(db)).productId);
});

afterAll(async () => {
  for (const slug of slugs) await db.delete(blogPosts).where(eq(blogPosts.slug, slug));
  await db.delete(reviews).where(eq(reviews.productId, Number(productId)));
  await deleteTestVariants(db);
});

describe("public forms without an account", () => {
  it("count blog ratings per IP and article, whatever the cookies", async () => {
    const answers: Answer[] = [];
    for (let vote = 0; vote <= ratingPerPostLimit.points; vote++) answers.push(await rate(slugs[0] as string));
    expect(answers.slice(0, -1).map((answer) => answer.status)).toEqual(Array(ratingPerPostLimit.points).fill(200));
    const refused = answers.at(-1) as Answer;
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Another article has its own count.
    expect((await rate(slugs[1] as string)).status).toBe(200);
  });

  it("count guest reviews per IP and product, whatever the cookies", async () => {
    const answers: Answer[] = [];
    for (let sent = 0; sent <= reviewPerProductLimit.points; sent++) answers.push(await review());
    expect(answers.map((answer) => answer.status)).toEqual([...Array(reviewPerProductLimit.points).fill(200), 429]);
    expect(Number(answers.at(-1)?.retryAfter)).toBeGreaterThan(0);
    const stored = await db
      .select()
      .from(reviews)
      .where(eq(reviews.productId, Number(productId)));
    expect(stored).toHaveLength(reviewPerProductLimit.points);
  });
});

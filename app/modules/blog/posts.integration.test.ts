import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blogComments, blogPosts } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { FEATURED_POST_SLUG } from "./blog";
import { addComment, findArticle, listPosts, ratePost } from "./posts.server";
import { voterKey } from "./visitor.server";

const db = connectTestDatabase();
const slug = "test-voti-e-commenti";
let postId: number;

beforeAll(async () => {
  const [post] = await db
    .insert(blogPosts)
    .values({
      slug,
      title: "Articolo di prova",
      excerpt: "Per i test.",
      contentHtml: "<p>Testo.</p>",
      publishedAt: new Date("2020-01-01T09:00:00Z"),
      author: "Redazione",
      category: "Prove",
    })
    .returning({ id: blogPosts.id });
  postId = (post as { id: number }).id;
});

// Its comments and ratings go with it.
afterAll(async () => {
  await db.delete(blogPosts).where(eq(blogPosts.id, postId));
});

describe("listPosts", () => {
  it("lists the demo posts newest first, the featured one among them", async () => {
    const posts = await listPosts(db);
    const dates = posts.map((post) => post.publishedAt.getTime());
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(posts.map((post) => post.slug)).toContain(FEATURED_POST_SLUG);
  });
});

describe("ratings", () => {
  const anna = voterKey({ visitorId: "visitatrice-anna" });
  const bruno = voterKey({ userId: "utente-bruno" });

  it("has no average before the first vote", async () => {
    expect(await findArticle(db, slug)).toMatchObject({ rating: null, ratingCount: 0, yourRating: null });
  });

  it("averages one vote per voter, and a second vote replaces the first", async () => {
    expect(await ratePost(db, { slug, voterKey: anna, rating: 5 })).toBe(true);
    expect(await ratePost(db, { slug, voterKey: bruno, rating: 2 })).toBe(true);
    expect(await findArticle(db, slug, anna)).toMatchObject({ rating: 3.5, ratingCount: 2, yourRating: 5 });

    await ratePost(db, { slug, voterKey: anna, rating: 4 });
    expect(await findArticle(db, slug, anna)).toMatchObject({ rating: 3, ratingCount: 2, yourRating: 4 });
    expect(await findArticle(db, slug, bruno)).toMatchObject({ yourRating: 2 });
  });

  it("keeps guests and users apart, and the key never holds the raw id", () => {
    expect(voterKey({ visitorId: "x" })).not.toBe(voterKey({ userId: "x" }));
    expect(voterKey({ visitorId: "visitatrice-anna" })).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a vote for a post that does not exist", async () => {
    expect(await ratePost(db, { slug: "non-esiste", voterKey: anna, rating: 5 })).toBe(false);
  });

  it("finds no post at an address that is no slug, NUL characters included", async () => {
    for (const odd of ["", "a\u0000b", "Test-Voti", "../test-voti-e-commenti", "x".repeat(10_000)]) {
      expect(await findArticle(db, odd)).toBeNull();
      expect(await ratePost(db, { slug: odd, voterKey: anna, rating: 5 })).toBe(false);
      expect(await addComment(db, { slug: odd, author: "A", content: "B", userId: null })).toBe(false);
    }
  });

  it("rejects votes outside 1-5 in the database too", async () => {
    await expect(ratePost(db, { slug, voterKey: anna, rating: 6 })).rejects.toThrow();
  });
});

describe("comments", () => {
  it("lists comments newest first, as plain text", async () => {
    await addComment(db, { slug, author: "Prima", content: "Il primo commento", userId: null });
    await addComment(db, { slug, author: "Seconda", content: "<b>Il secondo</b>", userId: null });
    // Two comments written at the same instant: the later one (higher id) still comes first.
    const [older] = await db.select().from(blogComments).where(eq(blogComments.postId, postId));
    await db
      .update(blogComments)
      .set({ createdAt: (older as { createdAt: Date }).createdAt })
      .where(eq(blogComments.postId, postId));
    await addComment(db, { slug, author: "Terza", content: "Il terzo", userId: null });

    const article = await findArticle(db, slug);
    expect(article?.comments.map((comment) => comment.author)).toEqual(["Terza", "Seconda", "Prima"]);
    expect(article?.comments[1]?.content).toBe("<b>Il secondo</b>");
  });

  it("refuses a comment for a post that does not exist", async () => {
    expect(await addComment(db, { slug: "non-esiste", author: "A", content: "B", userId: null })).toBe(false);
  });

  it("orders the demo post's comments newest first", async () => {
    const article = await findArticle(db, FEATURED_POST_SLUG);
    const times = article?.comments.map((comment) => comment.createdAt.getTime()) ?? [];
    expect(times.length).toBeGreaterThan(1);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});

describe("findArticle", () => {
  it("returns null for an unknown slug", async () => {
    expect(await findArticle(db, "articolo-inesistente")).toBeNull();
  });

  it("gives the demo post a table of contents linking to ids on its headings", async () => {
    const article = await findArticle(db, "lavare-la-lana-senza-rovinarla");
    expect(article?.toc.length).toBeGreaterThan(1);
    for (const entry of article?.toc ?? []) expect(article?.html).toContain(`<h2 id="${entry.id}">`);
    expect(article?.toc[0]).toEqual({ id: "1-lavate-meno-spesso", text: "1. Lavate meno spesso" });
  });
});

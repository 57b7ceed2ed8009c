import { describe, expect, it } from "vitest";
import { buildDemoBlog } from "./blog";

const blog = buildDemoBlog();

describe("buildDemoBlog", () => {
  it("returns the same data on every call", () => {
    expect(buildDemoBlog()).toEqual(blog);
  });

  it("has at least 6 posts in at least 3 categories, including the featured one", () => {
    expect(blog.length).toBeGreaterThanOrEqual(6);
    expect(new Set(blog.map((post) => post.category)).size).toBeGreaterThanOrEqual(3);
    expect(blog.map((post) => post.slug)).toContain("segreti-stile-parigino");
    expect(new Set(blog.map((post) => post.slug)).size).toBe(blog.length);
  });

  it("gives every post a real article with several headings and its cover image", () => {
    for (const post of blog) {
      expect(post.contentHtml.match(/<h2>/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      const words = post.contentHtml
        .replace(/<[^>]+>/g, " ")
        .split(/\s+/)
        .filter(Boolean);
      expect(words.length).toBeGreaterThanOrEqual(300);
      expect(post.imageUrl).toBe(`/files/blog/${post.slug}.svg`);
      expect(post.publishedAt.getUTCFullYear()).toBe(2026);
    }
  });

  it("has comments and ratings dated after publication, one vote per visitor", () => {
    expect(blog.some((post) => post.comments.length > 0)).toBe(true);
    for (const post of blog) {
      for (const comment of post.comments) expect(comment.createdAt > post.publishedAt).toBe(true);
      for (const rating of post.ratings) {
        expect([1, 2, 3, 4, 5]).toContain(rating.rating);
        expect(rating.createdAt > post.publishedAt).toBe(true);
      }
      expect(new Set(post.ratings.map((rating) => rating.voterKey)).size).toBe(post.ratings.length);
    }
  });
});

import { desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { blogComments, blogPosts, blogRatings } from "~/db/schema";
import { prepareArticleBody, type TocEntry } from "./article-body.server";

export type PostSummary = {
  slug: string;
  title: string;
  excerpt: string;
  imageUrl: string | null;
  publishedAt: Date;
  author: string;
  category: string;
};

export type PostComment = { id: number; author: string; content: string; createdAt: Date };

export type Article = PostSummary & {
  /** Sanitized body with ids on its headings. */
  html: string;
  toc: TocEntry[];
  /** Average vote, null when nobody has voted. */
  rating: number | null;
  ratingCount: number;
  /** The vote of the voter asking, if they have voted. */
  yourRating: number | null;
  /** Newest first. */
  comments: PostComment[];
};

const summaryColumns = {
  slug: blogPosts.slug,
  title: blogPosts.title,
  excerpt: blogPosts.excerpt,
  imageUrl: blogPosts.imageUrl,
  publishedAt: blogPosts.publishedAt,
  author: blogPosts.author,
  category: blogPosts.category,
};

// A post's address is lower-case ASCII words joined by hyphens: any other slug names no post and is
// not looked up (PostgreSQL would refuse one holding a NUL character).
const slugPattern = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The id of the post at `slug`, or null when there is none. */
async function findPostId(db: Queryable, slug: string): Promise<number | null> {
  if (!slugPattern.test(slug)) return null;
  const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return post?.id ?? null;
}

/** Every post, newest first. */
export async function listPosts(db: Queryable): Promise<PostSummary[]> {
  return db.select(summaryColumns).from(blogPosts).orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id));
}

/** The article at `slug` with its rating and comments, or null when there is none. */
export async function findArticle(db: Queryable, slug: string, voter: string | null = null): Promise<Article | null> {
  if (!slugPattern.test(slug)) return null;
  const [post] = await db
    .select({ ...summaryColumns, id: blogPosts.id, contentHtml: blogPosts.contentHtml })
    .from(blogPosts)
    .where(eq(blogPosts.slug, slug));
  if (!post) return null;

  const [[ratings], comments] = await Promise.all([
    db
      .select({
        rating: sql<number | null>`avg(${blogRatings.rating})::float8`,
        ratingCount: sql<number>`count(*)::int`,
        yourRating: sql<number | null>`max(${blogRatings.rating}) filter (where ${blogRatings.voterKey} = ${voter})`,
      })
      .from(blogRatings)
      .where(eq(blogRatings.postId, post.id)),
    db
      .select({
        id: blogComments.id,
        author: blogComments.author,
        content: blogComments.content,
        createdAt: blogComments.createdAt,
      })
      .from(blogComments)
      .where(eq(blogComments.postId, post.id))
      .orderBy(desc(blogComments.createdAt), desc(blogComments.id)),
  ]);

  const { id, contentHtml, ...rest } = post;
  return {
    ...rest,
    ...prepareArticleBody(contentHtml),
    rating: ratings?.rating ?? null,
    ratingCount: ratings?.ratingCount ?? 0,
    yourRating: ratings?.yourRating ?? null,
    comments,
  };
}

/** Records a 1-5 vote; a voter's second vote on the same post replaces the first. False when the post does not exist. */
export async function ratePost(
  db: Queryable,
  { slug, voterKey, rating }: { slug: string; voterKey: string; rating: number },
): Promise<boolean> {
  const postId = await findPostId(db, slug);
  if (postId === null) return false;
  await db
    .insert(blogRatings)
    .values({ postId, voterKey, rating })
    .onConflictDoUpdate({
      target: [blogRatings.postId, blogRatings.voterKey],
      set: { rating, updatedAt: new Date() },
    });
  return true;
}

/** Adds a comment under the post at `slug`. False when the post does not exist. */
export async function addComment(
  db: Queryable,
  { slug, author, content, userId }: { slug: string; author: string; content: string; userId: string | null },
): Promise<boolean> {
  const postId = await findPostId(db, slug);
  if (postId === null) return false;
  await db.insert(blogComments).values({ postId, author, content, userId });
  return true;
}

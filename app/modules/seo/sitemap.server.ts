import { asc, isNull } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { blogPosts, products } from "~/db/schema";
import { type SitemapPage, sitemapStaticPaths } from "./sitemap";

/** Every page of the sitemap: the storefront's own pages, each product on sale and each blog article. */
export async function listSitemapPages(db: Queryable): Promise<SitemapPage[]> {
  const [productRows, postRows] = await Promise.all([
    db
      .select({ id: products.id, updatedAt: products.updatedAt })
      .from(products)
      .where(isNull(products.archivedAt))
      .orderBy(asc(products.id)),
    db
      .select({ slug: blogPosts.slug, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .orderBy(asc(blogPosts.publishedAt)),
  ]);
  return [
    ...sitemapStaticPaths.map((path) => ({ path })),
    ...productRows.map((row) => ({ path: `/product/${row.id}`, lastModified: row.updatedAt })),
    ...postRows.map((row) => ({ path: `/blog/${encodeURIComponent(row.slug)}`, lastModified: row.publishedAt })),
  ];
}

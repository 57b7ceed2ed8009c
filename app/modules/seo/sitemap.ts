// /sitemap.xml and /robots.txt: what search engines should read, and what they should leave alone.

export type SitemapPage = { path: string; lastModified?: Date };

/** The storefront's own pages; products and blog articles are added from the database. */
export const sitemapStaticPaths = [
  "/",
  "/shop",
  "/nuova-collezione",
  "/donna",
  "/uomo",
  "/bambini",
  "/outlet",
  "/blog",
  "/chi-siamo",
  "/contact",
  "/shipping",
  "/privacy",
  "/terms",
];

/** Customer areas, the checkout and endpoints: private or useless in search results. */
const privatePaths = ["/cart", "/checkout", "/auth", "/reset-password", "/profile", "/orders", "/admin", "/api/"];

export function renderSitemap(origin: string, pages: SitemapPage[]): string {
  const urls = pages.map((page) => {
    const lastModified = page.lastModified ? `<lastmod>${page.lastModified.toISOString().slice(0, 10)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(origin + page.path)}</loc>${lastModified}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

export function renderRobots(origin: string): string {
  return [
    "User-agent: *",
    ...privatePaths.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

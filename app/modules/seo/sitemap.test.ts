import { expect, test } from "vitest";
import { renderRobots, renderSitemap } from "./sitemap";

test("the sitemap lists absolute, escaped addresses with the date of their last change", () => {
  const xml = renderSitemap("https://negozio.example", [
    { path: "/" },
    { path: "/product/7", lastModified: new Date("2026-03-04T10:00:00Z") },
    { path: "/blog/a&b" },
  ]);
  expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
  expect(xml).toContain("<url><loc>https://negozio.example/</loc></url>");
  expect(xml).toContain("<url><loc>https://negozio.example/product/7</loc><lastmod>2026-03-04</lastmod></url>");
  expect(xml).toContain("<loc>https://negozio.example/blog/a&#38;b</loc>");
});

test("robots.txt keeps crawlers out of private areas and points to the sitemap", () => {
  const robots = renderRobots("https://negozio.example");
  expect(robots).toMatch(/^User-agent: \*\n/);
  for (const path of ["/cart", "/checkout", "/profile", "/orders", "/admin", "/api/"]) {
    expect(robots).toContain(`Disallow: ${path}\n`);
  }
  expect(robots).not.toMatch(/Disallow: \/shop/);
  expect(robots).toContain("Sitemap: https://negozio.example/sitemap.xml");
});

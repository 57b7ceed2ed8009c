import { db } from "~/db/client.server";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { renderSitemap } from "~/modules/shop/sitemap";
import { listSitemapPages } from "~/modules/shop/sitemap.server";

/** GET /sitemap.xml */
export async function loader() {
  const xml = renderSitemap(absoluteUrl(""), await listSitemapPages(db()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

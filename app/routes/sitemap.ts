import { renderSitemap } from "~/modules/seo/sitemap";
import { listSitemapPages } from "~/modules/seo/sitemap.server";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { services } from "~/services.server";
import type { Route } from "./+types/sitemap";
import { methodNotAllowed } from "./method-not-allowed.server";

/** GET /sitemap.xml */
export async function loader({ context }: Route.LoaderArgs) {
  const xml = renderSitemap(absoluteUrl(""), await listSitemapPages(services(context).db));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}

export const action = () => methodNotAllowed("GET");

import { renderRobots } from "~/modules/seo/sitemap";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { methodNotAllowed } from "./method-not-allowed.server";

/** GET /robots.txt */
export function loader() {
  return new Response(renderRobots(absoluteUrl("")), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}

export const action = () => methodNotAllowed("GET");

import { MONOGRAM_SVG } from "~/modules/shop/monogram";
import { methodNotAllowed } from "./method-not-allowed.server";

/** GET /favicon.ico: the monogram, for the documents that do not name their icon (a label's PDF). */
export function loader() {
  return new Response(MONOGRAM_SVG, {
    headers: { "Content-Type": "image/svg+xml", "Cache-Control": "public, max-age=86400" },
  });
}

export const action = () => methodNotAllowed("GET");

import { answerRendition, findRendition } from "~/modules/files/images.server";
import { IMAGE_WIDTHS, isImageWidth } from "~/modules/files/responsive-images";
import { clientIp } from "~/modules/security/rate-limit.server";
import { services } from "~/services.server";
import type { Route } from "./+types/images";

// A rendition's URL does not change when the file under it is replaced, so browsers keep it for
// 30 days and then revalidate with the ETag instead of keeping it forever.
const CACHE_CONTROL = "public, max-age=2592000, stale-while-revalidate=86400";
// A stand-in (another rendition or the original, given while rendering is busy) is checked again at
// every use, so the browser gets the right rendition once it exists.
const STAND_IN_CACHE_CONTROL = "no-cache";
// A stand-in may be the original SVG: opened on its own, it must not run scripts or load anything,
// as for /files (server/request-guards.ts).
const CONTENT_SECURITY_POLICY = "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox";

/** GET /images/{path under /files}?w={width}: a resized, re-encoded copy of a public image of the file store. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const width = Number(new URL(request.url).searchParams.get("w") ?? IMAGE_WIDTHS[3]);
  if (!isImageWidth(width)) {
    return new Response(`La larghezza (w) deve essere una tra ${IMAGE_WIDTHS.join(", ")}.`, { status: 400 });
  }
  const rendition = await findRendition({
    files: services(context).files,
    relativePath: params["*"] ?? "",
    width,
    accept: request.headers.get("Accept"),
  });
  if (!rendition) return new Response("Immagine non trovata.", { status: 404 });

  const ifNoneMatch = request.headers.get("If-None-Match");
  // The browser already holds this very rendition: nothing to read, let alone render.
  if (ifNoneMatch === rendition.etag) {
    return new Response(null, { status: 304, headers: cacheHeaders(rendition.etag, true) });
  }
  const answer = await answerRendition(rendition, clientIp(request));
  const headers = cacheHeaders(answer.etag, answer.exact);
  if (ifNoneMatch === answer.etag) return new Response(null, { status: 304, headers });
  return new Response(new Uint8Array(answer.body), {
    headers: {
      ...headers,
      "Content-Type": answer.contentType,
      "Content-Length": String(answer.body.length),
      "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    },
  });
}

function cacheHeaders(etag: string, exact: boolean): Record<string, string> {
  return {
    "Cache-Control": exact ? CACHE_CONTROL : STAND_IN_CACHE_CONTROL,
    ETag: etag,
    // The format depends on what the browser accepts.
    Vary: "Accept",
  };
}

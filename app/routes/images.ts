import path from "node:path";
import { config } from "~/config.server";
import { findRendition } from "~/modules/files/images.server";
import { IMAGE_WIDTHS, isImageWidth } from "~/modules/files/responsive-images";
import type { Route } from "./+types/images";

// A rendition's URL does not change when the file under it is replaced, so browsers keep it for
// 30 days and then revalidate with the ETag instead of keeping it forever.
const CACHE_CONTROL = "public, max-age=2592000, stale-while-revalidate=86400";

/** GET /images/{path under /files}?w={width}: a resized, re-encoded copy of an image in DATA_DIR/files. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const width = Number(new URL(request.url).searchParams.get("w") ?? IMAGE_WIDTHS[3]);
  if (!isImageWidth(width)) {
    return new Response(`w must be one of ${IMAGE_WIDTHS.join(", ")}`, { status: 400 });
  }
  const { dataDir } = config();
  const rendition = await findRendition({
    filesDir: path.join(dataDir, "files"),
    cacheDir: path.join(dataDir, "cache", "images"),
    relativePath: params["*"] ?? "",
    width,
    accept: request.headers.get("Accept"),
  });
  if (!rendition) return new Response("Not found", { status: 404 });

  const headers = {
    "Cache-Control": CACHE_CONTROL,
    ETag: rendition.etag,
    // The format depends on what the browser accepts.
    Vary: "Accept",
  };
  if (request.headers.get("If-None-Match") === rendition.etag) return new Response(null, { status: 304, headers });
  const body = await rendition.read();
  return new Response(new Uint8Array(body), {
    headers: { ...headers, "Content-Type": rendition.contentType, "Content-Length": String(body.length) },
  });
}

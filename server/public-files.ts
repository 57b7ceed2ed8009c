import type { RequestHandler } from "express";
import { type FileStore, isPublicFileKey } from "../app/modules/files/file-store";
import { imageContentType } from "../app/modules/files/images.server";

// Images change rarely and keep their names: a week in the browser, then revalidated with the ETag.
const CACHE_CONTROL = "public, max-age=604800";

/**
 * GET /files/{key}: the public files of the store (product and blog images), whichever store it is.
 * The key is checked after decoding, so "/files/%6cabels/…" names labels/… and is refused like it:
 * only well-formed keys below a public prefix (PUBLIC_FILE_PREFIXES) are ever read.
 */
export function publicFiles(files: FileStore): RequestHandler {
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const key = decodedKey(req.path);
    const stat = key !== null && isPublicFileKey(key) ? await files.stat(key) : null;
    if (key === null || !stat) {
      res.status(404).type("text/plain; charset=utf-8").send("File non trovato.");
      return;
    }
    res.set({
      "Cache-Control": CACHE_CONTROL,
      ETag: `W/"${stat.size.toString(16)}-${stat.modifiedAt.getTime().toString(16)}"`,
      "Last-Modified": stat.modifiedAt.toUTCString(),
      "Content-Type": imageContentType(key) ?? "application/octet-stream",
    });
    // The browser's copy is still this file's (If-None-Match, If-Modified-Since): nothing to read.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const bytes = await files.read(key);
    if (!bytes) {
      res.status(404).type("text/plain; charset=utf-8").send("File non trovato.");
      return;
    }
    res.send(Buffer.from(bytes));
  };
}

/** The store key a /files path names, percent-decoded, or null when it cannot be decoded. */
function decodedKey(path: string): string | null {
  try {
    return decodeURIComponent(path.replace(/^\//, ""));
  } catch {
    return null;
  }
}

// Renders the responsive renditions of /files images with sharp: one of the allowed widths, in the
// best format the browser accepts (AVIF, WebP, else PNG or JPEG), cached on disk so each rendition is
// computed once.
import { createHash } from "node:crypto";
import { mkdir, readFile, realpath, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import type { ImageWidth } from "./responsive-images";

export type ImageFormat = "avif" | "webp" | "png" | "jpeg";

export type Rendition = {
  /** Changes whenever the source file, the width or the format changes. */
  etag: string;
  contentType: string;
  read: () => Promise<Buffer>;
};

const contentTypes: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpeg: "image/jpeg",
};

const sourceExtensions = new Set(["svg", "png", "jpg", "jpeg", "webp", "avif", "gif"]);
// Bumped when the encoder settings change, so cached files and browser copies are renewed.
const RENDER_VERSION = "1";
// Letters, digits, dot, dash, underscore, never starting with a dot: no "..", no hidden files, no separators.
const safeSegment = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

/** The path segments of a request for a file under /files, or null when it could name anything else. */
export function safeSegments(relativePath: string): string[] | null {
  const segments = relativePath.split("/");
  if (segments.length === 0 || !segments.every((segment) => safeSegment.test(segment))) return null;
  const extension = path.extname(relativePath).slice(1).toLowerCase();
  return sourceExtensions.has(extension) ? segments : null;
}

/** AVIF, else WebP, by the browser's Accept header; else PNG for sources that may be transparent, JPEG for photos. */
export function negotiateFormat(accept: string | null, sourceExtension: string): ImageFormat {
  const accepted = (accept ?? "").toLowerCase();
  if (accepted.includes("image/avif")) return "avif";
  if (accepted.includes("image/webp")) return "webp";
  return ["jpg", "jpeg"].includes(sourceExtension.toLowerCase()) ? "jpeg" : "png";
}

// Renditions being computed right now, so simultaneous requests for one image share the work.
const inFlight = new Map<string, Promise<Buffer>>();

/**
 * The rendition of `relativePath` (below `filesDir`) at `width`, or null when no such file exists.
 * `cacheDir` keeps the rendered files between requests and restarts.
 */
export async function findRendition({
  filesDir,
  cacheDir,
  relativePath,
  width,
  accept,
}: {
  filesDir: string;
  cacheDir: string;
  relativePath: string;
  width: ImageWidth;
  accept: string | null;
}): Promise<Rendition | null> {
  const segments = safeSegments(relativePath);
  if (!segments) return null;
  const root = path.resolve(filesDir);
  let source: string;
  try {
    // realpath also resolves symbolic links, which must not lead outside the files directory either.
    source = await realpath(path.join(root, ...segments));
    const realRoot = await realpath(root);
    if (!source.startsWith(realRoot + path.sep)) return null;
    const stats = await stat(source);
    if (!stats.isFile()) return null;
    const extension = path.extname(source).slice(1);
    const format = negotiateFormat(accept, extension);
    const key = createHash("sha256")
      .update([RENDER_VERSION, segments.join("/"), stats.size, stats.mtimeMs, width, format].join("\n"))
      .digest("hex")
      .slice(0, 32);
    const cached = path.join(cacheDir, `${key}.${format}`);
    return {
      etag: `"${key}"`,
      contentType: contentTypes[format],
      read: () => readCachedOrRender(cached, () => render(source, extension, width, format)),
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

async function readCachedOrRender(cached: string, produce: () => Promise<Buffer>): Promise<Buffer> {
  try {
    return await readFile(cached);
  } catch {
    // Not rendered yet.
  }
  let pending = inFlight.get(cached);
  if (!pending) {
    pending = (async () => {
      const output = await produce();
      await mkdir(path.dirname(cached), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const partial = `${cached}.${process.pid}.${Date.now()}.tmp`;
      await writeFile(partial, output);
      await rename(partial, cached);
      return output;
    })().finally(() => inFlight.delete(cached));
    inFlight.set(cached, pending);
  }
  return pending;
}

async function render(source: string, extension: string, width: number, format: ImageFormat): Promise<Buffer> {
  let image: Sharp;
  if (extension.toLowerCase() === "svg") {
    // Vector art is drawn directly at the target width (density scales the SVG's own size), never upscaled pixels.
    const { width: naturalWidth } = await sharp(source).metadata();
    image = sharp(source, { density: (72 * width) / (naturalWidth || width) }).resize({ width });
  } else {
    image = sharp(source).rotate().resize({ width, withoutEnlargement: true });
  }
  switch (format) {
    case "avif":
      // Effort 2 keeps the first request for a large image around a second on a small server.
      return image.avif({ quality: 55, effort: 2 }).toBuffer();
    case "webp":
      return image.webp({ quality: 78 }).toBuffer();
    case "png":
      return image.png({ compressionLevel: 9 }).toBuffer();
    case "jpeg":
      return image.jpeg({ quality: 80, mozjpeg: true }).toBuffer();
  }
}

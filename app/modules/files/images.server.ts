// Renders the responsive renditions of /files images with sharp: one of the allowed widths, in the
// best format the browser accepts (AVIF, WebP, else PNG or JPEG), cached in the file store (below
// RENDITION_CACHE_PREFIX) so each rendition is computed once, and once for every app instance sharing
// a bucket. Rendering is bounded (render-limits.server.ts, docs/decisions/0008-image-renditions.md): a
// request that may not render gets a stand-in, the nearest rendition already cached or the original.
import { createHash } from "node:crypto";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { contentTypeOf, contentTypeOfExtension } from "./content-types";
import { type FileStore, isPublicFileKey } from "./file-store";
import { createRenderBudget, createRenderQueue, type RenderBudget, type RenderQueue } from "./render-limits.server";
import { IMAGE_WIDTHS, type ImageWidth } from "./responsive-images";

export type ImageFormat = "avif" | "webp" | "png" | "jpeg";

/** Where the store keeps the renditions: one folder per source version, one file per width and format. */
export const RENDITION_CACHE_PREFIX = "cache/images/";

/** An image of the store, below a public prefix, found and checked. */
type SourceImage = {
  /** Its key in the store: "products/1/nero-0.svg". */
  key: string;
  extension: string;
  /** Changes whenever the file (its key, size or date) or the render settings change: names its renditions. */
  version: string;
};

/** A rendition a browser asks for, located but neither read nor rendered. */
export type RenditionRequest = {
  files: FileStore;
  source: SourceImage;
  /** The cache folder of this source's renditions, one file per width and format: "cache/images/{version}/320.avif". */
  folder: string;
  width: ImageWidth;
  /** The formats the browser accepts, best first: the first is the one asked for, the others may stand in. */
  formats: ImageFormat[];
  /** The ETag of the rendition asked for, known before any work. */
  etag: string;
};

/** What /images answers with. */
export type ImageAnswer = {
  etag: string;
  contentType: string;
  body: Buffer;
  /** False for a stand-in (another rendition, or the original): the browser should ask again later. */
  exact: boolean;
};

export type RenderLimits = { queue: RenderQueue; budget: RenderBudget };

// One render at a time leaves the second core of the shop's 2-core server, and three of libuv's four
// threads (compression and file reads use them too), to the pages. Twelve waiting is about one page of
// new pictures; a client's 30 renders a minute cover browsing a freshly stocked catalogue.
const processLimits: RenderLimits = {
  queue: createRenderQueue({ concurrency: 1, maxWaiting: 12 }),
  budget: createRenderBudget({ perMinute: 30 }),
};

/** The type an image of the store is served as (/files, stand-ins), by its key's extension; undefined for anything else. */
export function imageContentType(key: string): string | undefined {
  const type = contentTypeOf(key);
  return type?.startsWith("image/") ? type : undefined;
}

/** The type a rendition in this format (an extension too) is served as. */
const renditionContentType = (format: ImageFormat) => contentTypeOfExtension(format) as string;

// Bumped when the encoder settings change, so cached files and browser copies are renewed.
const RENDER_VERSION = "1";
/** The path segments of a request for an image under /files, or null when it could name anything else. */
export function safeSegments(relativePath: string): string[] | null {
  if (!isPublicFileKey(relativePath)) return null;
  return imageContentType(relativePath) ? relativePath.split("/") : null;
}
/** The formats the browser accepts, best first: AVIF, WebP, then PNG for sources that may be transparent, JPEG for photos. */
export function acceptedFormats(accept: string | null, sourceExtension: string): ImageFormat[] {
  const accepted = (accept ?? "").toLowerCase();
  const plain: ImageFormat = ["jpg", "jpeg"].includes(sourceExtension.toLowerCase()) ? "jpeg" : "png";
  return [
    ...(accepted.includes("image/avif") ? (["avif"] as const) : []),
    ...(accepted.includes("image/webp") ? (["webp"] as const) : []),
    plain,
  ];
}

/** The best format the browser accepts. */
export function negotiateFormat(accept: string | null, sourceExtension: string): ImageFormat {
  return acceptedFormats(accept, sourceExtension)[0] as ImageFormat;
}

/**
 * The rendition of `relativePath` (a key of `files` below a public prefix) at `width` that the Accept
 * header asks for, or null when no such image exists. Only checks and locates: `answerRendition`
 * reads or renders it.
 */
export async function findRendition({
  files,
  relativePath,
  width,
  accept,
}: {
  files: FileStore;
  relativePath: string;
  width: ImageWidth;
  accept: string | null;
}): Promise<RenditionRequest | null> {
  const source = await findSource(files, relativePath);
  if (!source) return null;
  const formats = acceptedFormats(accept, source.extension);
  const name = renditionName(width, formats[0] as ImageFormat);
  return {
    files,
    source,
    folder: `${RENDITION_CACHE_PREFIX}${source.version}`,
    width,
    formats,
    etag: `"${source.version}-${name}"`,
  };
}

/**
 * The rendition asked for when it is cached or being rendered, or when the process has room for one
 * more render and `clientIp` has budget left; otherwise a stand-in, so a request never waits long and
 * never fails for want of rendering.
 */
export async function answerRendition(
  request: RenditionRequest,
  clientIp: string,
  limits: RenderLimits = processLimits,
): Promise<ImageAnswer> {
  const format = request.formats[0] as ImageFormat;
  const key = `${request.folder}/${renditionName(request.width, format)}`;
  const exact = (body: Buffer): ImageAnswer => ({
    etag: request.etag,
    contentType: renditionContentType(format),
    body,
    exact: true,
  });
  const cached = await request.files.read(key);
  if (cached) return exact(Buffer.from(cached));
  const rendering = inFlightOf(request.files);
  if (!rendering.has(key) && !(limits.queue.hasRoom() && limits.budget.take(clientIp))) return standIn(request);
  return exact(await renderOnce(request, format, key, limits.queue));
}

/**
 * Renders, one after another through the process's queue, the renditions of `keys` at `widths` in
 * `format` that are not cached yet: for images known ahead of time, such as the demo's and uploads.
 */
export async function prerenderRenditions({
  files,
  keys,
  widths,
  format,
}: {
  files: FileStore;
  keys: string[];
  widths: ImageWidth[];
  format: ImageFormat;
}): Promise<void> {
  for (const relativePath of keys) {
    const request = await findRendition({ files, relativePath, width: widths[0] ?? IMAGE_WIDTHS[0], accept: null });
    if (!request) throw new Error(`No image to pre-render at ${relativePath}`);
    for (const width of widths) {
      const key = `${request.folder}/${renditionName(width, format)}`;
      if (!(await files.exists(key))) await renderOnce({ ...request, width }, format, key, processLimits.queue);
    }
  }
}

async function findSource(files: FileStore, relativePath: string): Promise<SourceImage | null> {
  const segments = safeSegments(relativePath);
  if (!segments) return null;
  const key = segments.join("/");
  const stat = await files.stat(key);
  if (!stat) return null;
  const version = createHash("sha256")
    .update([RENDER_VERSION, key, stat.size, stat.modifiedAt.getTime()].join("\n"))
    .digest("hex")
    .slice(0, 32);
  return { key, extension: path.extname(key).slice(1).toLowerCase(), version };
}

function renditionName(width: ImageWidth, format: ImageFormat): string {
  return `${width}.${format}`;
}

/** The closest rendition already cached (the smallest at least as wide, else the widest), else the original. */
async function standIn({ files, source, folder, width, formats }: RenditionRequest): Promise<ImageAnswer> {
  // One listing instead of a look-up per width and format: stand-ins are what a flood of requests gets.
  const cached = new Set((await files.list(`${folder}/`)).map((key) => key.slice(folder.length + 1)));
  const widths = [
    ...IMAGE_WIDTHS.filter((candidate) => candidate >= width),
    ...IMAGE_WIDTHS.filter((candidate) => candidate < width).reverse(),
  ];
  for (const candidateWidth of widths) {
    for (const format of formats) {
      const name = renditionName(candidateWidth, format);
      const body = cached.has(name) ? await files.read(`${folder}/${name}`) : null;
      if (body)
        return {
          etag: `"${source.version}-${name}"`,
          contentType: renditionContentType(format),
          body: Buffer.from(body),
          exact: false,
        };
    }
  }
  const original = await files.read(source.key);
  if (!original) throw new Error(`The image ${source.key} went away while answered`);
  return {
    etag: `"${source.version}-original"`,
    contentType: imageContentType(source.key) as string,
    body: Buffer.from(original),
    exact: false,
  };
}

// Renditions being rendered or waiting for their turn, by store and cache key, so simultaneous
// requests for one share the work.
const inFlight = new WeakMap<FileStore, Map<string, Promise<Buffer>>>();

function inFlightOf(files: FileStore): Map<string, Promise<Buffer>> {
  let rendering = inFlight.get(files);
  if (!rendering) {
    rendering = new Map();
    inFlight.set(files, rendering);
  }
  return rendering;
}

function renderOnce(request: RenditionRequest, format: ImageFormat, key: string, queue: RenderQueue): Promise<Buffer> {
  const rendering = inFlightOf(request.files);
  let pending = rendering.get(key);
  if (!pending) {
    pending = queue
      .run(async () => {
        const original = await request.files.read(request.source.key);
        if (!original) throw new Error(`The image ${request.source.key} went away before it was rendered`);
        const output = await render(Buffer.from(original), request.source.extension, request.width, format);
        await request.files.put(key, output, renditionContentType(format));
        return output;
      })
      .finally(() => rendering.delete(key));
    rendering.set(key, pending);
  }
  return pending;
}

async function render(original: Buffer, extension: string, width: number, format: ImageFormat): Promise<Buffer> {
  let image: Sharp;
  if (extension === "svg") {
    // Vector art is drawn directly at the target width (density scales the SVG's own size), never upscaled pixels.
    const { width: naturalWidth } = await sharp(original).metadata();
    image = sharp(original, { density: (72 * width) / (naturalWidth || width) }).resize({ width });
  } else {
    image = sharp(original).rotate().resize({ width, withoutEnlargement: true });
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

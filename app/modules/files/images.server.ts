// Renders the responsive renditions of /files images with sharp: one of the allowed widths, in the
// best format the browser accepts (AVIF, WebP, else PNG or JPEG), cached on disk so each rendition is
// computed once. Rendering is bounded (render-limits.server.ts, docs/decisions/0008-image-renditions.md): a
// request that may not render gets a stand-in, the nearest rendition already on disk or the original.
import { createHash } from "node:crypto";
import { access, mkdir, readdir, readFile, realpath, rename, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { fileKeySegments } from "./file-store";
import { createRenderBudget, createRenderQueue, type RenderBudget, type RenderQueue } from "./render-limits.server";
import { IMAGE_WIDTHS, type ImageWidth } from "./responsive-images";

export type ImageFormat = "avif" | "webp" | "png" | "jpeg";

/** An image file under the files directory, found and checked. */
type SourceImage = {
  file: string;
  extension: string;
  /** Changes whenever the file (its path, size or date) or the render settings change: names its renditions. */
  key: string;
};

/** A rendition a browser asks for, located but neither read nor rendered. */
export type RenditionRequest = {
  source: SourceImage;
  /** The cache folder of this source's renditions, one file per width and format: "320.avif". */
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

const contentTypes: Record<ImageFormat, string> = {
  avif: "image/avif",
  webp: "image/webp",
  png: "image/png",
  jpeg: "image/jpeg",
};

/** The files /images renders from, with the type each is served as when it stands in for a rendition. */
const sourceContentTypes: Record<string, string> = {
  svg: "image/svg+xml",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  webp: "image/webp",
  avif: "image/avif",
  gif: "image/gif",
};
// Bumped when the encoder settings change, so cached files and browser copies are renewed.
const RENDER_VERSION = "1";
/** The path segments of a request for a file under /files, or null when it could name anything else. */
export function safeSegments(relativePath: string): string[] | null {
  const segments = fileKeySegments(relativePath);
  if (!segments) return null;
  const extension = path.extname(relativePath).slice(1).toLowerCase();
  return Object.hasOwn(sourceContentTypes, extension) ? segments : null;
}

/** Where the renditions of the images under `filesDir` (DATA_DIR/files) are kept: DATA_DIR/cache/images. */
export function renditionCacheDir(filesDir: string): string {
  return path.join(path.dirname(filesDir), "cache", "images");
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
 * The rendition of `relativePath` (below `filesDir`) at `width` that the Accept header asks for, or
 * null when no such file exists. Only checks and locates: `answerRendition` reads or renders it.
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
}): Promise<RenditionRequest | null> {
  const source = await findSource(filesDir, relativePath);
  if (!source) return null;
  const formats = acceptedFormats(accept, source.extension);
  const name = renditionName(width, formats[0] as ImageFormat);
  return { source, folder: path.join(cacheDir, source.key), width, formats, etag: `"${source.key}-${name}"` };
}

/**
 * The rendition asked for when it is on disk or being rendered, or when the process has room for one
 * more render and `clientIp` has budget left; otherwise a stand-in, so a request never waits long and
 * never fails for want of rendering.
 */
export async function answerRendition(
  request: RenditionRequest,
  clientIp: string,
  limits: RenderLimits = processLimits,
): Promise<ImageAnswer> {
  const format = request.formats[0] as ImageFormat;
  const file = path.join(request.folder, renditionName(request.width, format));
  const exact = (body: Buffer): ImageAnswer => ({
    etag: request.etag,
    contentType: contentTypes[format],
    body,
    exact: true,
  });
  const cached = await readIfPresent(file);
  if (cached) return exact(cached);
  if (!inFlight.has(file) && !(limits.queue.hasRoom() && limits.budget.take(clientIp))) return standIn(request);
  return exact(await renderOnce(request.source, request.width, format, file, limits.queue));
}

/**
 * Renders, one after another through the process's queue, the renditions of `relativePaths` at
 * `widths` in `format` that are not on disk yet: for images known ahead of time, such as the demo's.
 */
export async function prerenderRenditions({
  filesDir,
  cacheDir,
  relativePaths,
  widths,
  format,
}: {
  filesDir: string;
  cacheDir: string;
  relativePaths: string[];
  widths: ImageWidth[];
  format: ImageFormat;
}): Promise<void> {
  for (const relativePath of relativePaths) {
    const source = await findSource(filesDir, relativePath);
    if (!source) throw new Error(`No image to pre-render at ${relativePath}`);
    for (const width of widths) {
      const file = path.join(cacheDir, source.key, renditionName(width, format));
      if (!(await exists(file))) await renderOnce(source, width, format, file, processLimits.queue);
    }
  }
}

async function findSource(filesDir: string, relativePath: string): Promise<SourceImage | null> {
  const segments = safeSegments(relativePath);
  if (!segments) return null;
  const root = path.resolve(filesDir);
  try {
    // realpath also resolves symbolic links, which must not lead outside the files directory either.
    const file = await realpath(path.join(root, ...segments));
    const realRoot = await realpath(root);
    if (!file.startsWith(realRoot + path.sep)) return null;
    const stats = await stat(file);
    if (!stats.isFile()) return null;
    // A link inside the files directory must lead to an image too, as it is served as one when standing in.
    const extension = path.extname(file).slice(1).toLowerCase();
    if (!Object.hasOwn(sourceContentTypes, extension)) return null;
    const key = createHash("sha256")
      .update([RENDER_VERSION, segments.join("/"), stats.size, stats.mtimeMs].join("\n"))
      .digest("hex")
      .slice(0, 32);
    return { file, extension, key };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function renditionName(width: ImageWidth, format: ImageFormat): string {
  return `${width}.${format}`;
}

/** The closest rendition already on disk (the smallest at least as wide, else the widest), else the original. */
async function standIn({ source, folder, width, formats }: RenditionRequest): Promise<ImageAnswer> {
  // One directory listing instead of a look-up per width and format: stand-ins are what a flood of requests gets.
  const onDisk = new Set(await readdir(folder).catch(() => [] as string[]));
  const widths = [
    ...IMAGE_WIDTHS.filter((candidate) => candidate >= width),
    ...IMAGE_WIDTHS.filter((candidate) => candidate < width).reverse(),
  ];
  for (const candidateWidth of widths) {
    for (const format of formats) {
      const name = renditionName(candidateWidth, format);
      if (onDisk.has(name)) {
        const body = await readFile(path.join(folder, name));
        return { etag: `"${source.key}-${name}"`, contentType: contentTypes[format], body, exact: false };
      }
    }
  }
  return {
    etag: `"${source.key}-original"`,
    contentType: sourceContentTypes[source.extension] as string,
    body: await readFile(source.file),
    exact: false,
  };
}

async function readIfPresent(file: string): Promise<Buffer | null> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

// Renditions being rendered or waiting for their turn, so simultaneous requests for one share the work.
const inFlight = new Map<string, Promise<Buffer>>();

function renderOnce(
  source: SourceImage,
  width: ImageWidth,
  format: ImageFormat,
  file: string,
  queue: RenderQueue,
): Promise<Buffer> {
  let pending = inFlight.get(file);
  if (!pending) {
    pending = queue
      .run(async () => {
        const output = await render(source, width, format);
        await mkdir(path.dirname(file), { recursive: true });
        // Written aside and renamed, so a reader never sees half a file.
        const partial = `${file}.${process.pid}.${Date.now()}.tmp`;
        await writeFile(partial, output);
        await rename(partial, file);
        return output;
      })
      .finally(() => inFlight.delete(file));
    inFlight.set(file, pending);
  }
  return pending;
}

async function render(source: SourceImage, width: number, format: ImageFormat): Promise<Buffer> {
  let image: Sharp;
  if (source.extension === "svg") {
    // Vector art is drawn directly at the target width (density scales the SVG's own size), never upscaled pixels.
    const { width: naturalWidth } = await sharp(source.file).metadata();
    image = sharp(source.file, { density: (72 * width) / (naturalWidth || width) }).resize({ width });
  } else {
    image = sharp(source.file).rotate().resize({ width, withoutEnlargement: true });
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

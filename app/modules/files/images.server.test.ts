import sharp from "sharp";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  acceptedFormats,
  answerRendition,
  findRendition,
  negotiateFormat,
  prerenderRenditions,
  RENDITION_CACHE_PREFIX,
  type RenderLimits,
  safeSegments,
} from "./images.server";
import { memoryFileStore } from "./memory-file-store.server";
import { createRenderBudget, createRenderQueue } from "./render-limits.server";
import { IMAGE_WIDTHS, type ImageWidth, imageSrcSet, imageUrl } from "./responsive-images";

// Counts sharp's renders (its toBuffer calls): how many ran in all, and the most at once. Unit test
// files share their worker's modules (vitest.config.ts), so they are reloaded first: images.server.ts
// may already be loaded with the real sharp.
const renders = vi.hoisted(() => {
  vi.resetModules();
  return { running: 0, most: 0, total: 0 };
});
vi.mock("sharp", async (importOriginal) => {
  const realSharp = ((await importOriginal()) as { default: typeof sharp }).default;
  const countedSharp = (...args: Parameters<typeof sharp>) => {
    const image = realSharp(...args);
    const toBuffer = image.toBuffer.bind(image) as () => Promise<Buffer>;
    image.toBuffer = (async () => {
      renders.total++;
      renders.most = Math.max(renders.most, ++renders.running);
      try {
        return await toBuffer();
      } finally {
        renders.running--;
      }
    }) as typeof image.toBuffer;
    return image;
  };
  return { default: countedSharp };
});

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000"><rect width="800" height="1000" fill="#7a2e3b"/></svg>';
const everyFormat = "image/avif,image/webp,*/*";

// Symbolic links in the local folder are the local store's to refuse (local-file-store.test.ts).
const files = memoryFileStore();
const svgBytes = new TextEncoder().encode(svg);

beforeAll(async () => {
  for (let index = 0; index < 8; index++) await files.put(`products/1/nero-${index}.svg`, svgBytes, "image/svg+xml");
  await files.put("products/1/notes.txt", new TextEncoder().encode("not an image"), "text/plain");
  await files.put("labels/secret.svg", svgBytes, "image/svg+xml");
});

beforeEach(async () => {
  for (const key of await files.list(RENDITION_CACHE_PREFIX)) await files.delete(key);
  Object.assign(renders, { running: 0, most: 0, total: 0 });
});

/** The cached renditions, as "{folder}/{file}" below the cache prefix. */
const cached = async () =>
  (await files.list(RENDITION_CACHE_PREFIX)).map((key) => key.slice(RENDITION_CACHE_PREFIX.length));

const find = (relativePath: string, accept: string | null = everyFormat, width: ImageWidth = 320) =>
  findRendition({ files, relativePath, width, accept });

/** The rendition asked for, answered with `limits` (the process's own when not given). */
async function answer(
  relativePath: string,
  options: { accept?: string; width?: ImageWidth; client?: string; limits?: RenderLimits } = {},
) {
  const rendition = await find(relativePath, options.accept, options.width);
  if (!rendition) throw new Error(`${relativePath} not found`);
  return answerRendition(rendition, options.client ?? "203.0.113.1", options.limits);
}

function limits({ concurrency = 1, maxWaiting = 100, perMinute = 1000, now = Date.now } = {}): RenderLimits {
  return { queue: createRenderQueue({ concurrency, maxWaiting }), budget: createRenderBudget({ perMinute, now }) };
}

// Encoding AVIF takes a second of CPU on a quiet machine, several while other test files share it.
const renderTimeoutMs = 30_000;

describe("negotiateFormat", () => {
  it("prefers AVIF, then WebP, then PNG or JPEG by source", () => {
    expect(negotiateFormat("image/avif,image/webp,image/apng,*/*;q=0.8", "svg")).toBe("avif");
    expect(negotiateFormat("image/webp,*/*", "svg")).toBe("webp");
    expect(negotiateFormat("*/*", "svg")).toBe("png");
    expect(negotiateFormat(null, "jpg")).toBe("jpeg");
    expect(acceptedFormats("image/avif,image/webp,*/*", "JPG")).toEqual(["avif", "webp", "jpeg"]);
  });
});

describe("safeSegments", () => {
  it("refuses anything that could leave the files, is private or is not an image", () => {
    expect(safeSegments("products/1/nero-0.svg")).toEqual(["products", "1", "nero-0.svg"]);
    for (const bad of [
      "../secret.svg",
      "products/../../secret.svg",
      "/etc/passwd.svg",
      "products/.hidden.svg",
      "a\\b.svg",
      "products//x.svg",
      "products/1/notes.txt",
      "products/1/x.constructor",
      "labels/1.png",
      "cache/images/x/320.png",
      "",
    ]) {
      expect(safeSegments(bad)).toBeNull();
    }
  });
});

describe("findRendition and answerRendition", { timeout: renderTimeoutMs }, () => {
  it("render the requested width in the negotiated format and cache it in the store", async () => {
    const rendition = await find("products/1/nero-0.svg");
    // The ETag is known before any work, so a browser holding the rendition costs nothing.
    expect(renders.total).toBe(0);
    const first = await answer("products/1/nero-0.svg");
    expect(first).toMatchObject({ etag: rendition?.etag, contentType: "image/avif", exact: true });
    const metadata = await sharp(first.body).metadata();
    expect(metadata.width).toBe(320);
    expect(metadata.height).toBe(400);
    // One folder per source file version, one file per width and format.
    const [entry] = await cached();
    expect(await cached()).toHaveLength(1);
    const [folder, name] = (entry as string).split("/");
    expect(name).toBe("320.avif");
    expect(rendition?.etag).toBe(`"${folder}-320.avif"`);
    // The second answer comes from the cache, identical.
    expect((await answer("products/1/nero-0.svg")).body.equals(first.body)).toBe(true);
    expect(renders.total).toBe(1);
  });

  it("give each format its own ETag", async () => {
    const webp = await answer("products/1/nero-0.svg", { accept: "image/webp" });
    const png = await answer("products/1/nero-0.svg", { accept: "*/*" });
    expect(webp.contentType).toBe("image/webp");
    expect(png.contentType).toBe("image/png");
    expect(webp.etag).not.toBe(png.etag);
    expect((await sharp(png.body).metadata()).format).toBe("png");
  });

  it("find nothing for missing files, traversal, private files or something else than an image", async () => {
    expect(await find("products/1/missing.svg")).toBeNull();
    expect(await find("../secret.svg")).toBeNull();
    expect(await find("labels/secret.svg")).toBeNull();
    expect(await find("products/1/notes.txt")).toBeNull();
    expect(await find("products/1")).toBeNull();
  });
});

describe("bounded rendering", { timeout: renderTimeoutMs }, () => {
  it("never runs more renders at once than the queue allows, and answers the overflow with stand-ins", async () => {
    const bounds = limits({ concurrency: 1, maxWaiting: 3 });
    // 24 different renditions at once, each from its own client: 8 images × 3 widths.
    const asked = Array.from({ length: 24 }, (_, index) => ({
      relativePath: `products/1/nero-${index % 8}.svg`,
      width: IMAGE_WIDTHS[index % 3] as ImageWidth,
      client: `198.51.100.${index}`,
    }));
    const answers = await Promise.all(
      asked.map((request) => answer(request.relativePath, { ...request, limits: bounds })),
    );
    expect(renders.most).toBe(1);
    // One rendering and three waiting; the others got the original at once.
    expect(answers.filter((image) => image.exact)).toHaveLength(4);
    expect(renders.total).toBe(4);
    for (const image of answers.filter((standIn) => !standIn.exact)) {
      expect(image.contentType).toBe("image/svg+xml");
      expect(image.body.toString()).toBe(svg);
    }
  });

  it("also holds with the process's own limits: one render at a time", async () => {
    const asked = Array.from({ length: 24 }, (_, index) =>
      answer(`products/1/nero-${index % 8}.svg`, {
        width: IMAGE_WIDTHS[index % 3] as ImageWidth,
        client: `192.0.2.${index}`,
      }),
    );
    const answers = await Promise.all(asked);
    expect(renders.most).toBe(1);
    expect(answers.every((image) => image.body.length > 0)).toBe(true);
  });

  it("lets simultaneous requests for one rendition share one render, charged once", async () => {
    const bounds = limits({ perMinute: 1 });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => answer("products/1/nero-0.svg", { limits: bounds, client: "203.0.113.9" })),
    );
    expect(answers.every((image) => image.exact)).toBe(true);
    expect(renders.total).toBe(1);
  });

  it("gives a client over its budget the nearest rendition on disk, else the original, without rendering", async () => {
    let now = 0;
    const bounds = limits({ perMinute: 2, now: () => now });
    const client = "203.0.113.7";
    const at320 = await answer("products/1/nero-0.svg", { width: 320, client, limits: bounds });
    await answer("products/1/nero-0.svg", { width: 640, client, limits: bounds });
    expect(renders.total).toBe(2);

    // Over budget: the smallest rendition at least as wide stands in, in a format the browser accepts.
    const small = await answer("products/1/nero-0.svg", { width: 160, client, limits: bounds });
    expect(small).toMatchObject({ exact: false, etag: at320.etag, contentType: "image/avif" });
    expect(small.body.equals(at320.body)).toBe(true);
    // Wider than anything on disk: the widest there is.
    const wide = await answer("products/1/nero-0.svg", { width: 1200, client, limits: bounds });
    expect((await sharp(wide.body).metadata()).width).toBe(640);
    // A browser without AVIF never gets one: nothing else is on disk, so the original.
    const webpOnly = await answer("products/1/nero-0.svg", {
      width: 160,
      accept: "image/webp",
      client,
      limits: bounds,
    });
    expect(webpOnly).toMatchObject({ exact: false, contentType: "image/svg+xml" });
    expect(webpOnly.body.equals(Buffer.from(svgBytes))).toBe(true);
    expect(renders.total).toBe(2);
    // Another client still has its budget.
    expect((await answer("products/1/nero-0.svg", { width: 160, client: "203.0.113.8", limits: bounds })).exact).toBe(
      true,
    );

    // A minute later the budget is back.
    now += 60_000;
    expect((await answer("products/1/nero-0.svg", { width: 480, client, limits: bounds })).exact).toBe(true);
    expect(renders.total).toBe(4);
  });
});

describe("prerenderRenditions", { timeout: renderTimeoutMs }, () => {
  it("renders the given widths ahead of time, so requests for them read the cache", async () => {
    const relativePaths = ["products/1/nero-0.svg", "products/1/nero-1.svg"];
    await prerenderRenditions({ files, keys: relativePaths, widths: [320, 640], format: "avif" });
    expect(renders.total).toBe(4);
    // Already there: not rendered again.
    await prerenderRenditions({ files, keys: relativePaths, widths: [320], format: "avif" });
    expect(renders.total).toBe(4);
    const noBudget = limits({ perMinute: 0 });
    for (const relativePath of relativePaths) {
      expect(await answer(relativePath, { width: 640, limits: noBudget })).toMatchObject({
        exact: true,
        contentType: "image/avif",
      });
    }
    expect(renders.total).toBe(4);
  });
});

describe("image URLs", () => {
  it("maps /files images to their renditions and leaves other URLs alone", () => {
    expect(imageUrl("/files/products/1/nero-0.svg", 640)).toBe("/images/products/1/nero-0.svg?w=640");
    expect(imageUrl("https://example.com/a.jpg", 640)).toBe("https://example.com/a.jpg");
    expect(imageSrcSet("/files/a.svg", 320)).toBe("/images/a.svg?w=160 160w, /images/a.svg?w=320 320w");
    expect(imageSrcSet("data:image/png;base64,xyz")).toBeNull();
  });
});

import { mkdir, mkdtemp, readdir, rm, symlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findRendition, negotiateFormat, safeSegments } from "./images.server";
import { imageSrcSet, imageUrl } from "./responsive-images";

const svg =
  '<svg xmlns="http://www.w3.org/2000/svg" width="800" height="1000" viewBox="0 0 800 1000"><rect width="800" height="1000" fill="#7a2e3b"/></svg>';

let workDir: string;
let filesDir: string;
let cacheDir: string;

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vetrina-images-"));
  filesDir = path.join(workDir, "files");
  cacheDir = path.join(workDir, "cache", "images");
  await mkdir(path.join(filesDir, "products", "1"), { recursive: true });
  await writeFile(path.join(filesDir, "products", "1", "nero-0.svg"), svg);
  await writeFile(path.join(workDir, "secret.svg"), svg);
  await symlink(path.join(workDir, "secret.svg"), path.join(filesDir, "products", "1", "link.svg"));
});

afterAll(() => rm(workDir, { recursive: true, force: true }));

const find = (relativePath: string, accept: string | null = "image/avif,image/webp,*/*") =>
  findRendition({ filesDir, cacheDir, relativePath, width: 320, accept });

describe("negotiateFormat", () => {
  it("prefers AVIF, then WebP, then PNG or JPEG by source", () => {
    expect(negotiateFormat("image/avif,image/webp,image/apng,*/*;q=0.8", "svg")).toBe("avif");
    expect(negotiateFormat("image/webp,*/*", "svg")).toBe("webp");
    expect(negotiateFormat("*/*", "svg")).toBe("png");
    expect(negotiateFormat(null, "jpg")).toBe("jpeg");
  });
});

describe("safeSegments", () => {
  it("refuses anything that could leave the files directory or is not an image", () => {
    expect(safeSegments("products/1/nero-0.svg")).toEqual(["products", "1", "nero-0.svg"]);
    for (const bad of [
      "../secret.svg",
      "products/../../secret.svg",
      "/etc/passwd.svg",
      "products/.hidden.svg",
      "a\\b.svg",
      "products//x.svg",
      "products/1/notes.txt",
      "",
    ]) {
      expect(safeSegments(bad)).toBeNull();
    }
  });
});

describe("findRendition", () => {
  it("renders the requested width in the negotiated format and caches it on disk", async () => {
    const rendition = await find("products/1/nero-0.svg");
    expect(rendition?.contentType).toBe("image/avif");
    const image = await rendition?.read();
    const metadata = await sharp(image).metadata();
    expect(metadata.width).toBe(320);
    expect(metadata.height).toBe(400);
    expect(await readdir(cacheDir)).toEqual([`${rendition?.etag.replaceAll('"', "")}.avif`]);
    // The second read comes from the cache, identical.
    expect((await (await find("products/1/nero-0.svg"))?.read())?.equals(image as Buffer)).toBe(true);
  });

  it("gives each format its own ETag", async () => {
    const webp = await find("products/1/nero-0.svg", "image/webp");
    const png = await find("products/1/nero-0.svg", "*/*");
    expect(webp?.contentType).toBe("image/webp");
    expect(png?.contentType).toBe("image/png");
    expect(webp?.etag).not.toBe(png?.etag);
    expect((await sharp(await png?.read()).metadata()).format).toBe("png");
  });

  it("finds nothing for missing files, traversal or links leading outside", async () => {
    expect(await find("products/1/missing.svg")).toBeNull();
    expect(await find("../secret.svg")).toBeNull();
    expect(await find("products/1/link.svg")).toBeNull();
    expect(await find("products/1")).toBeNull();
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

import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  fiftyMegapixelPng,
  headerOnlyBomb,
  htmlPage,
  svgWithScript,
  type TestImageType,
  testImage,
} from "../../../tests/support/test-images";
import { acceptUpload, detectImageType } from "./accept-upload.server";

// Uploads are judged by their bytes: the four photo formats pass and come out as a clean JPEG;
// anything else, whatever its name, is refused with a message naming the file.

describe("acceptUpload", () => {
  it.each<TestImageType>(["jpeg", "png", "webp", "avif"])(
    "accepts a real %s and re-encodes it as JPEG",
    async (type) => {
      const outcome = await acceptUpload(await testImage(type), `foto.${type}`);

      expect(outcome).toMatchObject({ ok: true, width: 300, height: 200, detectedType: type });
      if (!outcome.ok) throw new Error(outcome.message);
      expect((await sharp(outcome.bytes).metadata()).format).toBe("jpeg");
    },
  );

  it("rotates by the EXIF orientation, strips the metadata and caps the longest side at 2400 px", async () => {
    const photo = await sharp(await testImage("jpeg", { width: 3000, height: 1000 }))
      .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: "Fotocamera segreta" } } })
      .jpeg()
      .toBuffer();

    const outcome = await acceptUpload(photo, "telefono.jpg");

    if (!outcome.ok) throw new Error(outcome.message);
    // Orientation 6 turns it upright: taller than wide.
    expect([outcome.width, outcome.height]).toEqual([800, 2400]);
    const metadata = await sharp(outcome.bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.orientation).toBeUndefined();
  });

  it("refuses an SVG with a script, by its content", async () => {
    expect(await acceptUpload(svgWithScript, "logo.svg")).toEqual({
      ok: false,
      message: "Il file «logo.svg» non è un'immagine JPEG, PNG, WebP o AVIF.",
    });
  });

  it("refuses an HTML page named x.png", async () => {
    expect(await acceptUpload(htmlPage, "x.png")).toEqual({
      ok: false,
      message: "Il file «x.png» non è un'immagine JPEG, PNG, WebP o AVIF.",
    });
  });

  it("refuses a GIF and a file whose first bytes lie about its format", async () => {
    const gif = await sharp(await testImage("png"))
      .gif()
      .toBuffer();
    expect(await acceptUpload(gif, "animazione.gif")).toMatchObject({
      ok: false,
      message: expect.stringContaining("«animazione.gif» non è"),
    });
    // PNG's signature in front of an HTML page.
    const disguised = Buffer.concat([Buffer.from("\x89PNG\r\n\x1a\n", "latin1"), htmlPage]);
    expect(await acceptUpload(disguised, "finto.png")).toMatchObject({
      ok: false,
      message: expect.stringContaining("«finto.png» non è"),
    });
  });

  it("refuses a 50-megapixel image, saying the maximum", async () => {
    expect(await acceptUpload(await fiftyMegapixelPng(), "enorme.png")).toEqual({
      ok: false,
      message: "L'immagine «enorme.png» è di 10000×5000 pixel (50 megapixel): il massimo è 40 megapixel.",
    });
  });

  it("refuses a decompression bomb from its header, without decoding it", async () => {
    // Decoding would fail (there are no pixels): the megapixel message proves only the header was read.
    expect(await acceptUpload(await headerOnlyBomb(), "bomba.png")).toEqual({
      ok: false,
      message: "L'immagine «bomba.png» è di 20000×20000 pixel (400 megapixel): il massimo è 40 megapixel.",
    });
  });

  it("refuses a file over 15 MB before reading it", async () => {
    const heavy = Buffer.alloc(16 * 1024 * 1024);
    expect(await acceptUpload(heavy, "pesante.jpg")).toEqual({
      ok: false,
      message: "Il file «pesante.jpg» pesa 16 MB: il massimo è 15 MB per immagine.",
    });
  });

  it("refuses a truncated photo as damaged", async () => {
    const photo = await testImage("jpeg", { width: 800, height: 600 });
    expect(await acceptUpload(photo.subarray(0, photo.length / 2), "tagliata.jpg")).toEqual({
      ok: false,
      message: "Il file «tagliata.jpg» non si riesce a leggere: forse è danneggiato o incompleto.",
    });
  });
});

describe("detectImageType", () => {
  it("reads the four formats from their first bytes, and nothing else", async () => {
    for (const type of ["jpeg", "png", "webp", "avif"] as const) {
      expect(detectImageType(await testImage(type))).toBe(type);
    }
    expect(detectImageType(svgWithScript)).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
    // An MP4 shares AVIF's box but not its brand.
    expect(detectImageType(Buffer.from("\0\0\0\x18ftypisom\0\0\0\0isommp41", "latin1"))).toBeNull();
  });
});

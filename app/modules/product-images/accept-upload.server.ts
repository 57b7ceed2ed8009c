import sharp, { type Metadata } from "sharp";
import { MAX_IMAGE_MEGABYTES, MAX_IMAGE_MEGAPIXELS, maxImageBytes, STORED_LONGEST_SIDE } from "./upload-limits";

// An uploaded file becomes a product image only if its bytes are a JPEG, PNG, WebP or AVIF picture,
// whatever its name or declared type: an SVG or HTML page served from the shop's own origin could run
// scripts there (stored XSS). Accepted pictures are decoded and re-encoded, so nothing but pixels
// survives: no EXIF (GPS position, camera serial), no trailing payload, no second format hiding inside.

export type ImageType = "jpeg" | "png" | "webp" | "avif";

/** The picture to store: always a JPEG (see storedImageType), upright, at most STORED_LONGEST_SIDE wide or tall. */
export type AcceptedImage = { ok: true; bytes: Buffer; width: number; height: number; detectedType: ImageType };
export type RefusedImage = { ok: false; message: string };

/**
 * Product photos are stored as JPEG: the /images renditions serve AVIF or WebP to the browsers that
 * take them, and JPEG (not a photo-sized PNG) to the rest. Transparency is flattened onto white, the
 * background of the shop's pages.
 */
export const storedImageType = { extension: "jpg", contentType: "image/jpeg" } as const;

const maxPixels = MAX_IMAGE_MEGAPIXELS * 1_000_000;

export const uploadMessages = {
  notAnImage: (name: string) => `Il file «${name}» non è un'immagine JPEG, PNG, WebP o AVIF.`,
  tooHeavy: (name: string, bytes: number) =>
    `Il file «${name}» pesa ${megabytes(bytes)} MB: il massimo è ${MAX_IMAGE_MEGABYTES} MB per immagine.`,
  tooManyPixels: (name: string, width: number, height: number) =>
    `L'immagine «${name}» è di ${width}×${height} pixel (${megapixels(width, height)} megapixel): il massimo è ${MAX_IMAGE_MEGAPIXELS} megapixel.`,
  unreadable: (name: string) => `Il file «${name}» non si riesce a leggere: forse è danneggiato o incompleto.`,
};

/** The type its first bytes show, or null for anything but the four accepted formats. */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const ascii = (start: number, end: number) => Buffer.from(bytes.subarray(start, end)).toString("latin1");
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  // An ISO media file (ftyp box) whose major or compatible brands name AVIF; HEIC and MP4 share the box.
  if (ascii(4, 8) === "ftyp") {
    const boxSize = Buffer.from(bytes.subarray(0, 4)).readUInt32BE(0);
    const end = Math.min(boxSize, bytes.length);
    const brands = [ascii(8, 12)];
    for (let offset = 16; offset + 4 <= end; offset += 4) brands.push(ascii(offset, offset + 4));
    if (brands.some((brand) => brand === "avif" || brand === "avis")) return "avif";
  }
  return null;
}

/** `bytes`, uploaded as `name`, checked and re-encoded for storing; or why not, in Italian. */
export async function acceptUpload(bytes: Uint8Array, name: string): Promise<AcceptedImage | RefusedImage> {
  if (bytes.length > maxImageBytes) return { ok: false, message: uploadMessages.tooHeavy(name, bytes.length) };
  const detectedType = detectImageType(bytes);
  if (!detectedType) return { ok: false, message: uploadMessages.notAnImage(name) };

  // The header alone: sharp reads the size without decoding the pixels. Its own pixel limit is lifted
  // here so a bomb gets the message below, with its size, instead of a generic refusal.
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, message: uploadMessages.notAnImage(name) };
  }
  if (!matchesDetected(metadata, detectedType)) return { ok: false, message: uploadMessages.notAnImage(name) };
  const width = metadata.width ?? 0;
  const height = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * height > maxPixels) return { ok: false, message: uploadMessages.tooManyPixels(name, width, height) };

  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: maxPixels, failOn: "error" })
      .rotate()
      .resize({
        width: STORED_LONGEST_SIDE,
        height: STORED_LONGEST_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .flatten({ background: "#ffffff" })
      .jpeg({ quality: 86, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { ok: true, bytes: data, width: info.width, height: info.height, detectedType };
  } catch {
    return { ok: false, message: uploadMessages.unreadable(name) };
  }
}

/** Whether the decoder agrees with the first bytes: a file cannot start as one format and be read as another. */
function matchesDetected(metadata: Metadata, detected: ImageType): boolean {
  if (detected === "avif") return metadata.format === "heif" && metadata.compression === "av1";
  return metadata.format === detected;
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toLocaleString("it-IT", { maximumFractionDigits: 1 });
}

function megapixels(width: number, height: number): string {
  return ((width * height) / 1_000_000).toLocaleString("it-IT", { maximumFractionDigits: 1 });
}

// Real image files for upload tests, made with sharp on the spot, and hostile ones.
import sharp from "sharp";

export type TestImageType = "jpeg" | "png" | "webp" | "avif";

/** A small picture of `width`×`height` in `type`, with a gradient so encoders have something to do. */
export async function testImage(type: TestImageType, { width = 300, height = 200 } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let index = 0; index < width * height; index++) {
    pixels[index * 3] = index % 256;
    pixels[index * 3 + 1] = (index / width) % 256;
    pixels[index * 3 + 2] = 128;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    [type]()
    .toBuffer();
}

/** An SVG that runs a script when opened from the shop's origin: what must never be stored. */
export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
);

/** An HTML page, to be uploaded as "x.png". */
export const htmlPage = Buffer.from("<!doctype html><html><body><script>alert(document.cookie)</script></body></html>");

/** A real 10000×5000 PNG (50 megapixels), cheap to make because it is one flat colour. */
export function fiftyMegapixelPng(): Promise<Buffer> {
  return sharp({ create: { width: 10_000, height: 5_000, channels: 3, background: "#ffffff" } })
    .png({ compressionLevel: 1 })
    .toBuffer();
}

/**
 * A PNG whose header claims 20000×20000 pixels followed by the pixel data of a 1×1 image: decoding it
 * would fail as damaged, so only a check of the header can give the megapixel message.
 */
export async function headerOnlyBomb(): Promise<Buffer> {
  const small = await sharp({ create: { width: 1, height: 1, channels: 3, background: "#000" } })
    .png()
    .toBuffer();
  // Signature (8) + IHDR chunk (4 length + 4 type + 13 data + 4 CRC) = 33 bytes.
  const bomb = Buffer.from(small);
  bomb.writeUInt32BE(20_000, 16);
  bomb.writeUInt32BE(20_000, 20);
  bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
  return bomb;
}

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

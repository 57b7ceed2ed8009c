import decodeQR from "@paulmillr/qr/decode.js";
import { describe, expect, it } from "vitest";
import { qrCode } from "./qr-code.server";

/** The path drawn as an RGBA image, `scale` pixels a module, as a browser would paint the SVG. */
function paint({ size, path }: { size: number; path: string }, scale = 4) {
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, length] of path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < Number(length) * scale; dx++) {
        const pixel = ((Number(y) * scale + dy) * width + Number(x) * scale + dx) * 4;
        data.fill(0, pixel, pixel + 3);
      }
    }
  }
  return { width, height: width, data };
}

describe("qrCode", () => {
  it("draws a QR code that a reader decodes back to the text", () => {
    const uri =
      "otpauth://totp/Vetrina:anna%40example.it?secret=MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43UOV3HO6DZPIYDCMRTGQ2Q&issuer=Vetrina&digits=6&period=30";
    const code = qrCode(uri);
    expect(code.path).toMatch(/^(M\d+ \d+h\d+v1h-\d+z)+$/);
    expect(decodeQR(paint(code))).toBe(uri);
  });
});

import encodeQR from "@paulmillr/qr";

/** A QR code as one SVG path of unit squares, on a `size` × `size` grid that includes the quiet zone. */
export type QrCode = { size: number; path: string };

/**
 * Drawn on the server, so the page needs no QR library and makes no request to show it: each row's
 * runs of dark modules become rectangles of one path.
 */
export function qrCode(text: string): QrCode {
  const modules = encodeQR(text, "raw", { ecc: "medium", border: 2 });
  let path = "";
  modules.forEach((row, y) => {
    let x = 0;
    while (x < row.length) {
      if (!row[x]) {
        x++;
        continue;
      }
      const start = x;
      while (row[x]) x++;
      path += `M${start} ${y}h${x - start}v1h${start - x}z`;
    }
  });
  return { size: modules.length, path };
}

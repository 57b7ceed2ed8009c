// Responsive renditions of the images under /files: the same picture at a few fixed widths, served by
// /images/... (see routes/images.ts). Shared by the server, which only renders these widths, and the
// pages, which list them in srcset.

/** The only widths /images renders, so the disk cache stays small and cannot be flooded. */
export const IMAGE_WIDTHS = [160, 320, 480, 640, 960, 1200] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

export function isImageWidth(value: number): value is ImageWidth {
  return (IMAGE_WIDTHS as readonly number[]).includes(value);
}

/** "/files/products/1/nero-0.svg" at 640 → "/images/products/1/nero-0.svg?w=640"; other URLs stay as they are. */
export function imageUrl(src: string, width: ImageWidth): string {
  if (!src.startsWith("/files/")) return src;
  return `/images/${src.slice("/files/".length)}?w=${width}`;
}

/** The srcset of every rendition up to `maxWidth`, or null when the image is not one of ours. */
export function imageSrcSet(src: string, maxWidth: number = Math.max(...IMAGE_WIDTHS)): string | null {
  if (!src.startsWith("/files/")) return null;
  return IMAGE_WIDTHS.filter((width) => width <= maxWidth)
    .map((width) => `${imageUrl(src, width)} ${width}w`)
    .join(", ");
}

import { useEffect, useRef, useState } from "react";
import { IMAGE_WIDTHS, imageSrcSet, imageUrl } from "~/modules/files/responsive-images";

// Shown when an image cannot be loaded (a failed image falls back to a placeholder): the shop's
// linen tone with a simple hanger, inline so it can never fail itself.
const placeholder = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 100" preserveAspectRatio="xMidYMid slice"><rect width="80" height="100" fill="#f4ede5"/><path d="M40 38a4 4 0 1 1 4-4c0 2-4 3-4 6l-16 11h32L40 40" fill="none" stroke="#c9b8ab" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"/></svg>',
)}`;

type ResponsiveImageProps = {
  /** A /files/... URL (served in responsive renditions) or any other image URL; null shows the placeholder. */
  src: string | null;
  alt: string;
  /** Intrinsic size, used for the aspect ratio so the page does not jump while images load. */
  width: number;
  height: number;
  /** How wide the image is drawn at each viewport, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes: string;
  /** The page's main image: loaded at once with high priority. Everything else loads when scrolled near. */
  priority?: boolean;
  className?: string;
};

export function ResponsiveImage({ src, alt, width, height, sizes, priority = false, className }: ResponsiveImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const ref = useRef<HTMLImageElement>(null);
  const failed = src === null || failedSrc === src;

  // An image that failed before React took over the page fired its error event too early to be seen.
  useEffect(() => {
    const image = ref.current;
    if (src && image?.complete && image.naturalWidth === 0) setFailedSrc(src);
  }, [src]);

  return (
    <img
      ref={ref}
      src={failed ? placeholder : imageUrl(src, IMAGE_WIDTHS[3])}
      srcSet={failed ? undefined : (imageSrcSet(src) ?? undefined)}
      sizes={failed ? undefined : sizes}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      onError={() => setFailedSrc(src)}
      className={className}
    />
  );
}

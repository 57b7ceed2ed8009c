import { type KeyboardEvent, useState } from "react";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { ProductImageView } from "~/modules/catalog/product-details.server";

// The product art is drawn at 800 × 1000.
const IMAGE_WIDTH = 800;
const IMAGE_HEIGHT = 1000;

/** The images of the chosen colour (plus those that fit every colour), or all of them when it has none. */
function imagesForColour(images: ProductImageView[], colorName: string | null): ProductImageView[] {
  const own = images.filter((image) => image.colorName === null || image.colorName === colorName);
  return own.length > 0 ? own : images;
}

/**
 * Main image and thumbnails. Thumbnails are buttons; with the main image focused, the left and right
 * arrow keys move through the images.
 */
export function ProductGallery({
  images,
  colorName,
  productName,
}: {
  images: ProductImageView[];
  colorName: string | null;
  productName: string;
}) {
  const shown = imagesForColour(images, colorName);
  const [selected, setSelected] = useState({ colorName, index: 0 });
  // A new colour starts again from its first image.
  const index = selected.colorName === colorName ? Math.min(selected.index, shown.length - 1) : 0;
  const current = shown[index];
  const select = (next: number) => setSelected({ colorName, index: (next + shown.length) % shown.length });

  function onKeyDown(event: KeyboardEvent) {
    if (shown.length < 2) return;
    if (event.key === "ArrowRight") select(index + 1);
    else if (event.key === "ArrowLeft") select(index - 1);
    else return;
    event.preventDefault();
  }

  return (
    <div className="flex flex-col gap-3">
      <section
        aria-roledescription="galleria"
        aria-label={shown.length > 1 ? `Immagine ${index + 1} di ${shown.length}` : "Immagine del prodotto"}
        tabIndex={shown.length > 1 ? 0 : undefined}
        onKeyDown={onKeyDown}
        className="overflow-hidden rounded-md bg-linen"
      >
        <ResponsiveImage
          key={current?.path ?? "none"}
          src={current?.path ?? null}
          alt={current?.alt || productName}
          width={IMAGE_WIDTH}
          height={IMAGE_HEIGHT}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
          priority
          className="aspect-[4/5] w-full object-cover"
        />
      </section>
      {shown.length > 1 && (
        <ul aria-label="Immagini del prodotto" className="grid grid-cols-5 gap-2">
          {shown.map((image, position) => (
            <li key={image.path}>
              <button
                type="button"
                onClick={() => select(position)}
                aria-label={`Mostra immagine ${position + 1}: ${image.alt || productName}`}
                aria-current={position === index ? "true" : undefined}
                className={`block w-full overflow-hidden rounded-sm border-2 ${
                  position === index ? "border-ink" : "border-transparent hover:border-sand"
                }`}
              >
                <ResponsiveImage
                  src={image.path}
                  alt=""
                  width={IMAGE_WIDTH}
                  height={IMAGE_HEIGHT}
                  sizes="120px"
                  className="aspect-[4/5] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

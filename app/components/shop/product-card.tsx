import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { crossedOutPriceCents } from "~/modules/catalog/crossed-out-price";
import type { ProductSummary } from "~/modules/catalog/listing.server";
import { formatEuro } from "~/modules/format/numbers";

type ProductCardProps = {
  product: ProductSummary;
  /** "grid": picture above the text; "list": picture beside it, with the colours named. */
  layout?: "grid" | "list";
  /** For the cards visible without scrolling: the picture loads at once instead of lazily. */
  priority?: boolean;
};

/** A product in a listing: picture, badges, name, brand and price, linking to its page. */
export function ProductCard({ product, layout = "grid", priority = false }: ProductCardProps) {
  const list = layout === "list";
  return (
    <article className={list ? "flex gap-4 sm:gap-6" : "flex flex-col"}>
      <div className={`relative shrink-0 ${list ? "w-28 sm:w-40" : "w-full"}`}>
        {/* The name below is the link for keyboards and screen readers; the picture repeats it for the mouse. */}
        <Link
          to={`/product/${product.id}`}
          prefetch="intent"
          className="group block overflow-hidden rounded-sm bg-linen"
          tabIndex={-1}
          aria-hidden
        >
          <ResponsiveImage
            src={product.image}
            alt=""
            width={600}
            height={800}
            sizes={list ? "160px" : cardSizes}
            priority={priority}
            className="aspect-[3/4] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </Link>
        <Badges product={product} />
      </div>
      <div className={list ? "flex min-w-0 flex-1 flex-col justify-center gap-1.5" : "mt-3 flex flex-col gap-1"}>
        <p className="text-xs tracking-[0.14em] text-ink-soft uppercase">{product.brand}</p>
        <h3 className={`font-sans leading-snug text-ink ${list ? "text-base sm:text-lg" : "text-sm sm:text-base"}`}>
          <Link to={`/product/${product.id}`} prefetch="intent" className="hover:text-wine hover:underline">
            {product.name}
          </Link>
        </h3>
        <Price product={product} />
        {list && product.colours.length > 0 && (
          <p className="text-sm text-ink-soft">{product.colours.map((colour) => colour.name).join(", ")}</p>
        )}
        <Swatches product={product} />
      </div>
    </article>
  );
}

// Two columns on phones, three on tablets, four on wide screens (see the /shop grid).
const cardSizes = "(min-width: 1280px) 300px, (min-width: 768px) 33vw, 50vw";

function Badges({ product }: { product: ProductSummary }) {
  const badges = [
    !product.inStock && { label: "Esaurito", className: "bg-ink text-ivory" },
    product.isNew && { label: "Novità", className: "bg-ivory text-ink" },
    product.isOutlet && { label: "Fine Serie", className: "bg-sale text-white" },
  ].filter((badge) => badge !== false);
  if (badges.length === 0) return null;
  return (
    <ul className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
      {badges.map((badge) => (
        <li
          key={badge.label}
          className={`rounded-sm px-2 py-0.5 text-[0.65rem] font-semibold tracking-[0.12em] uppercase ${badge.className}`}
        >
          {badge.label}
        </li>
      ))}
    </ul>
  );
}

function Price({ product }: { product: ProductSummary }) {
  if (product.priceCents === null) return <p className="text-sm text-ink">Prezzo su richiesta</p>;
  const crossedOut = crossedOutPriceCents(product);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
      <span className={`font-semibold ${crossedOut !== null ? "text-sale" : "text-ink"}`}>
        {formatEuro(product.priceCents)}
      </span>
      {crossedOut !== null && (
        <s className="text-ink-soft">
          <span className="sr-only">Prezzo originale </span>
          {formatEuro(crossedOut)}
        </s>
      )}
      {product.minQuantity > 1 && <span className="text-ink-soft">al pezzo</span>}
      {product.pricePerPack && <span className="text-ink-soft">({product.pricePerPack})</span>}
    </p>
  );
}

function Swatches({ product }: { product: ProductSummary }) {
  if (product.colours.length < 2) return null;
  return (
    <ul className="mt-1 flex gap-1.5" aria-label={`${product.colours.length} colori`}>
      {product.colours.map((colour) => (
        <li
          key={colour.name}
          title={colour.available ? colour.name : `${colour.name} (esaurito)`}
          className={`size-3 rounded-full border border-ink/20 ${colour.available ? "" : "opacity-40"}`}
          style={{ backgroundColor: colour.code }}
        >
          <span className="sr-only">{colour.name}</span>
        </li>
      ))}
    </ul>
  );
}

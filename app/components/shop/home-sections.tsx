import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { crossedOutPriceCents } from "~/modules/catalog/crossed-out-price";
import type { ProductSummary } from "~/modules/catalog/listing.server";
import { catalogMessages } from "~/modules/catalog/messages";
import type { CategoryTile } from "~/modules/catalog/showcase.server";
import { formatEuro } from "~/modules/format/numbers";
import { ProductGrid } from "./product-grid";
import { SectionMessage } from "./section-message";

const genderPaths = { Donna: "/donna", Uomo: "/uomo", Bambini: "/bambini" } as const;

function SectionHeading({ eyebrow, title, id }: { eyebrow: string; title: string; id: string }) {
  return (
    <div>
      <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">{eyebrow}</p>
      <h2 id={id} className="mt-3 text-3xl text-ink sm:text-4xl">
        {title}
      </h2>
    </div>
  );
}

/** A tile per gender, pictured by its newest product. */
export function CategoryTiles({ tiles, error }: { tiles: CategoryTile[]; error: string | null }) {
  return (
    <section aria-labelledby="categories-title" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
      <SectionHeading eyebrow="Le collezioni" title="Per lei, per lui, per i più piccoli" id="categories-title" />
      {error ? (
        <div className="mt-8">
          <SectionMessage tone="error" title={error} />
        </div>
      ) : (
        <ul className="mt-10 grid gap-4 sm:grid-cols-3 sm:gap-6">
          {tiles.map((tile) => (
            <li key={tile.gender}>
              <Link
                to={genderPaths[tile.gender]}
                className="group relative block aspect-[4/5] overflow-hidden rounded-sm bg-sand"
              >
                <ResponsiveImage
                  src={tile.image}
                  alt=""
                  width={600}
                  height={750}
                  sizes="(min-width: 640px) 33vw, 100vw"
                  className="size-full object-cover transition-transform duration-700 group-hover:scale-[1.04]"
                />
                <span className="absolute inset-x-0 bottom-0 flex items-center justify-between bg-gradient-to-t from-ink/70 to-transparent px-5 pt-16 pb-5 text-ivory">
                  <span className="font-display text-2xl sm:text-3xl">{tile.gender}</span>
                  <ArrowRight
                    aria-hidden
                    className="size-5 transition-transform group-hover:translate-x-1"
                    strokeWidth={1.5}
                  />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The six featured products: the new ones, then the newest. */
export function FeaturedProducts({ products, error }: { products: ProductSummary[]; error: string | null }) {
  return (
    <section aria-labelledby="featured-title" className="border-t border-sand">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <SectionHeading eyebrow="In evidenza" title="Le novità in negozio" id="featured-title" />
          <Link
            to="/shop"
            className="text-sm font-medium tracking-[0.14em] text-ink uppercase underline decoration-wine underline-offset-8 hover:text-wine"
          >
            Vedi tutto lo shop
          </Link>
        </div>
        <div className="mt-10">
          {error ? (
            <SectionMessage tone="error" title={error} />
          ) : products.length === 0 ? (
            <SectionMessage title={catalogMessages.noFeatured} />
          ) : (
            <ProductGrid products={products} columns={3} eagerCount={0} />
          )}
        </div>
      </div>
    </section>
  );
}

// An outlet product may be on the shelf at its usual price: no reference price to cross out then.

/** The outlet's promise and two of its products; hidden when there are none (or they failed to load). */
export function OutletPreview({ products }: { products: ProductSummary[] }) {
  if (products.length === 0) return null;
  return (
    <section aria-labelledby="outlet-title" className="bg-blush">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-[0.9fr_1.1fr] lg:py-20">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-sale uppercase">Outlet</p>
          <h2 id="outlet-title" className="mt-3 text-3xl text-ink sm:text-4xl">
            Fine Serie
          </h2>
          <p className="mt-4 max-w-md text-lg leading-relaxed text-ink-soft">
            Gli ultimi pezzi delle collezioni passate, a prezzo ribassato. Quando finiscono, non tornano.
          </p>
          <Link to="/outlet" className={`${buttonClass.primary} mt-8`}>
            Scopri le occasioni
          </Link>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:gap-6">
          {products.map((product) => (
            <li key={product.id}>
              <Link to={`/product/${product.id}`} prefetch="intent" className="group block">
                <span className="block overflow-hidden rounded-sm bg-ivory">
                  <ResponsiveImage
                    src={product.image}
                    alt=""
                    width={600}
                    height={800}
                    sizes="(min-width: 1024px) 300px, 50vw"
                    className="aspect-[3/4] w-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
                  />
                </span>
                <span className="mt-3 block text-sm text-ink group-hover:text-wine">{product.name}</span>
                <OutletPrice product={product} />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/** Red only beside a crossed-out reference price. */
function OutletPrice({ product }: { product: ProductSummary }) {
  if (product.priceCents === null) return null;
  const crossedOut = crossedOutPriceCents(product);
  return (
    <span className="mt-1 flex gap-2 text-sm">
      <span className={`font-semibold ${crossedOut !== null ? "text-sale" : "text-ink"}`}>
        {formatEuro(product.priceCents)}
      </span>
      {crossedOut !== null && (
        <s className="text-ink-soft">
          <span className="sr-only">Prezzo originale </span>
          {formatEuro(crossedOut)}
        </s>
      )}
    </span>
  );
}

import { CalendarHeart, Mail, MessageCircle, RotateCcw, Truck } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { ProductGallery } from "~/components/product/product-gallery";
import { ProductPurchase } from "~/components/product/product-purchase";
import { Stars } from "~/components/product/stars";
import { useNewsletterPopup } from "~/components/product/use-newsletter-popup";
import { ProductCard } from "~/components/shop/product-card";
import { useShopSettings } from "~/components/use-shop-settings";
import type { ProductSummary } from "~/modules/catalog/listing.server";
import type { ProductDetails } from "~/modules/catalog/product-details.server";
import {
  availableStock,
  clampQuantity,
  initialSelection,
  minimumQuantity,
  type Selection,
} from "~/modules/catalog/selection";
import { priceRequestPath } from "~/modules/contact/price-request";
import { formatDecimal, formatEuro } from "~/modules/format/numbers";
import { CARRIER_NAME, WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { whatsappLink } from "~/modules/shop/identity";

// The popup shows 2 seconds after the page opens, so its code is fetched then, not with the page.
const NewsletterPopup = lazy(() => import("~/components/product/newsletter-popup"));
// Below the fold: the server renders the reviews with the page, their code hydrates them once it arrives.
const ProductReviews = lazy(() => import("~/components/product/product-reviews"));

export function genderPath(gender: ProductDetails["gender"]): string {
  return `/${gender.toLowerCase()}`;
}

function Price({ product }: { product: ProductDetails }) {
  if (product.priceCents === null) {
    return (
      <div data-testid="product-price">
        <p className="text-2xl font-semibold text-ink">Prezzo su richiesta</p>
        <Link to={priceRequestPath(product.name)} className={`${linkClass} mt-1`}>
          <Mail aria-hidden className="size-4" strokeWidth={1.5} />
          Chiedi il prezzo
        </Link>
      </div>
    );
  }
  const discounted = product.originalPriceCents !== null;
  return (
    <div data-testid="product-price">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span data-testid="price" className={`text-2xl font-semibold ${discounted ? "text-sale" : "text-ink"}`}>
          {formatEuro(product.priceCents)}
        </span>
        {/* The price is always one piece's: the cart charges it per piece. */}
        {product.minQuantity > 1 && <span className="-ml-2 text-sm text-ink-soft">al pezzo</span>}
        {product.originalPriceCents !== null && (
          <s className="text-lg text-ink-soft">
            <span className="sr-only">Prezzo originale: </span>
            {formatEuro(product.originalPriceCents)}
          </s>
        )}
        {product.discountPercentage > 0 && (
          <span className="rounded-sm bg-sale px-2 py-0.5 text-xs font-semibold text-white">
            -{product.discountPercentage}%
          </span>
        )}
        {product.pricePerPack && <span className="text-sm text-ink-soft">({product.pricePerPack})</span>}
      </p>
      {product.minQuantity > 1 && (
        <p data-testid="pack-price" className="mt-1 text-sm text-ink">
          Si acquistano almeno {product.minQuantity} pezzi: {product.minQuantity} × {formatEuro(product.priceCents)} ={" "}
          {formatEuro(product.minQuantity * product.priceCents)}
        </p>
      )}
      {product.lowestPrice30DaysCents !== null && (
        <p className="mt-1 text-sm text-ink-soft">
          Prezzo più basso degli ultimi 30 giorni: {formatEuro(product.lowestPrice30DaysCents)}
        </p>
      )}
    </div>
  );
}

const accordionSummaryClass =
  "flex cursor-pointer list-none items-center justify-between py-4 text-sm font-medium tracking-[0.1em] text-ink uppercase hover:text-wine [&::-webkit-details-marker]:hidden after:text-lg after:content-['+'] group-open:after:content-['–']";

// Native disclosures: they open before JavaScript runs, and their text is part of the page for search engines.
function ProductInformation({ product }: { product: ProductDetails }) {
  const sections = [
    { value: "details", title: "Dettagli", body: product.details ? <p>{product.details}</p> : null },
    { value: "composition", title: "Composizione", body: product.composition ? <p>{product.composition}</p> : null },
    {
      value: "washing",
      title: "Lavaggio",
      body:
        product.washing.length > 0 ? (
          <ul className="list-disc space-y-1 pl-5">
            {product.washing.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        ) : null,
    },
  ].filter((section) => section.body !== null);

  return (
    <div className="divide-y divide-sand border-y border-sand">
      {sections.map((section) => (
        <details key={section.value} className="group">
          <summary className={accordionSummaryClass}>{section.title}</summary>
          <div className="pb-5 leading-relaxed text-ink-soft">{section.body}</div>
        </details>
      ))}
    </div>
  );
}

const linkClass =
  "inline-flex items-center gap-2 text-sm text-ink underline decoration-wine/50 underline-offset-4 hover:text-wine";

function ProductView({ product, url }: { product: ProductDetails; url: string }) {
  const [selection, setSelection] = useState(() => initialSelection(product));
  const [quantity, setQuantity] = useState(() => minimumQuantity(product));
  const { shop, shipping } = useShopSettings();

  /** Another colour or size, or a typed quantity: the quantity stays between 1 and the stock of what is chosen. */
  function choose(next: Selection, nextQuantity = quantity) {
    setSelection(next);
    setQuantity(clampQuantity(nextQuantity, product, availableStock(product, next)));
  }

  return (
    <div className="grid gap-10 lg:grid-cols-2 lg:gap-16">
      <div className="lg:sticky lg:top-24 lg:self-start">
        <ProductGallery
          images={product.images}
          colorName={selection.color ?? product.colors[0]?.name ?? null}
          productName={product.name}
        />
      </div>

      <div className="flex flex-col gap-8">
        <div>
          <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">{product.brand}</p>
          <h1 className="mt-2 text-3xl leading-tight text-ink sm:text-4xl">{product.name}</h1>
          {product.rating !== null && (
            <a href="#recensioni" className="mt-3 inline-flex items-center gap-2 text-sm text-ink-soft hover:text-ink">
              <Stars rating={product.rating} />
              {formatDecimal(product.rating)} ({product.reviewCount}{" "}
              {product.reviewCount === 1 ? "recensione" : "recensioni"})
            </a>
          )}
          <div className="mt-5">
            <Price product={product} />
          </div>
          {product.inStock <= 0 && (
            <p className="mt-3 inline-block rounded-sm bg-ink px-2 py-0.5 text-xs font-semibold tracking-[0.12em] text-ivory uppercase">
              Esaurito
            </p>
          )}
        </div>

        <ProductPurchase
          product={product}
          selection={selection}
          onSelectionChange={(next) => choose(next)}
          quantity={quantity}
          onQuantityChange={(next) => choose(selection, next)}
          onHydrated={(choices) => choose(choices.selection, choices.quantity ?? quantity)}
        />

        <ul className="flex flex-col gap-2 text-sm text-ink">
          <li className="flex items-center gap-3">
            <Truck aria-hidden className="size-5 text-wine" strokeWidth={1.5} />
            {shipping.freeShippingThresholdCents === null
              ? `Spedizione con ${CARRIER_NAME}: ${formatEuro(shipping.feeCents)}`
              : `Spedizione gratuita per ordini da ${formatEuro(shipping.freeShippingThresholdCents)}`}
          </li>
          <li className="flex items-center gap-3">
            <RotateCcw aria-hidden className="size-5 text-wine" strokeWidth={1.5} />
            Reso entro {WITHDRAWAL_DAYS} giorni dalla consegna
          </li>
        </ul>

        {product.description && <p className="leading-relaxed text-ink-soft">{product.description}</p>}

        <ProductInformation product={product} />

        <div className="flex flex-col gap-3 rounded-md bg-blush p-5">
          <p className="text-sm text-ink">Hai un dubbio sulla taglia? Le nostre consulenti ti aiutano.</p>
          <a
            href={whatsappLink(`Ciao! Vorrei un'informazione su "${product.name}" (${url}).`, shop.whatsappNumber)}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
          >
            <MessageCircle aria-hidden className="size-4" strokeWidth={1.5} />
            Chiedi su WhatsApp
          </a>
          <a href={shop.sizeConsultationBookingUrl} target="_blank" rel="noopener noreferrer" className={linkClass}>
            <CalendarHeart aria-hidden className="size-4" strokeWidth={1.5} />
            Prenota una consulenza taglia in negozio
          </a>
        </div>
      </div>
    </div>
  );
}

export function ProductPage({
  product,
  related,
  url,
}: {
  product: ProductDetails;
  related: ProductSummary[];
  url: string;
}) {
  const popup = useNewsletterPopup();

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <nav aria-label="Percorso" className="mb-6 text-sm text-ink-soft">
        <ol className="flex flex-wrap items-center gap-2">
          <li>
            <Link to="/" className="hover:text-ink">
              Home
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li>
            <Link to="/shop" className="hover:text-ink">
              Shop
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li>
            <Link to={genderPath(product.gender)} className="hover:text-ink">
              {product.gender}
            </Link>
          </li>
          <li aria-hidden>›</li>
          <li aria-current="page" className="text-ink">
            {product.name}
          </li>
        </ol>
      </nav>

      {/* A new product starts from its own first colour, size and quantity. */}
      <ProductView key={product.id} product={product} url={url} />

      <section id="recensioni" aria-label="Recensioni" className="mt-20 scroll-mt-24">
        <Suspense>
          <ProductReviews reviews={product.reviews} rating={product.rating} />
        </Suspense>
      </section>

      {related.length > 0 && (
        <section aria-labelledby="related-title" className="mt-20">
          <h2 id="related-title" className="text-2xl text-ink sm:text-3xl">
            Potrebbe piacerti anche
          </h2>
          <ul className="mt-8 grid grid-cols-2 gap-x-4 gap-y-10 lg:grid-cols-4">
            {related.map((item) => (
              <li key={item.id}>
                <ProductCard product={item} />
              </li>
            ))}
          </ul>
        </section>
      )}

      {popup.open && (
        <Suspense>
          <NewsletterPopup onClose={popup.close} />
        </Suspense>
      )}
    </div>
  );
}

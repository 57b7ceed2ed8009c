import { RotateCcw, Ruler, Store, Truck } from "lucide-react";
import { Link } from "react-router";
import { NewsletterSection } from "~/components/layout/newsletter-form";
import { CategoryTiles, FeaturedProducts, OutletPreview } from "~/components/shop/home-sections";
import { ReviewCarousel } from "~/components/shop/review-carousel";
import { ShopWindowArt } from "~/components/shop/shop-window-art";
import { StoreRating } from "~/components/shop/store-rating";
import { buttonClass } from "~/components/ui/button";
import { metaSettings, useShopSettings } from "~/components/use-shop-settings";
import { catalogMessages } from "~/modules/catalog/messages";
import { getCategoryTiles, getFeaturedProducts, getOutletPreview } from "~/modules/catalog/showcase.server";
import { formatEuro } from "~/modules/format/numbers";
import { customerReviews } from "~/modules/marketing/customer-reviews";
import { shopAdvisers, shopStory } from "~/modules/marketing/story";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { storeJsonLd } from "~/modules/seo/structured-data";
import type { ShippingSettings } from "~/modules/settings/settings";
import { shopIdentity } from "~/modules/settings/shop-settings";
import { CARRIER_NAME, WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { formatAddress, type ShopIdentity } from "~/modules/shop/identity";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { optionalPart } from "~/optional-part.server";
import { services } from "~/services.server";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = services(context);
  // Each window on the catalogue fails on its own: the rest of the home page still shows.
  const [tiles, featured, outlet] = await Promise.all([
    optionalPart(getCategoryTiles(db), null, "home category tiles failed"),
    optionalPart(getFeaturedProducts(db), null, "home featured products failed"),
    // A failed outlet preview only hides it.
    optionalPart(getOutletPreview(db), [], "outlet preview failed"),
  ]);
  return { canonicalUrl: absoluteUrl("/"), tiles, featured, outlet };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const shop = shopIdentity(metaSettings(matches));
  return [
    ...pageMeta(
      shop.tagline,
      `${shop.name}, negozio di intimo e abbigliamento a ${shop.address.town} dal ${shop.foundedYear}: lingerie, pigiameria, costumi e abbigliamento per donna, uomo e bambini. Acquista online o passa in negozio.`,
    ),
    ...(loaderData ? canonicalMeta(loaderData.canonicalUrl) : []),
    { "script:ld+json": storeJsonLd(shop) },
  ];
}

const promisesOf = (shop: ShopIdentity, shipping: ShippingSettings) => [
  shipping.freeShippingThresholdCents === null
    ? {
        icon: Truck,
        title: "Spedizione in tutta Italia",
        text: `Con ${CARRIER_NAME}, ${formatEuro(shipping.feeCents)}`,
      }
    : {
        icon: Truck,
        title: "Spedizione gratuita",
        text: `Per ordini da ${formatEuro(shipping.freeShippingThresholdCents)}`,
      },
  { icon: RotateCcw, title: `Reso entro ${WITHDRAWAL_DAYS} giorni`, text: "Semplice e senza pensieri" },
  { icon: Store, title: "Ritiro in negozio", text: `Gratuito, a ${shop.address.town}` },
  { icon: Ruler, title: "Consulenza taglia", text: "Su appuntamento, in negozio" },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { tiles, featured, outlet } = loaderData;
  const { shop, shipping } = useShopSettings();
  const promises = promisesOf(shop, shipping);
  return (
    <>
      <section className="overflow-hidden bg-linen">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:px-6 md:grid-cols-[1.1fr_0.9fr] md:py-20 lg:py-24">
          <div>
            <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">
              Dal {shop.foundedYear} a {shop.address.town}
            </p>
            <h1 className="mt-4 text-4xl leading-[1.1] text-ink sm:text-5xl lg:text-6xl">
              La bellezza comincia da ciò che indossi per te.
            </h1>
            <p className="mt-6 max-w-lg text-lg leading-relaxed text-ink-soft">
              Intimo, pigiameria, costumi e abbigliamento per donna, uomo e bambini, scelti uno per uno dal nostro
              negozio di famiglia. Con il consiglio di chi ti conosce, anche online.
            </p>
            <div className="mt-9 flex flex-col gap-3 sm:flex-row">
              <Link to="/shop" className={buttonClass.primary}>
                Scopri la collezione
              </Link>
              <Link to="/chi-siamo" className={buttonClass.secondary}>
                Chi siamo
              </Link>
            </div>
            <StoreRating className="mt-9" />
          </div>
          <ShopWindowArt className="mx-auto w-full max-w-sm md:max-w-md" />
        </div>
      </section>

      <section aria-label="I nostri servizi" className="border-b border-sand">
        <ul className="mx-auto grid max-w-7xl grid-cols-2 gap-x-4 gap-y-8 px-4 py-10 sm:px-6 lg:grid-cols-4">
          {promises.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col items-center gap-2 text-center sm:flex-row sm:text-left">
              <Icon aria-hidden className="size-6 shrink-0 text-wine" strokeWidth={1.25} />
              <div>
                <p className="text-sm font-semibold text-ink">{title}</p>
                <p className="text-sm text-ink-soft">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <CategoryTiles tiles={tiles ?? []} error={tiles ? null : catalogMessages.categoriesLoadFailed} />
      <FeaturedProducts products={featured ?? []} error={featured ? null : catalogMessages.featuredLoadFailed} />
      <OutletPreview products={outlet} />

      <section aria-labelledby="about-title" className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28">
        <div className="grid gap-12 lg:grid-cols-2 lg:gap-20">
          <div>
            <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">Il nostro negozio</p>
            <h2 id="about-title" className="mt-3 text-3xl leading-tight text-ink sm:text-4xl">
              Un negozio di famiglia, da oltre quarant'anni
            </h2>
          </div>
          <div className="space-y-5 text-lg leading-relaxed text-ink-soft">
            <p>{shopStory[0]}</p>
            <p>{shopAdvisers}</p>
            <div className="flex flex-col gap-4 pt-2 sm:flex-row sm:items-center sm:gap-8">
              <Link
                to="/chi-siamo"
                className="text-sm font-medium tracking-[0.14em] text-ink uppercase underline decoration-wine underline-offset-8 hover:text-wine"
              >
                La nostra storia
              </Link>
              <Link
                to="/contact"
                className="text-sm font-medium tracking-[0.14em] text-ink uppercase underline decoration-wine underline-offset-8 hover:text-wine"
              >
                Vieni a trovarci
              </Link>
            </div>
            <p className="text-sm">{formatAddress(shop.address)}</p>
          </div>
        </div>
      </section>

      <ReviewCarousel reviews={customerReviews} />
      <NewsletterSection variant="home" />
    </>
  );
}

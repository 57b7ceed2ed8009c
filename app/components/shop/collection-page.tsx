import { useLayoutEffect, useRef } from "react";
import { Form, type MetaDescriptor, useNavigate } from "react-router";
import { PageHeader } from "~/components/layout/page-header";
import { useHydrated } from "~/components/use-hydrated";
import { ALL, type CatalogFilters, priceBucketLabels } from "~/modules/catalog/filters";
import type { ProductSummary } from "~/modules/catalog/listing.server";
import { catalogMessages, productCountText } from "~/modules/catalog/messages";
import { formatInteger } from "~/modules/format/numbers";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { breadcrumbJsonLd } from "~/modules/seo/structured-data";
import { PRICE_BUCKETS } from "~/modules/shop/constants";
import { ProductGrid } from "./product-grid";
import { SectionMessage } from "./section-message";

/** What the collection routes' loaders return (see routes/collections.server.ts). */
export type CollectionPageData = {
  kind: "gender" | "section";
  eyebrow: string;
  title: string;
  intro: string;
  canonicalUrl: string;
  homeUrl: string;
  /** The price bucket of a gender page's select. */
  price: CatalogFilters["price"];
  products: ProductSummary[];
  totalCount: number;
  error: string | null;
};

export function collectionMeta(page: CollectionPageData | undefined): MetaDescriptor[] {
  if (!page) return [];
  return [
    ...pageMeta(page.kind === "gender" ? `${page.title}: intimo e abbigliamento` : page.title, page.intro),
    ...canonicalMeta(page.canonicalUrl),
    {
      "script:ld+json": breadcrumbJsonLd([
        { name: "Home", url: page.homeUrl },
        { name: page.title, url: page.canonicalUrl },
      ]),
    },
  ];
}

/** /donna, /uomo, /bambini (with their price select), /outlet and /nuova-collezione. */
export function CollectionPage(page: CollectionPageData) {
  return (
    <>
      <PageHeader eyebrow={page.eyebrow} title={page.title}>
        <p>{page.intro}</p>
      </PageHeader>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
        {page.kind === "gender" && <PriceSelect price={page.price} />}
        <CollectionProducts {...page} />
      </div>
    </>
  );
}

function PriceSelect({ price }: { price: CatalogFilters["price"] }) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const select = useRef<HTMLSelectElement>(null);
  const choose = (value: string) =>
    navigate(value === ALL ? "." : `?price=${value}`, { replace: true, preventScrollReset: true });
  // A price picked while the page's JavaScript was still loading is in the select but was never
  // applied: applied once the page is interactive (shop.tsx does the same for its filters).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page the server rendered comes alive
  useLayoutEffect(() => {
    const picked = select.current?.value;
    if (picked !== undefined && picked !== price) void choose(picked);
  }, []);
  return (
    <Form method="get" className="mb-8 flex items-center gap-3" preventScrollReset>
      <label htmlFor="price" className="text-xs font-semibold tracking-[0.18em] text-ink uppercase">
        Prezzo
      </label>
      <select
        id="price"
        name="price"
        // Keyed by the applied price, so that the select shows it again once the new list arrives.
        key={price}
        defaultValue={price}
        ref={select}
        onChange={(event) => void choose(event.currentTarget.value)}
        className="rounded-sm border border-sand bg-ivory px-3 py-2 text-sm text-ink"
      >
        <option value={ALL}>Tutti i prezzi</option>
        {PRICE_BUCKETS.map((bucket) => (
          <option key={bucket} value={bucket}>
            {priceBucketLabels[bucket]}
          </option>
        ))}
      </select>
      {!hydrated && (
        <button type="submit" className="rounded-sm border border-ink px-3 py-2 text-xs tracking-[0.1em] uppercase">
          Mostra
        </button>
      )}
    </Form>
  );
}

function CollectionProducts({ kind, products, totalCount, error }: CollectionPageData) {
  if (error) return <SectionMessage tone="error" title={error} />;
  if (products.length === 0) {
    return kind === "gender" ? (
      <SectionMessage title={catalogMessages.noSelectionResults} />
    ) : (
      <SectionMessage title={catalogMessages.emptySection}>{catalogMessages.emptySectionHint}</SectionMessage>
    );
  }
  return (
    <>
      {/* The cards' names are h3: screen readers' heading list goes h1 → h2 → h3, as on /shop. */}
      <h2 className="sr-only">Prodotti</h2>
      <p className="mb-6 text-sm text-ink-soft" data-testid="product-count">
        {products.length < totalCount
          ? `${productCountText(products.length)} su ${formatInteger(totalCount)}`
          : productCountText(totalCount)}
      </p>
      <ProductGrid products={products} />
    </>
  );
}

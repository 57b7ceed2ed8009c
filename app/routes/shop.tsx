import { LayoutGrid, List } from "lucide-react";
import { type ReactNode, type Ref, Suspense, useEffect, useLayoutEffect, useRef, useState } from "react";
import {
  data,
  Link,
  redirect,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigationType,
} from "react-router";
import { lazyRendered } from "~/components/lazy-rendered";
import { ProductGrid, type ProductLayout } from "~/components/shop/product-grid";
import { SectionMessage } from "~/components/shop/section-message";
import { FILTERS_ID, FilterPanel, FilterToggle } from "~/components/shop/shop-filters";
import { useInfiniteProducts } from "~/components/shop/use-infinite-products";
import { useHydrated } from "~/components/use-hydrated";
import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";
import { type CatalogFacets, getCatalogFacets } from "~/modules/catalog/facets.server";
import {
  ALL,
  type CatalogFilters,
  checkFilterValues,
  filtersToRequestParams,
  filtersToSearchParams,
  listsFromHistoryState,
  parseFilters,
  sortLabels,
  type UnknownFilterValue,
} from "~/modules/catalog/filters";
import { InvalidCursorError, listProducts } from "~/modules/catalog/listing.server";
import { catalogMessages, loadFailureDetails, productCountText } from "~/modules/catalog/messages";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { breadcrumbJsonLd } from "~/modules/seo/structured-data";
import { SORT_OPTIONS } from "~/modules/shop/constants";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { services } from "~/services.server";
import type { Route } from "./+types/shop";

// Only a search that found nothing shows it: its code is fetched apart from the page's.
const NoSearchResults = lazyRendered(() =>
  import("~/components/shop/no-search-results").then((module) => module.NoSearchResults),
);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const cursor = url.searchParams.get("cursor");
  const base = { origin: absoluteUrl(""), filters, cursor };
  const [facets, listing] = await Promise.all([
    getCatalogFacets(db).catch((error: unknown): CatalogFacets => {
      if (isDatabaseUnavailable(error)) throw error;
      logger.error({ err: error }, "catalogue facets failed");
      return { subcategories: [], colours: [], sizes: [], brands: [] };
    }),
    listProducts(db, filters, { cursor }).then(
      (page) => ({ page, error: null }),
      (error: unknown) => ({ page: null, error }),
    ),
  ]);
  // A value in another case ('?category=donna') moves to the catalogue's own spelling.
  const { canonical } = checkFilterValues(url.searchParams, facets);
  if (canonical) throw redirect(`/shop?${canonical}`);
  if (listing.error instanceof InvalidCursorError) {
    // A mangled or outdated "next page" address: the same list from its top.
    const search = filtersToRequestParams(filters).toString();
    throw redirect(`/shop${search ? `?${search}` : ""}`);
  }
  // Without the database the page is the shop's 503 page, not the catalogue's own error.
  if (isDatabaseUnavailable(listing.error)) throw listing.error;
  if (listing.error) {
    logger.error({ err: listing.error, url: request.url }, "catalogue listing failed");
    return data(
      { ...base, facets, page: null, loadError: catalogMessages.loadFailed(loadFailureDetails.server) },
      { status: 500 },
    );
  }
  return { ...base, facets, page: listing.page, loadError: null };
}

// Later filter changes stay on /shop and load their pages from /api/catalogo: the loader (first page
// and filter choices) only runs again when arriving from another page or submitting a form.
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false;
  return defaultShouldRevalidate;
}

export function meta({ loaderData, location }: Route.MetaArgs) {
  const origin = loaderData?.origin ?? "";
  const filters = parseFilters(new URLSearchParams(location.search));
  const gender = filters.category === ALL ? null : filters.category;
  const title = filters.search ? `Risultati per “${filters.search}”` : gender ? `Shop ${gender}` : "Shop";
  // Gender and subcategory make a real landing page; other filters, sorting and search are variations of it.
  const canonical = new URLSearchParams();
  if (gender) canonical.set("category", gender);
  if (filters.subcategory !== ALL) canonical.set("subcategory", filters.subcategory);
  const canonicalUrl = `${origin}/shop${canonical.size > 0 ? `?${canonical}` : ""}`;
  return [
    ...pageMeta(
      title,
      `Intimo, pigiameria, costumi e abbigliamento${gender ? ` ${gender.toLowerCase()}` : " per donna, uomo e bambini"}: filtra per categoria, taglia, colore, marca e prezzo.`,
    ),
    ...canonicalMeta(canonicalUrl),
    ...(filters.search ? [{ name: "robots", content: "noindex, follow" }] : []),
    {
      "script:ld+json": breadcrumbJsonLd([
        { name: "Home", url: `${origin}/` },
        { name: "Shop", url: `${origin}/shop` },
        ...(gender ? [{ name: gender, url: canonicalUrl }] : []),
      ]),
    },
  ];
}

export default function Shop({ loaderData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const [layout, setLayout] = useState<ProductLayout>("grid");
  const [drawerOpen, setDrawerOpen] = useState(false);
  const drawer = { open: drawerOpen, setOpen: setDrawerOpen };

  // Sizes and brands stay out of the URL (spec, section 4): they travel in the history entry's state,
  // so Back restores them, and any other way of reaching the page starts without them.
  const filters: CatalogFilters = {
    ...parseFilters(new URLSearchParams(location.search)),
    ...listsFromHistoryState(location.state),
  };
  const cursor = new URLSearchParams(location.search).get("cursor");
  const query = filtersToRequestParams(filters, cursor).toString();
  const serverQuery = filtersToRequestParams(loaderData.filters, loaderData.cursor).toString();
  const list = useInfiniteProducts(
    query,
    { query: serverQuery, page: loaderData.page, error: loaderData.loadError },
    location.key,
    navigationType === "POP",
  );
  // Values the catalogue does not have ('?category=Foo'): no products, and the way back.
  const unknownFilters = checkFilterValues(new URLSearchParams(location.search), loaderData.facets).unknown;

  // The address changes only once the new list has loaded: until then the controls start from the
  // shopper's last choice, so a second choice made meanwhile (a sort after a category) keeps the first.
  const [chosen, setChosen] = useState<CatalogFilters | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address (ours, or Back) is the truth again
  useEffect(() => setChosen(null), [location.key]);
  const controlFilters = chosen ?? filters;

  function apply(next: CatalogFilters) {
    setChosen(next);
    const search = filtersToSearchParams(next).toString();
    navigate(`/shop${search ? `?${search}` : ""}`, {
      replace: true,
      preventScrollReset: true,
      state: { sizes: next.sizes, brands: next.brands },
    });
  }
  const onApply = hydrated ? apply : undefined;

  // A sort or filter picked while the page's JavaScript was still loading (seconds, on a slow phone)
  // is in the forms but was never applied: read once the page is interactive, before React's first
  // render puts the forms back to the address's filters, and applied then.
  const filterForm = useRef<HTMLFormElement>(null);
  const sortForm = useRef<HTMLFormElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page the server rendered comes alive
  useLayoutEffect(() => {
    // Reached from another page, the forms were rendered in the browser: nothing picked before.
    if (hydrated || !filterForm.current || !sortForm.current) return;
    if (!changedByHand(filterForm.current) && !changedByHand(sortForm.current)) return;
    const picked = filtersInForms(filterForm.current, sortForm.current);
    if (filtersToRequestParams(picked).toString() === filtersToRequestParams(filters).toString()) return;
    // The phone's drawer, opened through #filtri, stays open.
    if (window.location.hash === `#${FILTERS_ID}`) setDrawerOpen(true);
    apply(picked);
  }, []);

  const heading = filters.search
    ? `Risultati per “${filters.search}”`
    : filters.category === ALL
      ? "Shop"
      : filters.category;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 lg:pt-14">
      <header className="border-b border-sand pb-6">
        <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">Il nostro catalogo</p>
        {/* A long search term breaks anywhere rather than widening the page. */}
        <h1 className="mt-2 text-3xl wrap-anywhere text-ink sm:text-4xl">{heading}</h1>
      </header>

      <div className="mt-8 lg:grid lg:grid-cols-[15rem_1fr] lg:gap-10">
        <FilterPanel
          facets={loaderData.facets}
          filters={controlFilters}
          onApply={onApply}
          drawer={drawer}
          formRef={filterForm}
        />

        <section aria-labelledby="shop-products-heading">
          {/* The cards' names are h3: on phones the filters' h2 is in the closed drawer. */}
          <h2 id="shop-products-heading" className="sr-only">
            Prodotti
          </h2>
          <div className="flex flex-wrap items-center justify-between gap-3 pb-6">
            <p className="text-sm text-ink-soft" aria-live="polite" data-testid="product-count">
              {unknownFilters.length > 0
                ? productCountText(0)
                : list.products.length > 0 || list.status === "ready"
                  ? productCountText(list.totalCount)
                  : ""}
            </p>
            <div className="flex items-center gap-2">
              <FilterToggle filters={filters} drawer={drawer} hydrated={hydrated} />
              <SortForm filters={controlFilters} onApply={onApply} formRef={sortForm} />
              <fieldset className="hidden items-center sm:flex">
                <legend className="sr-only">Visualizzazione</legend>
                <LayoutButton label="Griglia" active={layout === "grid"} onClick={() => setLayout("grid")}>
                  <LayoutGrid aria-hidden className="size-4" strokeWidth={1.5} />
                </LayoutButton>
                <LayoutButton label="Elenco" active={layout === "list"} onClick={() => setLayout("list")}>
                  <List aria-hidden className="size-4" strokeWidth={1.5} />
                </LayoutButton>
              </fieldset>
            </div>
          </div>

          {unknownFilters.length > 0 ? (
            <UnknownFilters values={unknownFilters} />
          ) : (
            <Results
              list={list}
              layout={layout}
              nextPageHref={nextPageHref(filters, list.nextCursor)}
              hydrated={hydrated}
              noResults={
                filters.search ? (
                  <Suspense>
                    <NoSearchResults filters={filters} suggestions={list.suggestions} />
                  </Suspense>
                ) : undefined
              }
            />
          )}
        </section>
      </div>
    </div>
  );
}

function nextPageHref(filters: CatalogFilters, cursor: string | null): string | null {
  return cursor ? `/shop?${filtersToRequestParams(filters, cursor)}` : null;
}

function Results({
  list,
  layout,
  nextPageHref,
  hydrated,
  noResults,
}: {
  list: ReturnType<typeof useInfiniteProducts>;
  layout: ProductLayout;
  nextPageHref: string | null;
  hydrated: boolean;
  /** What an empty list offers besides the spec's message (a search's way out). */
  noResults?: ReactNode;
}) {
  if (list.products.length === 0) {
    if (list.status === "error") return <LoadError message={list.error} onRetry={list.retry} />;
    if (list.status === "loading") return <p className="py-16 text-center text-ink-soft">Caricamento dei prodotti…</p>;
    return (
      <>
        <SectionMessage title={catalogMessages.noFilterResults} />
        {noResults}
      </>
    );
  }
  return (
    <>
      <ProductGrid products={list.products} layout={layout} columns={3} eagerCount={layout === "list" ? 2 : 3} />
      <div className="mt-12 flex flex-col items-center gap-4 text-center">
        {list.status === "error" && <LoadError message={list.error} onRetry={list.retry} />}
        {list.status === "loading" && <p className="text-sm text-ink-soft">Caricamento di altri prodotti…</p>}
        {list.nextCursor === null ? (
          <p className="text-sm text-ink-soft">{catalogMessages.endOfList}</p>
        ) : hydrated ? (
          <LoadMoreSentinel onVisible={list.loadMore} />
        ) : (
          nextPageHref && (
            // Before JavaScript (and for crawlers): the next page as a plain link.
            <Link to={nextPageHref} className="text-sm text-ink underline underline-offset-4 hover:text-wine">
              Mostra altri prodotti
            </Link>
          )
        )}
      </div>
    </>
  );
}

/** Loads the next page as soon as the end of the list comes near; a button does the same for keyboards. */
function LoadMoreSentinel({ onVisible }: { onVisible: () => void }) {
  const sentinel = useRef<HTMLDivElement>(null);
  // `onVisible` changes with every page loaded, so the observer starts anew and, if the sentinel is
  // still in view (a short page), asks for one more.
  useEffect(() => {
    const element = sentinel.current;
    if (!element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: "600px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [onVisible]);
  return (
    <div ref={sentinel} data-testid="load-more-sentinel">
      <button
        type="button"
        onClick={onVisible}
        className="text-sm text-ink underline underline-offset-4 hover:text-wine"
      >
        Mostra altri prodotti
      </button>
    </div>
  );
}

function UnknownFilters({ values }: { values: UnknownFilterValue[] }) {
  return (
    <SectionMessage title={catalogMessages.noFilterResults}>
      {values.map(({ label, value, without }) => (
        <p key={`${label}=${value}`} className="mt-1">
          {label} “{value}”: non c'è nel catalogo.{" "}
          <Link
            to={`/shop${without.size > 0 ? `?${without}` : ""}`}
            className="underline underline-offset-4 hover:text-wine"
          >
            Togli questo filtro
          </Link>
        </p>
      ))}
    </SectionMessage>
  );
}

function LoadError({ message, onRetry }: { message: string | null; onRetry: () => void }) {
  return (
    <SectionMessage tone="error" title={message ?? ""}>
      <button type="button" onClick={onRetry} className="mt-2 underline underline-offset-4 hover:text-wine">
        Riprova
      </button>
    </SectionMessage>
  );
}

/** Whether a control of the form differs from the page the server rendered (its default). */
function changedByHand(form: HTMLFormElement): boolean {
  return Array.from(form.elements).some((element) => {
    if (element instanceof HTMLInputElement) return element.checked !== element.defaultChecked;
    if (!(element instanceof HTMLSelectElement)) return false;
    // Without a default, a select shows its first option.
    const defaultIndex = Math.max(
      0,
      Array.from(element.options).findIndex((option) => option.defaultSelected),
    );
    return element.selectedIndex !== defaultIndex;
  });
}

/** The filters the forms show: the shopper's choices, applied or not. */
function filtersInForms(filterForm: HTMLFormElement, sortForm: HTMLFormElement): CatalogFilters {
  const params = new URLSearchParams();
  for (const [name, value] of new FormData(filterForm)) params.append(name, String(value));
  params.set("sort", String(new FormData(sortForm).get("sort")));
  return parseFilters(params);
}

function SortForm({
  filters,
  onApply,
  formRef,
}: {
  filters: CatalogFilters;
  onApply?: (filters: CatalogFilters) => void;
  formRef: Ref<HTMLFormElement>;
}) {
  // The other filters ride along as hidden fields so that, before JavaScript, sorting keeps them.
  const others = filtersToRequestParams({ ...filters, sort: "created_at_desc" });
  return (
    <form ref={formRef} method="get" action="/shop" className="flex items-center gap-2">
      {[...others].map(([name, value]) => (
        <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="sort" className="sr-only">
        Ordina per
      </label>
      <select
        id="sort"
        name="sort"
        value={filters.sort}
        onChange={(event) => onApply?.({ ...filters, sort: event.currentTarget.value as CatalogFilters["sort"] })}
        className="rounded-sm border border-sand bg-ivory px-3 py-2 text-sm text-ink"
      >
        {SORT_OPTIONS.map((option) => (
          <option key={option} value={option}>
            {filters.search && option === "created_at_desc" ? "Più pertinenti" : sortLabels[option]}
          </option>
        ))}
      </select>
      {!onApply && (
        <button type="submit" className="rounded-sm border border-ink px-3 py-2 text-xs tracking-[0.1em] uppercase">
          Ordina
        </button>
      )}
    </form>
  );
}

function LayoutButton({
  label,
  active,
  onClick,
  children,
}: {
  label: string;
  active: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      aria-pressed={active}
      onClick={onClick}
      className={`flex size-9 items-center justify-center rounded-sm ${active ? "bg-ink text-ivory" : "text-ink hover:bg-linen"}`}
    >
      {children}
    </button>
  );
}

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { ShopPage } from "~/components/shop/shop-page";
import { type CatalogFacets, getCatalogFacets } from "~/modules/catalog/facets.server";
import { ALL, checkFilterValues, filtersToRequestParams, parseFilters } from "~/modules/catalog/filters";
import { InvalidCursorError, listProducts } from "~/modules/catalog/listing.server";
import { catalogMessages, loadFailureDetails } from "~/modules/catalog/messages";
import { canonicalMeta, pageMeta } from "~/modules/seo/meta";
import { breadcrumbJsonLd } from "~/modules/seo/structured-data";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { optionalPart } from "~/optional-part.server";
import { services } from "~/services.server";
import type { Route } from "./+types/shop";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = services(context);
  const url = new URL(request.url);
  const filters = parseFilters(url.searchParams);
  const cursor = url.searchParams.get("cursor");
  const base = { origin: absoluteUrl(""), filters, cursor };
  const [facets, page] = await Promise.all([
    optionalPart(getCatalogFacets(db), noFacets, "catalogue facets failed"),
    optionalPart(listProducts(db, filters, { cursor }).catch(outdatedCursor), null, "catalogue listing failed", {
      url: request.url,
    }),
  ]);
  // A value in another case ('?category=donna') moves to the catalogue's own spelling.
  const { canonical } = checkFilterValues(url.searchParams, facets);
  if (canonical) throw redirect(`/shop?${canonical}`);
  if (page === "outdated-cursor") {
    // A mangled or outdated "next page" address: the same list from its top.
    const search = filtersToRequestParams(filters).toString();
    throw redirect(`/shop${search ? `?${search}` : ""}`);
  }
  if (!page) {
    return data(
      { ...base, facets, page: null, loadError: catalogMessages.loadFailed(loadFailureDetails.server) },
      { status: 500 },
    );
  }
  return { ...base, facets, page, loadError: null };
}

const noFacets: CatalogFacets = { subcategories: [], colours: [], sizes: [], brands: [] };

/** A "next page" address the listing cannot read is no failure: the loader sends the list's top. */
function outdatedCursor(error: unknown): "outdated-cursor" {
  if (error instanceof InvalidCursorError) return "outdated-cursor";
  throw error;
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
  return <ShopPage {...loaderData} />;
}

import { data } from "react-router";
import type { CollectionPageData } from "~/components/shop/collection-page";
import type { Database } from "~/db/client.server";
import { parseFilters } from "~/modules/catalog/filters";
import { type ListingFilters, listProducts } from "~/modules/catalog/listing.server";
import { catalogMessages, loadFailureDetails } from "~/modules/catalog/messages";
import type { Gender } from "~/modules/catalog/values";
import { GENDER_PAGE_SIZE } from "~/modules/shop/constants";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { optionalPart } from "~/optional-part.server";

// The loaders of the collection pages: /donna, /uomo, /bambini (a gender, newest first, with a price
// select) and /outlet, /nuova-collezione (the flagged products still in stock). Each page is a small
// route module that names its collection.

const genderPages: Record<Gender, { path: string; intro: string }> = {
  Donna: {
    path: "/donna",
    intro: "Lingerie, pigiami, costumi e capi di ogni giorno per la donna, scelti uno per uno nel nostro negozio.",
  },
  Uomo: {
    path: "/uomo",
    intro: "Intimo, pigiameria, maglieria e capispalla per l'uomo: buoni tessuti e vestibilità che durano.",
  },
  Bambini: {
    path: "/bambini",
    intro: "Pigiami, intimo e capi comodi per bambini e ragazzi, in fibre morbide e resistenti ai lavaggi.",
  },
};

const sectionPages = {
  outlet: {
    path: "/outlet",
    eyebrow: "Outlet",
    title: "Fine Serie",
    intro: "Gli ultimi pezzi delle collezioni passate, a prezzo ribassato. Quando finiscono, non tornano.",
  },
  newCollection: {
    path: "/nuova-collezione",
    eyebrow: "Autunno-Inverno",
    title: "Nuova Collezione",
    intro: "Maglie, pigiami, piumini e cappotti per la stagione fredda: le novità appena arrivate in negozio.",
  },
} as const;

export function loadGenderPage(db: Database, gender: Gender, request: Request) {
  const { path, intro } = genderPages[gender];
  const { price } = parseFilters(new URL(request.url).searchParams);
  return loadCollection(
    db,
    request,
    { kind: "gender", eyebrow: "Collezione", title: gender, intro, path, price },
    {
      category: gender,
      price,
    },
  );
}

export function loadSectionPage(db: Database, section: keyof typeof sectionPages, request: Request) {
  const { path, eyebrow, title, intro } = sectionPages[section];
  return loadCollection(
    db,
    request,
    { kind: "section", eyebrow, title, intro, path, price: "all" },
    {
      flag: section,
      inStockOnly: true,
    },
  );
}

async function loadCollection(
  db: Database,
  request: Request,
  { path, ...page }: Pick<CollectionPageData, "kind" | "eyebrow" | "title" | "intro" | "price"> & { path: string },
  filters: Partial<ListingFilters>,
) {
  const base = { ...page, canonicalUrl: absoluteUrl(path), homeUrl: absoluteUrl("/") };
  // The outlet and the new collection list every flagged product; the gender pages'
  // limit keeps a very large section light all the same.
  const listing = await optionalPart(
    listProducts(db, filters, { pageSize: GENDER_PAGE_SIZE }),
    null,
    "collection page failed",
    { url: request.url },
  );
  if (!listing) {
    const failed: CollectionPageData = {
      ...base,
      products: [],
      totalCount: 0,
      error: catalogMessages.loadFailed(loadFailureDetails.server),
    };
    return data(failed, { status: 500 });
  }
  const { products, totalCount } = listing;
  return { ...base, products, totalCount, error: null } satisfies CollectionPageData;
}

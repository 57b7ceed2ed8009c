import { z } from "zod/mini";
import { DEFAULT_SORT, GENDERS, PRICE_BUCKETS, SORT_OPTIONS } from "~/modules/shop/constants";

// The shop's filter state (storefront spec, section 3), shared by the /shop loader, the page
// endpoint and the browser (hence zod/mini: a fraction of the full library's download). A
// hand-edited URL never fails: an unknown value falls back to its default.

export const ALL = "all";

export type PriceBucket = (typeof PRICE_BUCKETS)[number];
export type SortOption = (typeof SORT_OPTIONS)[number];

// Values come from the database's option lists; the length limits only keep requests small.
const optionValue = z.string().check(z.trim(), z.minLength(1), z.maxLength(60));
const optionList = z.array(optionValue).check(z.maxLength(40));

export const catalogFiltersSchema = z.object({
  /** Gender: 'all', Donna, Uomo or Bambini. */
  category: z.catch(z.enum([ALL, ...GENDERS]), ALL),
  subcategory: z.catch(optionValue, ALL),
  price: z.catch(z.enum([ALL, ...PRICE_BUCKETS]), ALL),
  color: z.catch(optionValue, ALL),
  sizes: z.catch(optionList, []),
  brands: z.catch(optionList, []),
  search: z.catch(
    z.pipe(
      z.string(),
      z.transform((value) => value.trim().slice(0, 100)),
    ),
    "",
  ),
  sort: z.catch(z.enum(SORT_OPTIONS), DEFAULT_SORT),
});

export type CatalogFilters = z.infer<typeof catalogFiltersSchema>;

export const defaultFilters: CatalogFilters = catalogFiltersSchema.parse({});

/**
 * Filters from a query string. `size` and `brand` may repeat: the filter form sends them that way
 * before JavaScript runs, although the page never writes them into its own URL.
 */
export function parseFilters(params: URLSearchParams): CatalogFilters {
  return catalogFiltersSchema.parse({
    category: params.get("category") ?? undefined,
    subcategory: params.get("subcategory") ?? undefined,
    price: params.get("price") ?? undefined,
    color: params.get("color") ?? undefined,
    sizes: unique(params.getAll("size")),
    brands: unique(params.getAll("brand")),
    search: params.get("search") ?? undefined,
    sort: params.get("sort") ?? undefined,
  });
}

/** The page's own query string: defaults and the size and brand lists are left out (spec, section 4). */
export function filtersToSearchParams(filters: CatalogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of ["category", "subcategory", "price", "color", "search", "sort"] as const) {
    if (filters[key] !== defaultFilters[key]) params.set(key, filters[key]);
  }
  return params;
}

/**
 * Every filter, size and brand lists included, plus the position to start from when it is not the
 * top: the request for a list's pages, and the identity of that list in the browser's cache.
 */
export function filtersToRequestParams(filters: CatalogFilters, cursor: string | null = null): URLSearchParams {
  const params = filtersToSearchParams(filters);
  for (const size of [...filters.sizes].sort()) params.append("size", size);
  for (const brand of [...filters.brands].sort()) params.append("brand", brand);
  if (cursor) params.set("cursor", cursor);
  return params;
}

/** Price range of a bucket in cents: from `minCents` included to `maxCents` excluded; null = unbounded. */
export function priceBucketRange(bucket: PriceBucket): { minCents: number | null; maxCents: number | null } {
  switch (bucket) {
    case "under-50":
      return { minCents: null, maxCents: 5000 };
    case "50-100":
      return { minCents: 5000, maxCents: 10000 };
    case "100-200":
      return { minCents: 10000, maxCents: 20000 };
    case "over-200":
      return { minCents: 20000, maxCents: null };
  }
}

export const priceBucketLabels: Record<PriceBucket, string> = {
  "under-50": "Fino a 50 €",
  "50-100": "50 € – 100 €",
  "100-200": "100 € – 200 €",
  "over-200": "Oltre 200 €",
};

export const sortLabels: Record<SortOption, string> = {
  created_at_desc: "Più recenti",
  price_asc: "Prezzo crescente",
  price_desc: "Prezzo decrescente",
};

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

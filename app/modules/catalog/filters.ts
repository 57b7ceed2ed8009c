import { DEFAULT_SORT, GENDERS, PRICE_BUCKETS, SORT_OPTIONS } from "~/modules/shop/constants";
import type { Gender } from "./values";

// The shop's filter state, shared by the /shop loader, the page
// endpoint and the browser. A hand-edited URL never fails: an unknown value falls back to its
// default. Plain checks rather than a Zod schema: the browser runs them on every catalogue page,
// and Zod's core alone would be 14 KB of their first download.

export const ALL = "all";

export type PriceBucket = (typeof PRICE_BUCKETS)[number];
export type SortOption = (typeof SORT_OPTIONS)[number];

export type CatalogFilters = {
  /** Gender: 'all', Donna, Uomo or Bambini. */
  category: typeof ALL | Gender;
  subcategory: string;
  price: typeof ALL | PriceBucket;
  color: string;
  sizes: string[];
  brands: string[];
  search: string;
  sort: SortOption;
};

export const defaultFilters: CatalogFilters = {
  category: ALL,
  subcategory: ALL,
  price: ALL,
  color: ALL,
  sizes: [],
  brands: [],
  search: "",
  sort: DEFAULT_SORT,
};

// Values come from the database's option lists; the length limits only keep requests small.
const OPTION_MAX_LENGTH = 60;
const OPTION_LIST_MAX_LENGTH = 40;
const SEARCH_MAX_LENGTH = 100;

/**
 * Filters from a query string. `size` and `brand` may repeat: the filter form sends them that way
 * before JavaScript runs, although the page never writes them into its own URL.
 */
export function parseFilters(params: URLSearchParams): CatalogFilters {
  return {
    category: oneOf(params.get("category"), [ALL, ...GENDERS], defaultFilters.category),
    subcategory: optionValue(params.get("subcategory")) ?? defaultFilters.subcategory,
    price: oneOf(params.get("price"), [ALL, ...PRICE_BUCKETS], defaultFilters.price),
    color: optionValue(params.get("color")) ?? defaultFilters.color,
    sizes: optionList(unique(params.getAll("size"))),
    brands: optionList(unique(params.getAll("brand"))),
    search: searchTerm(params.get("search") ?? ""),
    sort: oneOf(params.get("sort"), SORT_OPTIONS, defaultFilters.sort),
  };
}

/**
 * The sizes and brands a history entry's state carries (the page keeps them out of its URL), or
 * null when the state holds none: anything malformed reads as an empty list.
 */
export function listsFromHistoryState(state: unknown): Pick<CatalogFilters, "sizes" | "brands"> | null {
  if (typeof state !== "object" || state === null || Array.isArray(state)) return null;
  const { sizes, brands } = state as Record<string, unknown>;
  return { sizes: optionList(sizes), brands: optionList(brands) };
}

/** The page's own query string: defaults and the size and brand lists are left out, so links stay short. */
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

/** The values the catalogue has for the filters drawn from it (the facets of facets.server.ts). */
export type FilterChoices = { subcategories: string[]; colours: { name: string }[]; sizes: string[]; brands: string[] };

const filterLabels = {
  category: "Categoria",
  subcategory: "Sottocategoria",
  price: "Prezzo",
  color: "Colore",
  size: "Taglia",
  brand: "Marca",
} as const;

type FilterName = keyof typeof filterLabels;

export type UnknownFilterValue = {
  /** The filter's name as the page shows it: 'Categoria'. */
  label: string;
  value: string;
  /** The same query string without this value: the way back. */
  without: URLSearchParams;
};

/**
 * A query string checked against the catalogue's values, so that a hand-written address is never
 * silently ignored: a value spelt in another case ('donna') reads as the catalogue's own ('Donna')
 * in `canonical` (null when every value already was), and a value the catalogue does not have
 * ('Foo') is listed in `unknown`, for the page to say so. Choices that failed to load (an empty
 * list) check nothing.
 */
export function checkFilterValues(
  params: URLSearchParams,
  choices: FilterChoices,
): { canonical: URLSearchParams | null; unknown: UnknownFilterValue[] } {
  const fromCatalogue = (values: string[], withAll: boolean) =>
    values.length === 0 ? null : withAll ? [ALL, ...values] : values;
  const options: Record<FilterName, readonly string[] | null> = {
    category: [ALL, ...GENDERS],
    subcategory: fromCatalogue(choices.subcategories, true),
    price: [ALL, ...PRICE_BUCKETS],
    color: fromCatalogue(
      choices.colours.map((colour) => colour.name),
      true,
    ),
    size: fromCatalogue(choices.sizes, false),
    brand: fromCatalogue(choices.brands, false),
  };
  const canonical = new URLSearchParams();
  const unknown: { name: FilterName; value: string }[] = [];
  for (const [name, value] of params) {
    const known = Object.hasOwn(options, name) ? options[name as FilterName] : null;
    const typed = value.trim().toLocaleLowerCase("it");
    // An exact match first: two options may differ only in case.
    const match =
      known?.find((option) => option === value.trim()) ??
      known?.find((option) => option.toLocaleLowerCase("it") === typed);
    canonical.append(name, match ?? value);
    if (known && typed !== "" && match === undefined) unknown.push({ name: name as FilterName, value });
  }
  return {
    canonical: canonical.toString() === params.toString() ? null : canonical,
    unknown: unknown.map(({ name, value }) => {
      // The list starts again from its top.
      const without = new URLSearchParams(canonical);
      without.delete(name, value);
      without.delete("cursor");
      return { label: filterLabels[name], value, without };
    }),
  };
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

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what is matched
const controlCharacter = /[\u0000-\u001f\u007f]/;

/** The search box's text: control characters (NUL included, which PostgreSQL refuses) read as spaces; at most 100 characters. */
export function searchTerm(value: string): string {
  // Character by character (code points), so that an emoji is never cut in half.
  const text = Array.from(value, (character) => (controlCharacter.test(character) ? " " : character))
    .join("")
    .trim();
  return Array.from(text).slice(0, SEARCH_MAX_LENGTH).join("").trimEnd();
}

function oneOf<T extends string>(value: string | null, options: readonly T[], fallback: T): T {
  return options.find((option) => option === value) ?? fallback;
}

/** A trimmed option of 1 to 60 characters without control characters (no option has any), or null. */
function optionValue(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  const valid = trimmed.length >= 1 && trimmed.length <= OPTION_MAX_LENGTH && !controlCharacter.test(trimmed);
  return valid ? trimmed : null;
}

/** A list of valid options, or an empty list when any of them is not one (or there are too many). */
function optionList(values: unknown): string[] {
  if (!Array.isArray(values) || values.length > OPTION_LIST_MAX_LENGTH) return [];
  const options = values.map(optionValue);
  return options.every((option) => option !== null) ? options : [];
}

function unique(values: string[]): string[] {
  return [...new Set(values.map((value) => value.trim()).filter(Boolean))];
}

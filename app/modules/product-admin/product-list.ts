import { z } from "zod";
import { searchTerm } from "~/modules/catalog/filters";
import { type Gender, genders, type Subcategory, subcategories } from "~/modules/catalog/values";

// The filters of the admin's product list as they travel in the address (Italian names, so a plain
// GET form works without JavaScript and a filtered list can be bookmarked). Pure: read and written
// back the same way by the loader and the page.

export const PRODUCTS_PAGE_SIZE = 25;
/** A variant with this many pieces or fewer is running out. */
export const LOW_STOCK = 3;
const MAX_PAGE = 100_000;

export const productFlags = ["nuovo", "nuova-collezione", "outlet", "scontato"] as const;
export const productStates = ["in-vendita", "archiviati", "tutti"] as const;
export const productSorts = ["recenti", "nome", "prezzo-crescente", "prezzo-decrescente", "giacenza"] as const;

export type ProductListFilters = {
  /** Name, brand or SKU (of the product or a variant); "" for none. */
  search: string;
  gender: Gender | null;
  subcategory: Subcategory | null;
  brand: string;
  flag: (typeof productFlags)[number] | null;
  lowStock: boolean;
  state: (typeof productStates)[number];
  sort: (typeof productSorts)[number];
  page: number;
};

export const productListParams = {
  search: "cerca",
  gender: "genere",
  subcategory: "sottocategoria",
  brand: "marca",
  flag: "etichetta",
  lowStock: "scorte-basse",
  state: "stato",
  sort: "ordina",
  page: "pagina",
} as const satisfies Record<keyof ProductListFilters, string>;

export const defaultProductFilters: ProductListFilters = {
  search: "",
  gender: null,
  subcategory: null,
  brand: "",
  flag: null,
  lowStock: false,
  state: "in-vendita",
  sort: "recenti",
  page: 1,
};

export const productFlagLabels: Record<(typeof productFlags)[number], string> = {
  nuovo: "Nuovo",
  "nuova-collezione": "Nuova collezione",
  outlet: "Outlet",
  scontato: "Scontato",
};
export const productStateLabels: Record<(typeof productStates)[number], string> = {
  "in-vendita": "In vendita",
  archiviati: "Archiviati",
  tutti: "Tutti",
};
export const productSortLabels: Record<(typeof productSorts)[number], string> = {
  recenti: "Più recenti",
  nome: "Nome (A-Z)",
  "prezzo-crescente": "Prezzo crescente",
  "prezzo-decrescente": "Prezzo decrescente",
  giacenza: "Giacenza più bassa",
};

/** The filters in the address; a value that is not one of the choices is ignored (its default instead). */
export function parseProductListFilters(params: URLSearchParams): ProductListFilters {
  const get = (key: keyof ProductListFilters) => params.get(productListParams[key])?.trim() ?? "";
  const oneOf = <T extends string>(values: readonly T[], value: string): T | null =>
    (values as readonly string[]).includes(value) ? (value as T) : null;
  const page = z.coerce.number().int().min(1).max(MAX_PAGE).safeParse(get("page"));
  return {
    // Typed texts as the shop's search box reads them: no control characters (PostgreSQL refuses NUL), 100 at most.
    search: searchTerm(get("search")),
    gender: oneOf(genders, get("gender")),
    subcategory: oneOf(subcategories, get("subcategory")),
    brand: searchTerm(get("brand")),
    flag: oneOf(productFlags, get("flag")),
    lowStock: get("lowStock") === "1",
    state: oneOf(productStates, get("state")) ?? defaultProductFilters.state,
    sort: oneOf(productSorts, get("sort")) ?? defaultProductFilters.sort,
    page: page.success ? page.data : 1,
  };
}

/** The address's query for these filters, with `overrides`; defaults are left out. */
export function productListQuery(filters: ProductListFilters, overrides: Partial<ProductListFilters> = {}): string {
  const all = { ...filters, ...overrides };
  const query = new URLSearchParams();
  for (const key of Object.keys(productListParams) as (keyof ProductListFilters)[]) {
    const value = all[key];
    if (value === defaultProductFilters[key] || value === null || value === "" || value === false) continue;
    query.set(productListParams[key], value === true ? "1" : String(value));
  }
  return query.toString();
}

export function hasProductFilters(filters: ProductListFilters): boolean {
  return productListQuery(filters, { page: 1, sort: defaultProductFilters.sort }) !== "";
}

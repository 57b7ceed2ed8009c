import { describe, expect, test } from "vitest";
import {
  checkFilterValues,
  defaultFilters,
  filtersToRequestParams,
  filtersToSearchParams,
  listsFromHistoryState,
  parseFilters,
  priceBucketRange,
} from "./filters";

const parse = (query: string) => parseFilters(new URLSearchParams(query));

describe("parseFilters", () => {
  test("an empty query string gives the defaults: everything 'all', no lists, newest first", () => {
    expect(parse("")).toEqual({
      category: "all",
      subcategory: "all",
      price: "all",
      color: "all",
      sizes: [],
      brands: [],
      search: "",
      sort: "created_at_desc",
    });
    expect(defaultFilters).toEqual(parse(""));
  });

  test("reads every filter of the shop's query string", () => {
    expect(
      parse(
        "category=Donna&subcategory=reggiseno&price=50-100&color=Rosa+Cipria&size=3+C&size=4+B&brand=Lunaria&search=pizzo&sort=price_asc",
      ),
    ).toEqual({
      category: "Donna",
      subcategory: "reggiseno",
      price: "50-100",
      color: "Rosa Cipria",
      sizes: ["3 C", "4 B"],
      brands: ["Lunaria"],
      search: "pizzo",
      sort: "price_asc",
    });
  });

  test("unknown or malformed values fall back to their defaults instead of failing", () => {
    expect(parse("category=Cani&price=under-10&sort=random&subcategory=&color=%20%20")).toEqual(defaultFilters);
    expect(parse(`size=${"X".repeat(61)}`).sizes).toEqual([]);
  });

  test("trims the search term, caps it at 100 characters and drops repeated or blank list values", () => {
    expect(parse("search=%20%20reggiseno%20%20").search).toBe("reggiseno");
    expect(parse(`search=${"a".repeat(150)}`).search).toHaveLength(100);
    expect(parse("size=M&size=M&size=&size=L").sizes).toEqual(["M", "L"]);
  });

  test("control characters, which no option holds and PostgreSQL refuses (NUL), never reach the listing", () => {
    expect(parse("subcategory=reggi%00seno&color=Ne%0Aro&size=M&size=L%00&brand=%1F")).toEqual(defaultFilters);
    expect(parse("search=pizzo%00nero%0D%0A").search).toBe("pizzo nero");
    expect(parse("search=%00%00").search).toBe("");
  });

  test("caps the search term in characters, never cutting one in half", () => {
    const search = parse(`search=${"a".repeat(99)}${encodeURIComponent("😀😀")}`).search;
    expect(Array.from(search)).toHaveLength(100);
    expect(search.endsWith("😀")).toBe(true);
  });
});

describe("listsFromHistoryState", () => {
  test("reads the sizes and brands a history entry carries", () => {
    expect(listsFromHistoryState({ sizes: ["M", " L "], brands: ["Lunaria"] })).toEqual({
      sizes: ["M", "L"],
      brands: ["Lunaria"],
    });
  });

  test("an entry without lists gives none; malformed lists read as empty", () => {
    expect(listsFromHistoryState(null)).toBeNull();
    expect(listsFromHistoryState("M")).toBeNull();
    expect(listsFromHistoryState([["M"]])).toBeNull();
    expect(listsFromHistoryState({})).toEqual({ sizes: [], brands: [] });
    expect(listsFromHistoryState({ sizes: "M", brands: ["Lunaria", 3] })).toEqual({ sizes: [], brands: [] });
    expect(listsFromHistoryState({ sizes: Array.from({ length: 41 }, (_, i) => `T${i}`) })?.sizes).toEqual([]);
  });
});

describe("filtersToSearchParams", () => {
  test("leaves out defaults, sizes and brands (spec, section 4)", () => {
    const filters = { ...defaultFilters, category: "Uomo" as const, sizes: ["M"], brands: ["Lunaria"] };
    expect(filtersToSearchParams(filters).toString()).toBe("category=Uomo");
    expect(filtersToSearchParams(defaultFilters).toString()).toBe("");
  });

  test("keeps every non-default value, so parsing the result gives the same filters back", () => {
    const filters = {
      ...defaultFilters,
      category: "Bambini" as const,
      subcategory: "pigiama",
      price: "under-50" as const,
      color: "Blu Navy",
      search: "cotone bio",
      sort: "price_desc" as const,
    };
    const params = filtersToSearchParams(filters);
    expect(params.toString()).toBe(
      "category=Bambini&subcategory=pigiama&price=under-50&color=Blu+Navy&search=cotone+bio&sort=price_desc",
    );
    expect(parseFilters(params)).toEqual(filters);
  });
});

describe("filtersToRequestParams", () => {
  test("adds sizes and brands, sorted, so that equal filters give equal requests", () => {
    const params = filtersToRequestParams({
      ...defaultFilters,
      sizes: ["L", "M"],
      brands: ["Lunaria", "Ambra Intima"],
    });
    expect(params.toString()).toBe("size=L&size=M&brand=Ambra+Intima&brand=Lunaria");
    expect(parseFilters(params)).toEqual({ ...defaultFilters, sizes: ["L", "M"], brands: ["Ambra Intima", "Lunaria"] });
  });

  test("carries the position a list starts from, when it does not start at the top", () => {
    expect(filtersToRequestParams({ ...defaultFilters, category: "Donna" }, "abc").toString()).toBe(
      "category=Donna&cursor=abc",
    );
    expect(filtersToRequestParams(defaultFilters, null).toString()).toBe("");
  });
});

describe("priceBucketRange", () => {
  test("splits prices into four ranges that meet without overlapping (lower bound included)", () => {
    expect(priceBucketRange("under-50")).toEqual({ minCents: null, maxCents: 5000 });
    expect(priceBucketRange("50-100")).toEqual({ minCents: 5000, maxCents: 10000 });
    expect(priceBucketRange("100-200")).toEqual({ minCents: 10000, maxCents: 20000 });
    expect(priceBucketRange("over-200")).toEqual({ minCents: 20000, maxCents: null });
  });
});

describe("checkFilterValues", () => {
  const choices = {
    subcategories: ["reggiseno", "t-shirt"],
    colours: [{ name: "Nero" }, { name: "Rosa Cipria" }],
    sizes: ["S", "M"],
    brands: ["Lunaria"],
  };
  const check = (query: string) => checkFilterValues(new URLSearchParams(query), choices);
  const unknownOf = (query: string) =>
    check(query).unknown.map(({ label, value, without }) => ({ label, value, without: without.toString() }));

  test("values already spelt as the catalogue spells them pass untouched", () => {
    expect(
      check("category=Donna&subcategory=reggiseno&color=Rosa+Cipria&size=M&brand=Lunaria&price=50-100&sort=price_asc"),
    ).toEqual({ canonical: null, unknown: [] });
    expect(check("category=all&subcategory=all&color=all&price=all&search=xyz&cursor=abc")).toEqual({
      canonical: null,
      unknown: [],
    });
  });

  test("a value in another case reads as the catalogue's own, the rest of the address kept", () => {
    expect(check("category=donna&color=rosa+cipria&size=m&brand=LUNARIA&search=pizzo&cursor=abc")).toEqual({
      canonical: new URLSearchParams("category=Donna&color=Rosa+Cipria&size=M&brand=Lunaria&search=pizzo&cursor=abc"),
      unknown: [],
    });
    expect(check("subcategory=T-Shirt&price=UNDER-50").canonical?.toString()).toBe(
      "subcategory=t-shirt&price=under-50",
    );
    // Options that differ only in case keep the one written.
    const twoCases = { ...choices, brands: ["ABC", "Abc"] };
    expect(checkFilterValues(new URLSearchParams("brand=Abc"), twoCases).canonical).toBeNull();
  });

  test("a value the catalogue does not have is named, with the address that clears it from the top of the list", () => {
    expect(unknownOf("category=Foo&color=Nero&cursor=abc")).toEqual([
      { label: "Categoria", value: "Foo", without: "color=Nero" },
    ]);
    expect(unknownOf("brand=Lunaria&brand=Nessuna&size=XXXL&price=gratis")).toEqual([
      { label: "Marca", value: "Nessuna", without: "brand=Lunaria&size=XXXL&price=gratis" },
      { label: "Taglia", value: "XXXL", without: "brand=Lunaria&brand=Nessuna&price=gratis" },
      { label: "Prezzo", value: "gratis", without: "brand=Lunaria&brand=Nessuna&size=XXXL" },
    ]);
    // Both at once: the way back keeps the corrected spelling.
    expect(unknownOf("category=donna&subcategory=costume")).toEqual([
      { label: "Sottocategoria", value: "costume", without: "category=Donna" },
    ]);
  });

  test("an empty value is no filter, and choices that failed to load check nothing", () => {
    expect(check("category=&color=")).toEqual({ canonical: null, unknown: [] });
    const nothingLoaded = { subcategories: [], colours: [], sizes: [], brands: [] };
    expect(checkFilterValues(new URLSearchParams("subcategory=x&color=y&size=z&brand=w"), nothingLoaded)).toEqual({
      canonical: null,
      unknown: [],
    });
  });
});

import { describe, expect, it } from "vitest";
import {
  hasOrderFilters,
  noOrderFilters,
  orderFilterOptions,
  orderFiltersQuery,
  orderNumberOf,
  parseOrderListFilters,
} from "./order-list-filters";

const parse = (query: string) => parseOrderListFilters(new URLSearchParams(query));

describe("parseOrderListFilters", () => {
  it("reads every filter from its Italian parameter", () => {
    expect(
      parse("stato=shipped&pagamento=paid&consegna=pickup&dal=2026-01-01&al=2026-01-31&cerca=+Anna+&pagina=3"),
    ).toEqual({
      filters: {
        status: "shipped",
        paymentStatus: "paid",
        deliveryMethod: "pickup",
        from: "2026-01-01",
        to: "2026-01-31",
        search: "Anna",
        page: 3,
      },
      errors: [],
    });
  });

  it("takes empty fields, as a GET form sends them, for no filter", () => {
    expect(parse("stato=&pagamento=&consegna=&dal=&al=&cerca=&pagina=")).toEqual({
      filters: noOrderFilters,
      errors: [],
    });
  });

  it("leaves out each value it does not understand and says so in Italian", () => {
    const { filters, errors } = parse(
      "stato=spedito&pagamento=PAID&consegna=drone&dal=2026-02-30&al=31/01/2026&pagina=0&cerca=xyz",
    );
    expect(filters).toEqual({ ...noOrderFilters, search: "xyz" });
    expect(errors).toEqual([
      "Stato dell'ordine non valido: «spedito».",
      "Stato del pagamento non valido: «PAID».",
      "Metodo di consegna non valido: «drone».",
      "Data iniziale non valida (usa il formato AAAA-MM-GG): «2026-02-30».",
      "Data finale non valida (usa il formato AAAA-MM-GG): «31/01/2026».",
      "Numero di pagina non valido: «0».",
    ]);
  });

  it("refuses page numbers that are not small whole numbers", () => {
    for (const page of ["-1", "1.5", "1e3", "0x10", "9999999", "abc"]) {
      expect(parse(`pagina=${encodeURIComponent(page)}`).filters.page).toBe(1);
      expect(parse(`pagina=${encodeURIComponent(page)}`).errors).toHaveLength(1);
    }
  });

  it("ignores a period that ends before it starts", () => {
    expect(parse("dal=2026-03-01&al=2026-02-01")).toEqual({
      filters: noOrderFilters,
      errors: ["La data iniziale è successiva alla data finale: il periodo è stato ignorato."],
    });
  });

  it("refuses a name or e-mail search shorter than three characters", () => {
    expect(parse("cerca=ro")).toEqual({
      filters: noOrderFilters,
      errors: ["Scrivi almeno 3 caratteri per cercare per nome o e-mail: «ro»."],
    });
    expect(parse("cerca=Rus").filters.search).toBe("Rus");
  });

  it("reads control characters in a search as spaces", () => {
    expect(parse("cerca=%00Anna%0A%1FNeri%7F").filters.search).toBe("Anna Neri");
    expect(parse("cerca=%00%00").filters.search).toBe("");
  });

  it("refuses an overlong search and shortens it in the message", () => {
    const { filters, errors } = parse(`cerca=${"a".repeat(101)}`);
    expect(filters.search).toBe("");
    expect(errors).toEqual([`La ricerca può contenere al massimo 100 caratteri: «${"a".repeat(40)}…».`]);
  });
});

describe("orderFiltersQuery", () => {
  it("writes back only the filters that are set, and reads back the same", () => {
    const filters = { ...noOrderFilters, status: "reserved" as const, search: "anna@example.it", page: 2 };
    const query = orderFiltersQuery(filters);
    expect(query).toBe("stato=reserved&cerca=anna%40example.it&pagina=2");
    expect(parseOrderListFilters(new URLSearchParams(query)).filters).toEqual(filters);
    expect(orderFiltersQuery(filters, { page: 1 })).toBe("stato=reserved&cerca=anna%40example.it");
    expect(orderFiltersQuery(noOrderFilters)).toBe("");
  });

  it("tells whether the list is filtered, whatever the page", () => {
    expect(hasOrderFilters({ ...noOrderFilters, page: 4 })).toBe(false);
    expect(hasOrderFilters({ ...noOrderFilters, to: "2026-01-01" })).toBe(true);
  });
});

describe("orderNumberOf", () => {
  it("reads the short id with or without #, in any case", () => {
    expect(orderNumberOf("#A1B2C3D4")).toBe("a1b2c3d4");
    expect(orderNumberOf("a1b2c3d4")).toBe("a1b2c3d4");
    expect(orderNumberOf(" # a1b2C3d4 ")).toBe("a1b2c3d4");
  });

  it("does not take names, e-mails or other lengths for an order number", () => {
    for (const search of ["Anna", "a1b2c3d", "a1b2c3d45", "#a1b2c3dg", "anna@a1b2c3d4.it"]) {
      expect(orderNumberOf(search)).toBeNull();
    }
  });
});

describe("orderFilterOptions", () => {
  it("labels every choice in Italian", () => {
    expect(orderFilterOptions.status).toContainEqual({ value: "reserved", label: "Riservato (Paga in Negozio)" });
    expect(orderFilterOptions.paymentStatus).toContainEqual({ value: "paid_in_store", label: "Pagato in Negozio" });
    expect(orderFilterOptions.deliveryMethod).toContainEqual({ value: "pickup", label: "Ritiro in negozio" });
  });
});

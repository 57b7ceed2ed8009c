import { like, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { productImages, products, productVariants } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { defaultFilters } from "./filters";
import { InvalidCursorError, type ListingFilters, listProducts, type ProductSummary } from "./listing.server";
import { searchSynonyms } from "./search-synonyms";
import { type Gender, type Subcategory, subcategories } from "./values";

const db = connectTestDatabase();

// ---------------------------------------------------------------------------
// Rows of our own, beside the demo catalogue: ties on date and price, prices missing, colour and
// size on different variants, an accented name. Removed afterwards.
// ---------------------------------------------------------------------------

const skuPrefix = "TEST-LISTING-";
// Same instant to the microsecond for five products, and two more within the same millisecond.
const tiedInstant = "2031-05-05 10:00:00.123456+00";
const sameMillisecond = ["2031-05-05 10:00:00.123001+00", "2031-05-05 10:00:00.123999+00"];
const tiedPriceCents = 4321;

type OwnProduct = {
  name: string;
  createdAt: string;
  priceCents: number | null;
  gender?: Gender;
  subcategory?: Subcategory;
  brand?: string;
  variants: { colorName: string; size: string; stock: number }[];
};

const own: OwnProduct[] = [
  ...[1, 2, 3, 4, 5].map((n) => ({
    name: `Canottiera Gemella ${n}`,
    createdAt: tiedInstant,
    priceCents: tiedPriceCents,
    variants: [{ colorName: "Bianco", size: "M", stock: 3 }],
  })),
  ...sameMillisecond.map((createdAt, n) => ({
    name: `Canottiera Vicina ${n + 1}`,
    createdAt,
    priceCents: tiedPriceCents,
    variants: [{ colorName: "Bianco", size: "M", stock: 3 }],
  })),
  {
    name: "Canottiera Senza Prezzo Uno",
    createdAt: tiedInstant,
    priceCents: null,
    variants: [{ colorName: "Bianco", size: "L", stock: 2 }],
  },
  {
    name: "Canottiera Senza Prezzo Due",
    createdAt: "2031-01-01 00:00:00+00",
    priceCents: null,
    variants: [{ colorName: "Bianco", size: "L", stock: 2 }],
  },
  {
    // Nero only in S, Avorio only in M: "Nero in M" must not find it.
    name: "Canottiera Bicolore Incrociata",
    createdAt: "2030-06-01 00:00:00+00",
    priceCents: 2500,
    variants: [
      { colorName: "Nero", size: "S", stock: 4 },
      { colorName: "Avorio", size: "M", stock: 0 },
    ],
  },
  {
    name: "Camicia da notte Élise in raso",
    createdAt: "2030-06-02 00:00:00+00",
    priceCents: 5000,
    gender: "Donna",
    subcategory: "pigiama",
    brand: "Maison Prova",
    variants: [{ colorName: "Rosa Cipria", size: "M", stock: 0 }],
  },
];

let ownIds: number[] = [];

beforeAll(async () => {
  for (const [index, product] of own.entries()) {
    const [row] = await db
      .insert(products)
      .values({
        name: product.name,
        gender: product.gender ?? "Uomo",
        subcategory: product.subcategory ?? "canottiera",
        brand: product.brand ?? "Linea Rovere",
        priceCents: product.priceCents,
        sku: `${skuPrefix}${index}`,
        createdAt: sql`${product.createdAt}::timestamptz`,
      })
      .returning({ id: products.id });
    if (!row) throw new Error("insert failed");
    ownIds.push(row.id);
    await db.insert(productVariants).values(
      product.variants.map((variant, position) => ({
        ...variant,
        productId: row.id,
        colorCode: "#123456",
        sku: `${skuPrefix}${index}-${position}`,
        position,
      })),
    );
    await db.insert(productImages).values([
      { productId: row.id, position: 1, path: `/files/test/${row.id}-second.svg` },
      { productId: row.id, position: 0, path: `/files/test/${row.id}-first.svg` },
    ]);
  }
});

afterAll(async () => {
  await db.delete(products).where(like(products.sku, `${skuPrefix}%`));
  ownIds = [];
});

const idOf = (name: string) => {
  const index = own.findIndex((product) => product.name === name);
  const id = ownIds[index];
  if (id === undefined) throw new Error(`no product ${name}`);
  return id;
};

// ---------------------------------------------------------------------------
// The oracle: the same question asked as one plain SQL query, no pagination.
// ---------------------------------------------------------------------------

const bucketRanges = {
  "under-50": [null, 5000],
  "50-100": [5000, 10000],
  "100-200": [10000, 20000],
  "over-200": [20000, null],
};

async function expectedIds(input: Partial<ListingFilters>): Promise<number[]> {
  const filters: ListingFilters = { ...defaultFilters, ...input };
  const where: SQL[] = [sql`true`];
  if (filters.category !== "all") where.push(sql`p.gender = ${filters.category}`);
  if (filters.subcategory !== "all") where.push(sql`p.subcategory = ${filters.subcategory}`);
  if (filters.price !== "all") {
    const [min, max] = bucketRanges[filters.price];
    if (min !== null) where.push(sql`p.price_cents >= ${min}`);
    if (max !== null) where.push(sql`p.price_cents < ${max}`);
  }
  if (filters.brands.length > 0)
    where.push(
      sql`p.brand in (${sql.join(
        filters.brands.map((brand) => sql`${brand}`),
        sql`, `,
      )})`,
    );
  if (filters.color !== "all" || filters.sizes.length > 0) {
    const colour = filters.color === "all" ? sql`true` : sql`v.color_name = ${filters.color}`;
    const sizes =
      filters.sizes.length === 0
        ? sql`true`
        : sql`v.size in (${sql.join(
            filters.sizes.map((size) => sql`${size}`),
            sql`, `,
          )})`;
    where.push(sql`p.id in (select v.product_id from product_variants v where ${colour} and ${sizes})`);
  }
  if (filters.flag === "outlet") where.push(sql`p.is_outlet`);
  if (filters.flag === "new") where.push(sql`p.is_new`);
  if (filters.flag === "newCollection") where.push(sql`p.is_new_collection`);
  if (filters.inStockOnly) where.push(sql`(select sum(stock) from product_variants v where v.product_id = p.id) > 0`);
  if (filters.ids)
    where.push(
      sql`p.id in (${sql.join(
        [...filters.ids, -1].map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  if (filters.excludeId !== undefined) where.push(sql`p.id <> ${filters.excludeId}`);
  const order = {
    created_at_desc: sql`p.created_at desc, p.id desc`,
    price_asc: sql`p.price_cents asc nulls last, p.id asc`,
    price_desc: sql`p.price_cents desc nulls last, p.id desc`,
  }[filters.sort];
  const result = await db.execute<{ id: number }>(
    sql`select p.id from products p where ${sql.join(where, sql` and `)} order by ${order}`,
  );
  return result.rows.map((row) => row.id);
}

/** Every page, in order, checking that each page's total is the same. */
async function walk(filters: Partial<ListingFilters>, pageSize: number): Promise<ProductSummary[]> {
  const all: ProductSummary[] = [];
  let cursor: string | null = null;
  let total: number | null = null;
  do {
    const page = await listProducts(db, filters, { pageSize, cursor });
    total ??= page.totalCount;
    expect(page.totalCount).toBe(total);
    expect(page.products.length).toBeLessThanOrEqual(pageSize);
    if (page.nextCursor) expect(page.products).toHaveLength(pageSize);
    all.push(...page.products);
    cursor = page.nextCursor;
  } while (cursor);
  expect(all).toHaveLength(total ?? 0);
  return all;
}

const ids = (list: ProductSummary[]) => list.map((product) => product.id);

// ---------------------------------------------------------------------------

describe("filters", () => {
  const cases: [string, Partial<ListingFilters>, (product: ProductSummary) => boolean][] = [
    ["gender", { category: "Bambini" }, (product) => product.gender === "Bambini"],
    ["subcategory", { subcategory: "reggiseno" }, (product) => product.subcategory === "reggiseno"],
    ["price under 50", { price: "under-50" }, (product) => product.priceCents !== null && product.priceCents < 5000],
    [
      "price 50–100",
      { price: "50-100" },
      (product) => product.priceCents !== null && product.priceCents >= 5000 && product.priceCents < 10000,
    ],
    [
      "price 100–200",
      { price: "100-200" },
      (product) => product.priceCents !== null && product.priceCents >= 10000 && product.priceCents < 20000,
    ],
    ["price over 200", { price: "over-200" }, (product) => product.priceCents !== null && product.priceCents >= 20000],
    ["colour", { color: "Bordeaux" }, (product) => product.colours.some((colour) => colour.name === "Bordeaux")],
    ["sizes", { sizes: ["4 C", "XXL"] }, () => true],
    [
      "brands",
      { brands: ["Lunaria", "Linea Rovere"] },
      (product) => ["Lunaria", "Linea Rovere"].includes(product.brand),
    ],
    ["outlet in stock", { flag: "outlet", inStockOnly: true }, (product) => product.isOutlet && product.inStock],
    [
      "new collection in stock",
      { flag: "newCollection", inStockOnly: true },
      (product) => product.isNewCollection && product.inStock,
    ],
    ["new", { flag: "new" }, (product) => product.isNew],
    // A flag is not among the colour rows' columns: counted from the products instead.
    [
      "colour in the outlet",
      { color: "Nero", flag: "outlet" },
      (product) => product.isOutlet && product.colours.some((colour) => colour.name === "Nero"),
    ],
    [
      "everything at once",
      {
        category: "Donna",
        price: "under-50",
        color: "Nero",
        sizes: ["M", "L", "3 C"],
        brands: ["Lunaria", "Ambra Intima"],
      },
      (product) => product.gender === "Donna" && product.colours.some((colour) => colour.name === "Nero"),
    ],
  ];

  test.each(cases)("%s: exactly the matching products", async (_name, filters, matches) => {
    const listed = await walk(filters, 12);
    const expected = await expectedIds(filters);
    expect(ids(listed)).toEqual(expected);
    expect(listed.every(matches)).toBe(true);
  });

  test("each filter finds something in the demo catalogue, so the cases above prove something", async () => {
    for (const [name, filters] of cases) {
      expect((await expectedIds(filters)).length, name).toBeGreaterThan(0);
    }
  });

  test("price 50.00 € belongs to 50–100, not to 'under 50'", async () => {
    const elise = idOf("Camicia da notte Élise in raso");
    expect(ids(await walk({ price: "50-100" }, 100))).toContain(elise);
    expect(ids(await walk({ price: "under-50" }, 100))).not.toContain(elise);
  });

  test("colour and sizes must meet on the same variant", async () => {
    const crossed = idOf("Canottiera Bicolore Incrociata");
    expect(ids(await walk({ color: "Nero", sizes: ["S"] }, 100))).toContain(crossed);
    expect(ids(await walk({ color: "Nero", sizes: ["M"] }, 100))).not.toContain(crossed);
    expect(ids(await walk({ color: "Avorio", sizes: ["M"] }, 100))).toContain(crossed);
  });

  test("ids and excludeId choose and leave out products", async () => {
    const [first, second, third] = ownIds as [number, number, number];
    expect(ids((await listProducts(db, { ids: [first, second, third], excludeId: second })).products).sort()).toEqual(
      [first, third].sort(),
    );
    expect((await listProducts(db, { ids: [] })).products).toEqual([]);
  });

  test("a product is in stock when one of its variants is, and lists its colours with their availability", async () => {
    const [elise] = (await listProducts(db, { ids: [idOf("Camicia da notte Élise in raso")] })).products;
    expect(elise).toMatchObject({
      inStock: false,
      colours: [{ name: "Rosa Cipria", code: "#123456", available: false }],
      image: `/files/test/${elise?.id}-first.svg`,
      priceCents: 5000,
      brand: "Maison Prova",
    });
    const [crossed] = (await listProducts(db, { ids: [idOf("Canottiera Bicolore Incrociata")] })).products;
    expect(crossed?.inStock).toBe(true);
    expect(crossed?.colours).toEqual([
      { name: "Nero", code: "#123456", available: true },
      { name: "Avorio", code: "#123456", available: false },
    ]);
    expect(crossed?.createdAt).toBe("2030-06-01T00:00:00.000Z");
  });
});

describe("sorting and pagination", () => {
  const sorts = ["created_at_desc", "price_asc", "price_desc"] as const;

  test.each(sorts)("%s: walking every page gives the one-query order, without duplicates or gaps", async (sort) => {
    for (const pageSize of [1, 5, 12]) {
      const listed = ids(await walk({ sort }, pageSize));
      expect(new Set(listed).size).toBe(listed.length);
      expect(listed).toEqual(await expectedIds({ sort }));
    }
  });

  test.each(sorts)("%s: rows tied on date or price keep a stable order across page boundaries", async (sort) => {
    // Only our rows: ties at the microsecond and on price, pages of 2 cutting through them.
    const filters = { ids: ownIds, sort };
    expect(ids(await walk(filters, 2))).toEqual(await expectedIds(filters));
  });

  test("newest first tells apart products created within the same millisecond", async () => {
    const listed = ids(await walk({ ids: ownIds }, 1));
    const [earlier, later] = ["Canottiera Vicina 1", "Canottiera Vicina 2"].map(idOf) as [number, number];
    expect(listed.indexOf(later)).toBeLessThan(listed.indexOf(earlier));
  });

  test("products without a price come last in both price orders", async () => {
    for (const sort of ["price_asc", "price_desc"] as const) {
      const listed = await walk({ sort }, 50);
      const firstMissing = listed.findIndex((product) => product.priceCents === null);
      expect(firstMissing).toBeGreaterThan(0);
      expect(listed.slice(firstMissing).every((product) => product.priceCents === null)).toBe(true);
    }
  });

  test("filtered lists paginate as well", async () => {
    const filters: Partial<ListingFilters> = { category: "Donna", sort: "price_desc", sizes: ["M", "L"] };
    expect(ids(await walk(filters, 7))).toEqual(await expectedIds(filters));
  });

  test("a cursor is refused when it is not one or belongs to another order", async () => {
    const { nextCursor } = await listProducts(db, { sort: "price_asc" });
    expect(nextCursor).not.toBeNull();
    await expect(listProducts(db, { sort: "price_desc" }, { cursor: nextCursor })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
    await expect(listProducts(db, {}, { cursor: "not-a-cursor" })).rejects.toBeInstanceOf(InvalidCursorError);
    const forged = Buffer.from(JSON.stringify({ kind: "newest", key: "'; drop table products; --", id: 1, total: 3 }));
    await expect(listProducts(db, {}, { cursor: forged.toString("base64url") })).rejects.toBeInstanceOf(
      InvalidCursorError,
    );
  });

  test("a hand-made cursor with values PostgreSQL would refuse is an invalid cursor, not a failure", async () => {
    const made = (kind: string, key: unknown, id: unknown = 1) =>
      Buffer.from(JSON.stringify({ kind, key, id, total: 3 })).toString("base64url");
    const refused = [
      { sort: "price_asc", cursor: made("price_asc", 2 ** 31) },
      { sort: "price_asc", cursor: made("price_asc", 1e300) },
      { sort: "price_desc", cursor: made("price_desc", 100, 2 ** 31) },
      { sort: "price_desc", cursor: made("price_desc", 100, 0) },
      { sort: "created_at_desc", cursor: made("newest", "2024-02-30 10:00:00+00") },
      { sort: "created_at_desc", cursor: made("newest", "2024-13-01 10:00:00+00") },
      { sort: "created_at_desc", cursor: made("newest", "0000-01-01 00:00:00+00") },
      { sort: "created_at_desc", cursor: made("newest", "2024-01-01 10:00:00+16") },
    ] as const;
    for (const { sort, cursor } of refused) {
      await expect(listProducts(db, { sort }, { cursor })).rejects.toBeInstanceOf(InvalidCursorError);
    }
    const newest = made("newest", "2024-02-29 23:59:59.123456+01:00");
    // A real moment, in another time zone, on a leap day: taken (its total comes back from the cursor).
    await expect(listProducts(db, {}, { cursor: newest })).resolves.toMatchObject({ totalCount: 3 });
  });
});

describe("search", () => {
  /** Products for which the query is right, straight from the tables. */
  async function productsWhere(condition: SQL): Promise<number[]> {
    const result = await db.execute<{ id: number }>(sql`select p.id from products p where ${condition}`);
    return result.rows.map((row) => row.id);
  }

  const bras = sql`p.subcategory = 'reggiseno'`;
  const hasColour = (colour: string) =>
    sql`exists (select 1 from product_variants v where v.product_id = p.id and v.color_name = ${colour})`;
  const plurals: Record<Subcategory, string> = {
    pigiama: "pigiami",
    maglia: "maglie",
    calze: "calze",
    slip: "slip",
    reggiseno: "reggiseni",
    panty: "panty",
    "t-shirt": "t-shirt",
    canottiera: "canottiere",
    cappotto: "cappotti",
    giacca: "giacche",
    pantaloni: "pantaloni",
    modellatore: "modellatori",
    culotte: "culotte",
    parigamba: "parigamba",
    piumino: "piumini",
    camicia: "camicie",
    kaftano: "kaftani",
    telo: "teli",
    sciarpa: "sciarpe",
    intero: "interi",
    bikini: "bikini",
    gonna: "gonne",
    borsa: "borse",
  };
  const cases: { query: string; relevant: SQL }[] = [
    { query: "reggiseno", relevant: bras },
    { query: "reggiseni", relevant: bras },
    { query: "regiseno", relevant: bras },
    { query: "REGGISENO", relevant: bras },
    { query: "Lunaria", relevant: sql`p.brand = 'Lunaria'` },
    {
      query: "bordeaux",
      relevant: sql`exists (select 1 from product_variants v where v.product_id = p.id and v.color_name = 'Bordeaux')`,
    },
    { query: "pigiama", relevant: sql`p.subcategory = 'pigiama'` },
    { query: "pigama", relevant: sql`p.subcategory = 'pigiama'` },
    {
      query: "regiseno nerro",
      relevant: sql`p.subcategory = 'reggiseno' and exists (select 1 from product_variants v where v.product_id = p.id and v.color_name = 'Nero')`,
    },
    { query: "elise", relevant: sql`p.sku like ${`${skuPrefix}%`} and p.name like '%Élise%'` },
    // A misspelling of a word that only our own product brought into the catalogue's vocabulary.
    { query: "elyse", relevant: sql`p.sku like ${`${skuPrefix}%`} and p.name like '%Élise%'` },
    { query: "élise", relevant: sql`p.sku like ${`${skuPrefix}%`} and p.name like '%Élise%'` },
    // Everyday Italian, through the synonym table.
    { query: "costume da bagno", relevant: sql`p.subcategory in ('bikini', 'intero')` },
    { query: "costumi", relevant: sql`p.subcategory in ('bikini', 'intero')` },
    { query: "Costumi da bagno rossi", relevant: sql`p.subcategory in ('bikini', 'intero') and ${hasColour("Rosso")}` },
    { query: "mutande", relevant: sql`p.subcategory in ('slip', 'culotte', 'panty', 'parigamba')` },
    // A t-shirt, not a 'maglia' (a jumper), the nearest word of the catalogue.
    { query: "maglietta", relevant: sql`p.subcategory = 't-shirt'` },
    { query: "magliette", relevant: sql`p.subcategory = 't-shirt'` },
    { query: "calzini", relevant: sql`p.subcategory = 'calze'` },
    { query: "calzìni", relevant: sql`p.subcategory = 'calze'` },
    { query: "calzini nerri", relevant: sql`p.subcategory = 'calze' and ${hasColour("Nero")}` },
  ];

  test.each(cases)("'$query' finds every relevant product, the relevant ones first", async ({ query, relevant }) => {
    const expected = await productsWhere(relevant);
    expect(expected.length).toBeGreaterThan(0);
    const found = ids(await walk({ search: query }, 100));
    // Everything relevant is found…
    expect(found).toEqual(expect.arrayContaining(expected));
    // …and ranked above anything found for a weaker reason (a word in a description, a near miss).
    expect(found.slice(0, expected.length).sort()).toEqual([...expected].sort());
  });

  test.each(subcategories)("the plural of '%s' finds all of it", async (subcategory) => {
    const plural = plurals[subcategory];
    const expected = await productsWhere(sql`p.subcategory = ${subcategory}`);
    expect(ids(await walk({ search: plural }, 100))).toEqual(expect.arrayContaining(expected));
  });

  // The table checks itself: a word the shop adds must find the subcategories it names.
  test.each(searchSynonyms.flatMap(({ words, subcategories }) => words.map((word) => ({ word, subcategories }))))(
    "'$word' finds every product of $subcategories",
    async ({ word, subcategories }) => {
      const expected = await productsWhere(sql`p.subcategory = any(${sql.param(subcategories)}::text[])`);
      expect(expected.length).toBeGreaterThan(0);
      expect(ids(await walk({ search: word }, 100))).toEqual(expect.arrayContaining(expected));
    },
  );

  test("any run of minus signs is one negation: PostgreSQL's parser takes no more than 32 in a row", async () => {
    for (const search of ["-".repeat(100), `${"- ".repeat(40)}pigiama`, `${"-ж".repeat(50)}`, `${"-(".repeat(40)}a`]) {
      await expect(listProducts(db, { search })).resolves.toMatchObject({ products: expect.any(Array) });
    }
    const negated = await listProducts(db, { search: `cotone ${"-".repeat(40)}pigiama` }, { pageSize: 1000 });
    expect(negated.totalCount).toBeGreaterThan(0);
    expect(negated.products.every((product) => product.subcategory !== "pigiama")).toBe(true);
  });

  test("a search that finds nothing comes with everyday words to try, and only then", async () => {
    const nothing = await listProducts(db, { search: "mutandexyz" });
    expect(nothing.totalCount).toBe(0);
    expect(nothing.suggestions[0]).toBe("mutande");
    for (const word of nothing.suggestions)
      expect((await listProducts(db, { search: word })).totalCount).toBeGreaterThan(0);
    expect((await listProducts(db, { search: "pigiama" })).suggestions).toEqual([]);
  });

  test("a typo that is far from every word finds nothing", async () => {
    expect((await listProducts(db, { search: "xqzwv" })).totalCount).toBe(0);
  });

  test("search pages by relevance without duplicates or gaps, and filters still apply", async () => {
    const single = ids((await listProducts(db, { search: "cotone" }, { pageSize: 1000 })).products);
    expect(single.length).toBeGreaterThan(10);
    expect(ids(await walk({ search: "cotone" }, 4))).toEqual(single);

    const filtered = await walk({ search: "cotone", category: "Bambini" }, 4);
    expect(filtered.length).toBeGreaterThan(0);
    expect(filtered.every((product) => product.gender === "Bambini")).toBe(true);
    expect(ids(filtered)).toEqual(single.filter((id) => filtered.some((product) => product.id === id)));
  });

  test("a search sorted by price follows the price, not the relevance", async () => {
    const listed = await walk({ search: "reggiseno", sort: "price_asc" }, 3);
    const prices = listed.map((product) => product.priceCents ?? Number.POSITIVE_INFINITY);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  });
});

import { and, count, eq, gte, inArray, isNull, lt, ne, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "~/db/client.server";
import { productColors, products } from "~/db/schema";
import { SHOP_PAGE_SIZE } from "~/modules/shop/constants";
import { getCatalogFacets } from "./facets.server";
import { ALL, type CatalogFilters, defaultFilters, priceBucketRange } from "./filters";
import { productIdSchema } from "./product-id";
import { expandSynonyms, searchSuggestions } from "./search-synonyms";
import type { Gender } from "./values";

// The catalogue listing: filters, sorting and keyset
// pagination. A page starts right after the last row of the previous page, so any page costs the
// same as the first one, and rows that tie on price or date are never repeated or skipped because
// the product id always breaks the tie.

export type ListingFilters = CatalogFilters & {
  /** Only these products (e.g. the cart's). */
  ids?: number[];
  /** Leave this product out (e.g. the one on the page, for related products). */
  excludeId?: number;
  /** Only products carrying this flag. */
  flag?: "new" | "outlet" | "newCollection";
  /** Only products with at least one variant in stock. */
  inStockOnly?: boolean;
};

export type ColourOption = { name: string; code: string; available: boolean };

export type ProductSummary = {
  id: number;
  name: string;
  brand: string;
  gender: Gender;
  subcategory: string;
  /** null: price not available, the product cannot be bought. */
  priceCents: number | null;
  /** The reference price; crossed out beside the price when higher (crossed-out-price.ts). */
  originalPriceCents: number | null;
  /** Shown in brackets after the price, e.g. "confezione da 3". */
  pricePerPack: string | null;
  /** Above 1, the price is one piece's of several bought together. */
  minQuantity: number;
  image: string | null;
  isNew: boolean;
  isOutlet: boolean;
  isNewCollection: boolean;
  /** At least one variant has stock. */
  inStock: boolean;
  /** In the product's own order; `available` = some size of that colour has stock. */
  colours: ColourOption[];
  /** ISO 8601. */
  createdAt: string;
};

export type ProductPage = {
  products: ProductSummary[];
  /** Products matching the filters, across all pages. */
  totalCount: number;
  /** Pass back to get the next page; null on the last page. */
  nextCursor: string | null;
  /** A search that found nothing: everyday words to try instead (search-synonyms.ts); else empty. */
  suggestions: string[];
};

export class InvalidCursorError extends Error {
  constructor() {
    super("Invalid page cursor");
  }
}

/**
 * One page of the catalogue. Searching with the default sort orders by relevance (best matches
 * first); otherwise by the chosen sort. Missing filters take their defaults.
 */
export async function listProducts(
  db: Queryable,
  filters: Partial<ListingFilters> = {},
  { pageSize = SHOP_PAGE_SIZE, cursor = null }: { pageSize?: number; cursor?: string | null } = {},
): Promise<ProductPage> {
  const all: ListingFilters = { ...defaultFilters, ...filters };
  const search = all.search ? await searchTerms(db, all.search) : null;
  const order = orderFor(all, search);
  const position = cursor === null ? null : decodeCursor(cursor, order.kind);
  const where = and(...filterConditions(all, search));

  const [rows, totalCount] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        brand: products.brand,
        gender: products.gender,
        subcategory: products.subcategory,
        priceCents: products.priceCents,
        originalPriceCents: products.originalPriceCents,
        pricePerPack: products.pricePerPack,
        minQuantity: products.minQuantity,
        isNew: products.isNew,
        isOutlet: products.isOutlet,
        isNewCollection: products.isNewCollection,
        createdAt: products.createdAt,
        image: sql<string | null>`(
          select i.path from product_images i
          where i.product_id = ${outerProductId}
          order by i.position, i.id
          limit 1
        )`,
        colours: sql<ColourOption[]>`(
          select coalesce(json_agg(json_build_object('name', c.name, 'code', c.code, 'available', c.available) order by c.first_position), '[]')
          from (
            select v.color_name as name, min(v.color_code) as code, bool_or(v.stock > 0) as available, min(v.position) as first_position
            from product_variants v
            where v.product_id = ${outerProductId}
            group by v.color_name
          ) c
        )`,
        sortKey: sql<string | number>`${order.key}`,
      })
      .from(products)
      .where(position ? and(where, order.after(position.key, position.id)) : where)
      .orderBy(...order.orderBy)
      // One row more than asked tells whether another page follows.
      .limit(pageSize + 1),
    // Counted once, with the first page; later pages carry the total in their cursor.
    position ? position.total : countProducts(db, all, search, where),
  ]);

  const pageRows = rows.slice(0, pageSize);
  const last = pageRows.at(-1);
  return {
    products: pageRows.map(({ sortKey, createdAt, ...row }) => ({
      ...row,
      inStock: row.colours.some((colour) => colour.available),
      createdAt: createdAt.toISOString(),
    })),
    totalCount,
    nextCursor:
      rows.length > pageSize && last
        ? encodeCursor({ kind: order.kind, key: last.sortKey, id: last.id, total: totalCount })
        : null,
    suggestions:
      all.search && totalCount === 0 ? searchSuggestions(all.search, (await getCatalogFacets(db)).subcategories) : [],
  };
}

// Drizzle writes a select list's columns unqualified, and a bare "id" inside a subquery would name the
// subquery's own table: the product's id is spelt out in full there.
const outerProductId = sql.raw(`"products"."id"`);

// ---------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------

/**
 * How a search matches: through the full-text index (Italian stemming, accents ignored: 'reggiseni'
 * finds 'Reggiseno'), ranked by ts_rank, which weighs name, brand and subcategory over colours and
 * tags, over the description. Everyday words of the synonym table ('mutande', 'maglietta') find
 * their subcategories as well as themselves. When no product matches the other words as written,
 * each is taken for a misspelling and replaced by the most similar word of the catalogue's
 * vocabulary (trigram similarity on search_words, the words of search_text: 'regiseno' → 'reggiseno').
 *
 * Correcting the words, rather than comparing the term with every product's text, keeps a typo as
 * fast as any other search: similarity row by row cost tens of milliseconds with 10,000 products.
 */
type SearchTerms = { matches: SQL; rank: SQL };

async function searchTerms(db: Queryable, typed: string): Promise<SearchTerms> {
  const { rest, alternatives } = expandSynonyms(typed);
  // Each recognised phrase: any of its alternatives; all the phrases, and the other words, together.
  const synonyms = alternatives.map((group) => sql`(${sql.join(group.map(toTsQuery), sql` || `)})`);
  const words = rest || synonyms.length === 0 ? toTsQuery(await correctedWords(db, rest, synonyms)) : null;
  const tsQuery = sql`(${sql.join(words ? [words, ...synonyms] : synonyms, sql` && `)})`;
  return {
    matches: sql`${products.searchVector} @@ ${tsQuery}`,
    rank: sql`ts_rank(${products.searchVector}, ${tsQuery})`,
  };
}

function toTsQuery(search: string): SQL {
  return sql`websearch_to_tsquery('italian_unaccent', ${websearchText(search)})`;
}

/** The words as typed when some product matches them (with the synonyms found beside them), else each corrected. */
async function correctedWords(db: Queryable, typed: string, synonyms: SQL[]): Promise<string> {
  const search = websearchText(typed);
  const { rows } = await db.execute<{ terms: string }>(sql`
    select case
      when exists (select 1 from products where archived_at is null and search_vector @@ (${sql.join([toTsQuery(search), ...synonyms], sql` && `)}))
        then ${search}
      else (
        select string_agg(
          coalesce(
            (select s.word from search_words s where s.word % w.input order by similarity(s.word, w.input) desc, s.word limit 1),
            w.input
          ),
          ' ' order by w.position
        )
        from regexp_split_to_table(lower(immutable_unaccent(${search})), '[^a-z0-9-]+') with ordinality as w(input, position)
        where w.input <> ''
      )
    end as terms`);
  return rows[0]?.terms ?? search;
}

/**
 * Text for websearch_to_tsquery that it can always parse. Each "-" before a word negates it, and
 * PostgreSQL gives up on more than 32 negations in a row ("tsquery stack too small"): a run of minus
 * signs with no word between them (only spaces or punctuation, which it skips) means one "-".
 * The corrected words are checked again: dropping the letters it does not know can join such a run.
 */
function websearchText(search: string): string {
  return search.replace(/-[^\p{L}\p{N}"]*-/gu, "-");
}

/** A variant's colour and size as products.color_sizes holds them (migration 0020): joined by chr(31). */
function colorSizeKey(color: string, size: string): string {
  return `${color}\u001f${size}`;
}

function filterConditions(filters: ListingFilters, search: SearchTerms | null): SQL[] {
  // Archived products are off sale: never listed (the listing indexes hold only the others).
  const conditions: SQL[] = [isNull(products.archivedAt), ...catalogueConditions(filters, products)];
  // Colour and sizes must meet on the same variant: "Nero in M", not "Nero in some size, M in another
  // colour". All three are read from the product's own lists of its variants' (migrations 0019, 0020).
  if (filters.color !== ALL) {
    conditions.push(sql`${products.colors} && ${sql.param([filters.color])}::text[]`);
    if (filters.sizes.length > 0) {
      const pairs = filters.sizes.map((size) => colorSizeKey(filters.color, size));
      conditions.push(sql`${products.colorSizes} && ${sql.param(pairs)}::text[]`);
    }
  } else if (filters.sizes.length > 0) {
    conditions.push(sql`${products.sizes} && ${sql.param(filters.sizes)}::text[]`);
  }
  return [...conditions, ...productOnlyConditions(filters, search)];
}

/** Category, subcategory, price and brands: columns of the products and of their colours' rows alike. */
function catalogueConditions(filters: ListingFilters, table: typeof products | typeof productColors): SQL[] {
  const conditions: SQL[] = [];
  if (filters.category !== ALL) conditions.push(eq(table.gender, filters.category));
  if (filters.subcategory !== ALL) conditions.push(sql`${table.subcategory} = ${filters.subcategory}`);
  if (filters.price !== ALL) {
    const { minCents, maxCents } = priceBucketRange(filters.price);
    if (minCents !== null) conditions.push(gte(table.priceCents, minCents));
    if (maxCents !== null) conditions.push(lt(table.priceCents, maxCents));
  }
  if (filters.brands.length > 0) conditions.push(inArray(table.brand, filters.brands));
  return conditions;
}

/** The filters only the products table can answer: the colour rows do not copy these columns. */
function productOnlyConditions(filters: ListingFilters, search: SearchTerms | null): SQL[] {
  const conditions: SQL[] = [];
  if (search) conditions.push(search.matches);
  if (filters.ids) conditions.push(inArray(products.id, filters.ids.length > 0 ? filters.ids : [-1]));
  if (filters.excludeId !== undefined) conditions.push(ne(products.id, filters.excludeId));
  if (filters.flag === "new") conditions.push(eq(products.isNew, true));
  if (filters.flag === "outlet") conditions.push(eq(products.isOutlet, true));
  if (filters.flag === "newCollection") conditions.push(eq(products.isNewCollection, true));
  if (filters.inStockOnly) {
    conditions.push(sql`exists (select 1 from product_variants v where v.product_id = ${products.id} and v.stock > 0)`);
  }
  return conditions;
}

/**
 * How many products match, across all pages. A colour with no filter beyond the table's columns is
 * counted from its range of product_colors (migration 0021): from the products, the count read every
 * entry of their filters index and checked each product's colours.
 */
function countProducts(
  db: Queryable,
  filters: ListingFilters,
  search: SearchTerms | null,
  where: SQL | undefined,
): Promise<number> {
  const query =
    filters.color !== ALL && productOnlyConditions(filters, search).length === 0
      ? db
          .select({ count: count() })
          .from(productColors)
          .where(
            and(
              eq(productColors.color, filters.color),
              ...catalogueConditions(filters, productColors),
              // The sizes of this colour: "Nero in M" still means a variant Nero/M.
              filters.sizes.length > 0 ? sql`${productColors.sizes} && ${sql.param(filters.sizes)}::text[]` : undefined,
            ),
          )
      : db.select({ count: count() }).from(products).where(where);
  return query.then(([row]) => row?.count ?? 0);
}

// ---------------------------------------------------------------------------
// Sorting and keyset positions
// ---------------------------------------------------------------------------

type OrderKind = "newest" | "price_asc" | "price_desc" | "relevance";

type Order = {
  kind: OrderKind;
  /** The value compared after the id; selected so that the last row of a page becomes the cursor. */
  key: SQL;
  orderBy: SQL[];
  /** Rows strictly after the position (key, id) in this order. */
  after: (key: string | number, id: number) => SQL;
};

// Products without a price go last in both price orders. These expressions match the indexes of
// migration 0004_catalogue_listing word for word, so PostgreSQL reads pages straight from them.
const priceAscKey = sql`coalesce(${products.priceCents}, 2147483647)`;
const priceDescKey = sql`coalesce(${products.priceCents}, -1)`;

function orderFor(filters: ListingFilters, search: SearchTerms | null): Order {
  if (search && filters.sort === "created_at_desc") {
    // Rounded to an integer so that the cursor compares exactly.
    const rank = sql`(round(${search.rank} * 1000000))::integer`;
    return {
      kind: "relevance",
      key: rank,
      orderBy: [sql`${rank} desc`, sql`${products.id} desc`],
      after: (key, id) => sql`(${rank}, ${products.id}) < (${Number(key)}::integer, ${id}::integer)`,
    };
  }
  switch (filters.sort) {
    case "price_asc":
      return {
        kind: "price_asc",
        key: priceAscKey,
        orderBy: [sql`${priceAscKey} asc`, sql`${products.id} asc`],
        after: (key, id) => sql`(${priceAscKey}, ${products.id}) > (${Number(key)}::integer, ${id}::integer)`,
      };
    case "price_desc":
      return {
        kind: "price_desc",
        key: priceDescKey,
        orderBy: [sql`${priceDescKey} desc`, sql`${products.id} desc`],
        after: (key, id) => sql`(${priceDescKey}, ${products.id}) < (${Number(key)}::integer, ${id}::integer)`,
      };
    case "created_at_desc":
      return {
        kind: "newest",
        // As text: a JavaScript Date would drop the microseconds and skip rows created in the same millisecond.
        key: sql`${products.createdAt}::text`,
        orderBy: [sql`${products.createdAt} desc`, sql`${products.id} desc`],
        after: (key, id) =>
          sql`(${products.createdAt}, ${products.id}) < (${String(key)}::timestamptz, ${id}::integer)`,
      };
  }
}

// A cursor comes back from the browser and may have been made by hand: every value must be one
// PostgreSQL takes, or the page would fail instead of answering "invalid cursor".
const INT4_MIN = -2_147_483_648;
const INT4_MAX = 2_147_483_647;

const timestampPattern = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.\d{1,6})?[+-](\d{2})(?::(\d{2}))?$/;

/** A timestamptz as PostgreSQL writes it as text ("2024-05-01 10:00:00.123456+00"), of a moment that exists. */
function isTimestampText(text: string): boolean {
  const [, date = "", time = "", offsetHours = "", offsetMinutes = "00"] = timestampPattern.exec(text) ?? [];
  // PostgreSQL has no year 0.
  if (!date || date.startsWith("0000")) return false;
  // A date that does not exist (February 30th) rolls over into another: it must read back the same.
  const moment = new Date(`${date}T${time}Z`);
  const exists = !Number.isNaN(moment.getTime()) && moment.toISOString().startsWith(`${date}T${time}`);
  return exists && Number(offsetHours) <= 15 && Number(offsetMinutes) <= 59;
}

const int4 = z.number().int().min(INT4_MIN).max(INT4_MAX);
const total = z.number().int().min(0).max(INT4_MAX);

const cursorSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("newest"), key: z.string().refine(isTimestampText), id: productIdSchema, total }),
  z.object({ kind: z.enum(["price_asc", "price_desc", "relevance"]), key: int4, id: productIdSchema, total }),
]);

type Cursor = z.infer<typeof cursorSchema>;

function encodeCursor(cursor: { kind: OrderKind; key: string | number; id: number; total: number }): string {
  return Buffer.from(JSON.stringify(cursor)).toString("base64url");
}

function decodeCursor(value: string, kind: OrderKind): Cursor {
  try {
    const cursor = cursorSchema.parse(JSON.parse(Buffer.from(value, "base64url").toString("utf8")));
    if (cursor.kind === kind) return cursor;
  } catch {
    // fall through
  }
  throw new InvalidCursorError();
}

// Admin order list benchmark: `npm run bench:admin`. Loads 20,000 orders with a realistic spread of
// statuses, payments, deliveries, dates and Italian names into a throwaway database and measures the
// admin's order list (first, middle and last page, each filter, search by name, e-mail and order
// number) and the CSV export of every order, each beside a ceiling measured in the same run: the very
// SQL statements the app sent, replayed through the bare driver. See docs/decisions/0010-admin-order-list.md.
// Then it adds orders up to 100,000, with their lines, refunds and withdrawals, and measures every
// sales statistic the same way (docs/decisions/0012-sales-statistics.md).
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server on which a throwaway database is created;
// default: a throwaway embedded PostgreSQL), BENCH_KEEP_DATABASE=1 (keep it, server only),
// BENCH_ORDERS (default 20000), BENCH_STATS_ORDERS (default 100000), BENCH_EXPLAIN=1 (print the plan of each case's list query).
import os from "node:os";
import { drizzle } from "drizzle-orm/node-postgres";
import type { PgInsertValue } from "drizzle-orm/pg-core";
import type pg from "pg";
import type { Database } from "../app/db/client.server";
import * as schema from "../app/db/schema";
import { seededRandom } from "../app/demo/product-art";
import { subcategories } from "../app/modules/catalog/values";
import { addDays, romeDay } from "../app/modules/dates/rome";
import { exportOrders, listOrders } from "../app/modules/orders/admin-orders.server";
import { noOrderFilters, type OrderListFilters } from "../app/modules/orders/order-list-filters";
import { ordersCsvHeader, ordersCsvRows } from "../app/modules/orders/orders-csv";
import type { DeliveryMethod } from "../app/modules/orders/values";
import { previousPeriod, type StatsPeriod } from "../app/modules/stats/periods";
import {
  bestSellers,
  deliverySplit,
  reservations,
  returnsRate,
  salesSeries,
  salesStats,
  salesTotals,
  sellThrough,
  stockRunningOut,
} from "../app/modules/stats/sales-stats.server";
import {
  type BenchRow,
  compareWithCeiling,
  loadBenchData,
  log,
  ms,
  printTable,
  type RecordedQuery,
  runOnAppDatabase,
  type Stats,
  sqlRow,
} from "./bench-support";

const orderCount = Number(process.env.BENCH_ORDERS ?? 20_000);
const listRuns = 200;
const exportRuns = 10;
const listTargetMs = 20;
const exportTargetMs = 1000;
const statsOrderCount = Math.max(orderCount, Number(process.env.BENCH_STATS_ORDERS ?? 100_000));
const statsRuns = 10;
const statsTargetMs = 250;

const rows: BenchRow[] = [];
const recorded: RecordedQuery[] = [];

async function main(): Promise<void> {
  await runOnAppDatabase(
    "admin",
    { recorded },
    async ({ pool, db }) => {
      const sample = await loadBenchData(pool, `${orderCount} orders`, () => loadOrders(pool, orderCount));
      await benchList(db, pool, sample);
      await benchExport(db, pool);
      await loadBenchData(pool, `up to ${statsOrderCount} orders with their lines`, () =>
        loadStatsData(pool, statsOrderCount - orderCount),
      );
      await benchStats(db, pool);
    },
    () =>
      printTable(
        `Admin benchmark: list and export on ${orderCount} orders, statistics on ${statsOrderCount}, ${os.cpus().length} CPUs, Node ${process.version}`,
        rows,
      ),
  );
}

// ---------------------------------------------------------------------------
// Data
// ---------------------------------------------------------------------------

// Seeded: the same orders at every run.
const random = seededRandom(20_261_123);
const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;

/** One of the weighted choices: [value, weight][]. */
function weighted<T>(choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let roll = random() * total;
  for (const [value, weight] of choices) {
    roll -= weight;
    if (roll < 0) return value;
  }
  return choices[choices.length - 1]?.[0] as T;
}

const firstNames = [
  "Giulia",
  "Francesca",
  "Chiara",
  "Sara",
  "Martina",
  "Valentina",
  "Alessia",
  "Federica",
  "Elena",
  "Silvia",
  "Laura",
  "Anna",
  "Paola",
  "Roberta",
  "Nicoletta",
  "Marco",
  "Luca",
  "Andrea",
  "Matteo",
  "Alessandro",
  "Davide",
  "Simone",
  "Federico",
  "Lorenzo",
  "Nicolò",
  "Giuseppe",
  "Giovanni",
  "Antonio",
  "Stefano",
  "Fabio",
] as const;
const lastNames = [
  "Rossi",
  "Russo",
  "Ferrari",
  "Esposito",
  "Bianchi",
  "Romano",
  "Colombo",
  "Ricci",
  "Marino",
  "Greco",
  "Bruno",
  "Gallo",
  "Conti",
  "De Luca",
  "Mancini",
  "Costa",
  "Giordano",
  "Rizzo",
  "Lombardi",
  "Moretti",
  "Barbieri",
  "Fontana",
  "Santoro",
  "Mariani",
  "Rinaldi",
  "Caruso",
  "Ferrara",
  "Galli",
  "Martini",
  "Leone",
  "Longo",
  "Gentile",
  "Martinelli",
  "Vitale",
  "Lombardo",
  "Serra",
  "Coppola",
  "De Santis",
  "D'Angelo",
  "Marchetti",
  "Parisi",
  "Villa",
  "Conte",
  "Ferraro",
  "Ferri",
  "Fabbri",
  "Bianco",
  "Marini",
  "Grasso",
  "Valentini",
] as const;
const domains = ["gmail.com", "libero.it", "hotmail.it", "yahoo.it", "outlook.it", "alice.it", "tiscali.it"] as const;

type Kind = readonly [schema.OrderStatus, schema.PaymentStatus, DeliveryMethod];

// Most orders of a shop a few years old are done; few wait for something.
const kinds: readonly (readonly [Kind, number])[] = [
  [["completed", "paid", "shipping"], 50],
  [["completed", "paid", "pickup"], 8],
  [["completed", "paid_in_store", "pickup_and_pay"], 7],
  [["gls_closed", "paid", "shipping"], 4],
  [["shipped", "paid", "shipping"], 3],
  [["processing", "paid", "shipping"], 3],
  [["processing", "paid", "pickup"], 1],
  [["reserved", "to_be_paid_in_store", "pickup_and_pay"], 2],
  [["pending_payment", "pending", "shipping"], 1],
  [["payment_failed", "failed", "shipping"], 5],
  [["cancelled", "failed", "shipping"], 6],
  [["cancelled", "refunded", "shipping"], 4],
  [["cancelled", "to_be_paid_in_store", "pickup_and_pay"], 3],
  [["completed", "partially_refunded", "shipping"], 3],
];

type Sample = { name: string; email: string; shortId: string };

/** `total` orders over the last three years, more of them recently; returns one order's search keys. */
async function loadOrders(pool: pg.Pool, total: number): Promise<Sample> {
  const now = Date.now();
  const threeYearsMs = 3 * 365 * 24 * 60 * 60 * 1000;
  const values: PgInsertValue<typeof schema.orders, true>[] = [];
  for (let i = 0; i < total; i++) {
    const [status, paymentStatus, deliveryMethod] = weighted(kinds);
    // The newest orders are still open: keep waiting statuses within the last weeks.
    const ageMs = ["completed", "cancelled", "payment_failed"].includes(status)
      ? Math.sqrt(random()) * threeYearsMs
      : random() * 20 * 24 * 60 * 60 * 1000;
    const name = `${pick(firstNames)} ${pick(lastNames)}`;
    const email = `${name.toLowerCase().replace(/[^a-z]+/g, ".")}${Math.floor(random() * 100)}@${pick(domains)}`;
    const shipped =
      ["shipped", "gls_closed"].includes(status) || (status === "completed" && deliveryMethod === "shipping");
    const subtotalCents = 1500 + Math.floor(random() * 20_000);
    const shippingCostCents = deliveryMethod === "shipping" && subtotalCents < 10_000 ? 790 : 0;
    values.push({
      createdAt: new Date(now - ageMs),
      email,
      status,
      paymentStatus,
      deliveryMethod,
      shippingAddress: {
        name: random() < 0.02 ? "" : name,
        address: `Via Roma ${1 + Math.floor(random() * 200)}`,
        city: "Fossano",
        postalCode: "12045",
        province: "CN",
        country: "Italia",
        phone: "333 1234567",
        email,
      },
      subtotalCents,
      shippingCostCents,
      totalCents: subtotalCents + shippingCostCents,
      shippingTracking: shipped ? `GLS${String(i).padStart(9, "0")}` : null,
      shippingLabelPath: shipped ? `label-${i}.pdf` : null,
    });
  }
  const db = drizzle(pool, { schema });
  for (let start = 0; start < values.length; start += 2000) {
    await db.insert(schema.orders).values(values.slice(start, start + 2000));
  }
  const { rows } = await pool.query<{ name: string; email: string; id: string }>(
    "select shipping_address->>'name' as name, email, id from orders where shipping_address->>'name' <> '' order by created_at desc offset 5000 limit 1",
  );
  const [row] = rows;
  if (!row) throw new Error("no orders loaded");
  return { name: row.name, email: row.email, shortId: row.id.slice(0, 8) };
}

const brands = ["Lovable", "Sloggi", "Triumph", "Playtex", "Liabel", "Ragno", "Cotonella", "Lormar", "Lepel"] as const;

/**
 * For the statistics: 400 products of 4 variants, `moreOrders` orders more, 1 to 3 lines on every
 * order, the refunds of the refunded orders and a withdrawal on 3% of the orders sold.
 */
async function loadStatsData(pool: pg.Pool, moreOrders: number): Promise<void> {
  const db = drizzle(pool, { schema });
  const products = await db
    .insert(schema.products)
    .values(
      Array.from({ length: 400 }, (_, i) => ({
        name: `Articolo ${i + 1}`,
        gender: pick(["Donna", "Uomo", "Bambini"] as const),
        subcategory: pick(subcategories),
        brand: pick(brands),
        priceCents: 1000 + Math.floor(random() * 5000),
        sku: `BENCH-${i}`,
      })),
    )
    .returning({ id: schema.products.id });
  await db.insert(schema.productVariants).values(
    products.flatMap(({ id }) =>
      ["S", "M", "L", "XL"].map((size) => ({
        productId: id,
        colorName: "Nero",
        colorCode: "#111111",
        size,
        sku: `BENCH-${id}-${size}`,
        stock: Math.floor(random() * 60),
      })),
    ),
  );
  if (moreOrders > 0) await loadOrders(pool, moreOrders);
  // Lines in SQL: a random variant per line, 1 to 3 lines per order.
  await pool.query(`
    with v as (select min(id) as first, count(*) as n from product_variants),
    lines as (
      select o.id as order_id, v.first + floor(random() * v.n)::int as variant_id, 1 + floor(random() * 3)::int as quantity
      from orders o cross join v cross join lateral generate_series(1, 1 + floor(random() * 3)::int) as g
    )
    insert into order_items (order_id, product_id, variant_id, product_name, quantity, unit_price_cents, discount_cents)
    select l.order_id, pv.product_id, pv.id, p.name, l.quantity, p.price_cents, case when random() < 0.2 then 200 else 0 end
    from lines l join product_variants pv on pv.id = l.variant_id join products p on p.id = pv.product_id`);
  await pool.query(`
    insert into payments (order_id, provider, state, amount_cents, expires_at, paid_at)
    select id, 'sandbox', 'paid', total_cents, created_at, created_at from orders
    where payment_status in ('refunded', 'partially_refunded')`);
  await pool.query(`
    insert into refunds (order_id, payment_id, provider, amount_cents, state, idempotency_key, requested_by)
    select o.id, p.id, 'sandbox', case when o.payment_status = 'refunded' then o.total_cents else o.total_cents / 3 end,
      'succeeded', gen_random_uuid()::text, 'bench'
    from orders o join payments p on p.order_id = o.id`);
  await pool.query(`
    insert into withdrawal_requests (order_id, name, email, whole_order, state)
    select id, 'Cliente', email, true, 'closed' from orders
    where payment_status in ('paid', 'paid_in_store', 'partially_refunded', 'refunded') and random() < 0.03`);
}

// ---------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------

async function benchList(db: Database, pool: pg.Pool, sample: Sample): Promise<void> {
  const lastPage = (await listOrders(db, noOrderFilters)).pageCount;
  const monthAgo = new Date(Date.now() - 30 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const yearAgo = new Date(Date.now() - 365 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const yearAgoEnd = new Date(Date.now() - 335 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const cases: { name: string; filters: Partial<OrderListFilters> }[] = [
    { name: "no filter, page 1", filters: {} },
    { name: `no filter, page ${Math.ceil(lastPage / 2)}`, filters: { page: Math.ceil(lastPage / 2) } },
    { name: `no filter, last page (${lastPage})`, filters: { page: lastPage } },
    { name: "status processing (rare)", filters: { status: "processing" } },
    { name: "status completed (common), page 5", filters: { status: "completed", page: 5 } },
    { name: "status completed (common), page 250", filters: { status: "completed", page: 250 } },
    { name: "payment refunded", filters: { paymentStatus: "refunded" } },
    { name: "delivery pickup", filters: { deliveryMethod: "pickup" } },
    { name: "last 30 days", filters: { from: monthAgo } },
    { name: "a month a year ago", filters: { from: yearAgo, to: yearAgoEnd } },
    {
      name: "shipping + paid + a month",
      filters: { deliveryMethod: "shipping", paymentStatus: "paid", from: yearAgo, to: yearAgoEnd },
    },
    { name: `search surname "${sample.name.split(" ").at(-1)}"`, filters: { search: sample.name.split(" ").at(-1) } },
    { name: `search full name "${sample.name}"`, filters: { search: sample.name } },
    { name: `search e-mail "${sample.email}"`, filters: { search: sample.email } },
    { name: `search part of e-mail "${sample.email.slice(0, 6)}"`, filters: { search: sample.email.slice(0, 6) } },
    { name: `search 3 letters "ros"`, filters: { search: "ros" } },
    {
      name: `search order "#${sample.shortId.toUpperCase()}"`,
      filters: { search: `#${sample.shortId.toUpperCase()}` },
    },
    { name: "search no match", filters: { search: "zzzqqq" } },
  ];
  for (const { name, filters } of cases) {
    const all = { ...noOrderFilters, ...filters };
    const { totalCount } = await listOrders(db, all);
    const stats = await compareWithCeiling(pool, recorded, () => listOrders(db, all), {
      runs: listRuns,
      parallel: true,
    });
    addRow(`list: ${name} [${totalCount}]`, stats, listTargetMs);
  }
}

async function benchExport(db: Database, pool: pg.Pool): Promise<void> {
  const render = async (filters: OrderListFilters) => {
    let bytes = ordersCsvHeader().length;
    for await (const batch of exportOrders(db, filters)) bytes += ordersCsvRows(batch).length;
    return bytes;
  };
  const recent = new Date(Date.now() - 90 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const [name, filters] of [
    ["every order", noOrderFilters],
    ["last 90 days", { ...noOrderFilters, from: recent }],
  ] as const) {
    const characters = await render(filters);
    const stats = await compareWithCeiling(pool, recorded, () => render(filters), {
      runs: exportRuns,
      parallel: false,
    });
    addRow(`CSV export: ${name} (${(characters / 1e6).toFixed(1)} M chars)`, stats, exportTargetMs);
  }
}

/** Every statistic over a month by day and a year by week, then the whole page; the slowest beside its SQL. */
async function benchStats(db: Database, pool: pg.Pool): Promise<void> {
  const today = romeDay(new Date());
  const periods: { name: string; period: StatsPeriod }[] = [
    { name: "30 days by day", period: { from: addDays(today, -29), to: today, granularity: "giorno" } },
    { name: "a year by week", period: { from: addDays(today, -364), to: today, granularity: "settimana" } },
  ];
  const figures: { name: string; run: (period: StatsPeriod) => Promise<unknown> }[] = [
    { name: "totals", run: (period) => salesTotals(db, period) },
    { name: "series", run: (period) => salesSeries(db, period) },
    { name: "best sellers by units", run: (period) => bestSellers(db, period, "units") },
    { name: "best sellers by revenue", run: (period) => bestSellers(db, period, "revenue") },
    { name: "sell-through by brand", run: (period) => sellThrough(db, period, "brand") },
    { name: "sell-through by subcategory", run: (period) => sellThrough(db, period, "subcategory") },
    { name: "stock running out", run: (period) => stockRunningOut(db, period) },
    { name: "delivery split", run: (period) => deliverySplit(db, period) },
    { name: "reservations", run: (period) => reservations(db, period) },
    { name: "returns rate", run: (period) => returnsRate(db, period) },
  ];
  let slowest: { what: string; app: Stats; ceiling: Stats } | null = null;
  for (const { name: periodName, period } of periods) {
    const { totals } = await salesStats(db, period, previousPeriod(period));
    for (const figure of figures) {
      const stats = await compareWithCeiling(pool, recorded, () => figure.run(period), {
        runs: statsRuns,
        parallel: false,
      });
      const what = `statistics: ${figure.name}, ${periodName} [${totals.orders} orders]`;
      addRow(what, stats, statsTargetMs);
      if (!slowest || stats.app.p95 > slowest.app.p95) slowest = { what, ...stats };
    }
    const page = await compareWithCeiling(pool, recorded, () => salesStats(db, period, previousPeriod(period)), {
      runs: statsRuns,
      parallel: true,
    });
    addRow(`statistics: the whole page, ${periodName}`, page, statsTargetMs);
  }
  if (slowest) {
    log(`Slowest statistic: ${slowest.what}: p95 ${ms(slowest.app.p95)}, bare SQL p95 ${ms(slowest.ceiling.p95)}.`);
  }
}

function addRow(what: string, stats: { app: Stats; ceiling: Stats }, targetMs: number): void {
  rows.push(sqlRow(what, stats, { targetMs, judged: "p95" }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

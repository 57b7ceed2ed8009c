import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import type { DeliveryMethod } from "~/modules/orders/values";
import { bucketStarts, type Granularity, type StatsPeriod } from "./periods";

// The admin's sales statistics, each figure one SQL statement over the orders of a period (callers
// check the admin role first). What counts as a sale and as revenue: docs/decisions/0012-sales-statistics.md.
// Money in integer cents; days are the shop's (Europe/Rome) whatever the server's time zone.

type Range = Pick<StatsPeriod, "from" | "to">;

/** Orders whose money the shop received (online or in the shop), refunded since or not. */
const SOLD = sql.raw(`('paid', 'paid_in_store', 'partially_refunded', 'refunded')`);

/** `o.created_at` within the period's days in Rome: a range of the orders' date index. */
function placedWithin({ from, to }: Range): SQL {
  return sql`o.created_at >= (${from}::date)::timestamp at time zone 'Europe/Rome'
    and o.created_at < ((${to}::date + 1)::timestamp at time zone 'Europe/Rome')`;
}

/** Money given back on order `o` (succeeded refunds only). */
const refundedOf = sql`coalesce((select sum(r.amount_cents) from refunds r where r.order_id = o.id and r.state = 'succeeded'), 0)`;

const truncUnit: Record<Granularity, string> = { giorno: "day", settimana: "week", mese: "month" };

export type SalesTotals = {
  /** Orders sold in the period. */
  orders: number;
  /** What those orders charged, shipping included. */
  grossCents: number;
  /** Refunded on them since. */
  refundedCents: number;
  /** Gross minus refunded: the revenue. */
  revenueCents: number;
  /** Revenue per order, rounded to the cent; 0 without orders. */
  averageOrderCents: number;
};

/** The period's totals. */
export async function salesTotals(db: Queryable, range: Range): Promise<SalesTotals> {
  const { rows } = await db.execute<{ orders: number; gross: string | null; refunded: string | null }>(sql`
    select count(*)::int as orders, sum(o.total_cents) as gross, sum(${refundedOf}) as refunded
    from orders o where o.payment_status in ${SOLD} and ${placedWithin(range)}`);
  const row = rows[0];
  const orders = row?.orders ?? 0;
  const grossCents = Number(row?.gross ?? 0);
  const refundedCents = Number(row?.refunded ?? 0);
  const revenueCents = grossCents - refundedCents;
  return {
    orders,
    grossCents,
    refundedCents,
    revenueCents,
    averageOrderCents: orders === 0 ? 0 : Math.round(revenueCents / orders),
  };
}

export type SalesBucket = { start: string; orders: number; revenueCents: number };

/** Orders and revenue per day, week (from Monday) or month of the period, empty buckets included. */
export async function salesSeries(db: Queryable, period: StatsPeriod): Promise<SalesBucket[]> {
  const unit = truncUnit[period.granularity];
  const { rows } = await db.execute<{ start: string; orders: number; revenue: string }>(sql`
    select to_char(date_trunc(${unit}, o.created_at at time zone 'Europe/Rome'), 'YYYY-MM-DD') as start,
      count(*)::int as orders, sum(o.total_cents - ${refundedOf}) as revenue
    from orders o where o.payment_status in ${SOLD} and ${placedWithin(period)}
    group by 1`);
  const byStart = new Map(rows.map((row) => [row.start, row]));
  return bucketStarts(period).map((start) => {
    const row = byStart.get(start);
    return { start, orders: row?.orders ?? 0, revenueCents: Number(row?.revenue ?? 0) };
  });
}

export type BestSeller = { productId: number | null; name: string; units: number; revenueCents: number };

/**
 * The `limit` products sold most in the period, by units or by revenue. A line's revenue is what it
 * charged (price × quantity minus its discount); refunds are per order, not per line, so not deducted.
 */
export async function bestSellers(
  db: Queryable,
  range: Range,
  by: "units" | "revenue",
  limit = 10,
): Promise<BestSeller[]> {
  const order = by === "units" ? sql`units desc, revenue desc` : sql`revenue desc, units desc`;
  const { rows } = await db.execute<{ productId: number | null; name: string; units: string; revenue: string }>(sql`
    select i.product_id as "productId", min(i.product_name) as name,
      sum(i.quantity) as units, sum(i.quantity * i.unit_price_cents - i.discount_cents) as revenue
    from orders o join order_items i on i.order_id = o.id
    where o.payment_status in ${SOLD} and ${placedWithin(range)}
    group by i.product_id, case when i.product_id is null then i.product_name end
    order by ${order}, name limit ${limit}`);
  return rows.map((row) => ({
    productId: row.productId,
    name: row.name,
    units: Number(row.units),
    revenueCents: Number(row.revenue),
  }));
}

export type SellThrough = {
  group: string;
  /** Pieces sold in the period. */
  sold: number;
  /** Pieces in stock now. */
  inStock: number;
  /** sold / (sold + inStock), 0…1; 0 when neither. */
  rate: number;
};

/** Sell-through per brand or subcategory: the share of the pieces available in the period that sold. */
export async function sellThrough(db: Queryable, range: Range, by: "brand" | "subcategory"): Promise<SellThrough[]> {
  const column = by === "brand" ? sql`p.brand` : sql`p.subcategory`;
  const { rows } = await db.execute<{ group: string; sold: string; inStock: string }>(sql`
    with sold as (
      select i.product_id, sum(i.quantity) as sold
      from orders o join order_items i on i.order_id = o.id
      where o.payment_status in ${SOLD} and ${placedWithin(range)} and i.product_id is not null
      group by i.product_id
    ), stock as (
      select v.product_id, sum(v.stock) as in_stock from product_variants v group by v.product_id
    )
    select ${column} as "group", coalesce(sum(s.sold), 0) as sold, coalesce(sum(st.in_stock), 0) as "inStock"
    from products p left join sold s on s.product_id = p.id left join stock st on st.product_id = p.id
    group by 1 having coalesce(sum(s.sold), 0) > 0
    order by sold desc, 1`);
  return rows.map((row) => {
    const sold = Number(row.sold);
    const inStock = Number(row.inStock);
    return { group: row.group, sold, inStock, rate: sold + inStock === 0 ? 0 : sold / (sold + inStock) };
  });
}

export type RunningOut = {
  variantId: number;
  name: string;
  color: string;
  size: string;
  stock: number;
  /** Pieces sold in the period. */
  sold: number;
  /** Days the stock lasts at the period's pace, rounded down. */
  daysLeft: number;
};

/** Variants that sold in the period and whose stock lasts fewer than `withinDays` days at that pace. */
export async function stockRunningOut(
  db: Queryable,
  range: Range,
  { withinDays = 30, limit = 20 }: { withinDays?: number; limit?: number } = {},
): Promise<RunningOut[]> {
  const { rows } = await db.execute<{
    variantId: number;
    name: string;
    color: string;
    size: string;
    stock: number;
    sold: string;
    daysLeft: number;
  }>(sql`
    with sold as (
      select i.variant_id, sum(i.quantity) as sold
      from orders o join order_items i on i.order_id = o.id
      where o.payment_status in ${SOLD} and ${placedWithin(range)} and i.variant_id is not null
      group by i.variant_id
    ), pace as (
      select v.id as "variantId", p.name, v.color_name as color, v.size, v.stock, s.sold,
        floor(v.stock * (${range.to}::date - ${range.from}::date + 1) / s.sold)::int as "daysLeft"
      from sold s join product_variants v on v.id = s.variant_id join products p on p.id = v.product_id
    )
    select * from pace where "daysLeft" < ${withinDays} order by "daysLeft", sold desc, "variantId" limit ${limit}`);
  return rows.map((row) => ({ ...row, sold: Number(row.sold) }));
}

export type DeliveryShare = { method: DeliveryMethod; orders: number; revenueCents: number };

/** Orders and revenue of the period per delivery method. */
export async function deliverySplit(db: Queryable, range: Range): Promise<DeliveryShare[]> {
  const { rows } = await db.execute<{ method: DeliveryMethod; orders: number; revenue: string }>(sql`
    select o.delivery_method as method, count(*)::int as orders, sum(o.total_cents - ${refundedOf}) as revenue
    from orders o where o.payment_status in ${SOLD} and ${placedWithin(range)}
    group by 1 order by orders desc, 1`);
  return rows.map((row) => ({ method: row.method, orders: row.orders, revenueCents: Number(row.revenue) }));
}

export type Reservations = {
  /** Reservations (pay in the shop) placed in the period. */
  placed: number;
  /** Of those, collected and paid in the shop. */
  collected: number;
  /** Of those, cancelled without being collected. */
  notCollected: number;
  /** Of those, still waiting in the shop. */
  waiting: number;
};

/** What became of the period's reservations. */
export async function reservations(db: Queryable, range: Range): Promise<Reservations> {
  const { rows } = await db.execute<Reservations>(sql`
    select count(*)::int as placed,
      count(*) filter (where o.payment_status in ${SOLD})::int as collected,
      count(*) filter (where o.payment_status not in ${SOLD} and o.status = 'cancelled')::int as "notCollected",
      count(*) filter (where o.payment_status not in ${SOLD} and o.status <> 'cancelled')::int as waiting
    from orders o where o.delivery_method = 'pickup_and_pay' and ${placedWithin(range)}`);
  return rows[0] ?? { placed: 0, collected: 0, notCollected: 0, waiting: 0 };
}

export type Returns = {
  /** Orders sold in the period. */
  orders: number;
  /** Of those, orders with a withdrawal (return) request, whatever its outcome. */
  returned: number;
  /** returned / orders, 0…1. */
  rate: number;
};

/** The share of the period's orders the customer withdrew from (sent back). */
export async function returnsRate(db: Queryable, range: Range): Promise<Returns> {
  const { rows } = await db.execute<{ orders: number; returned: number }>(sql`
    select count(*)::int as orders,
      count(*) filter (where exists (select 1 from withdrawal_requests w where w.order_id = o.id))::int as returned
    from orders o where o.payment_status in ${SOLD} and ${placedWithin(range)}`);
  const orders = rows[0]?.orders ?? 0;
  const returned = rows[0]?.returned ?? 0;
  return { orders, returned, rate: orders === 0 ? 0 : returned / orders };
}

export type SalesStats = {
  period: StatsPeriod;
  previous: StatsPeriod;
  totals: SalesTotals;
  previousTotals: SalesTotals;
  series: SalesBucket[];
  bestByUnits: BestSeller[];
  bestByRevenue: BestSeller[];
  brands: SellThrough[];
  subcategories: SellThrough[];
  runningOut: RunningOut[];
  delivery: DeliveryShare[];
  reservations: Reservations;
  returns: Returns;
};

/** Every figure of the statistics page, its statements sent side by side. */
export async function salesStats(db: Queryable, period: StatsPeriod, previous: StatsPeriod): Promise<SalesStats> {
  const [
    totals,
    previousTotals,
    series,
    bestByUnits,
    bestByRevenue,
    brands,
    subcategories,
    runningOut,
    delivery,
    reservationFigures,
    returns,
  ] = await Promise.all([
    salesTotals(db, period),
    salesTotals(db, previous),
    salesSeries(db, period),
    bestSellers(db, period, "units"),
    bestSellers(db, period, "revenue"),
    sellThrough(db, period, "brand"),
    sellThrough(db, period, "subcategory"),
    stockRunningOut(db, period),
    deliverySplit(db, period),
    reservations(db, period),
    returnsRate(db, period),
  ]);
  return {
    period,
    previous,
    totals,
    previousTotals,
    series,
    bestByUnits,
    bestByRevenue,
    brands,
    subcategories,
    runningOut,
    delivery,
    reservations: reservationFigures,
    returns,
  };
}

import { and, count, desc, eq, gte, inArray, lte, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders, type PaymentStatus } from "~/db/schema";
import { type OrderAmounts, orderBreakdown } from "./order-breakdown";
import { ORDERS_PAGE_SIZE, type OrderListFilters, orderNumberOf } from "./order-list-filters";
import { type AdminOrderDetail, type AdminOrderRow, isOrderId } from "./order-views";
import type { DeliveryMethod } from "./values";

// Read-only views of every order, for the admin area (callers check the admin role first).
// Measurements and choices: docs/decisions/0010-admin-order-list.md.

/** A row of the admin's order list and of its CSV export. */
export type AdminOrderListRow = AdminOrderRow & { email: string };

/** A row of the CSV export: the list's, with the amounts the total is made of. */
export type AdminOrderExportRow = AdminOrderListRow &
  Pick<OrderAmounts, "subtotalCents" | "discounts" | "shippingCostCents">;

export type AdminOrderPage = {
  rows: AdminOrderListRow[];
  /** Orders matching the filters, across all pages. */
  totalCount: number;
  page: number;
  pageCount: number;
};

const listColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  email: orders.email,
  totalCents: orders.totalCents,
  status: orders.status,
  paymentStatus: orders.paymentStatus,
  deliveryMethod: orders.deliveryMethod,
  customerName: sql<string>`${orders.shippingAddress}->>'name'`,
  shippingTracking: orders.shippingTracking,
  hasLabel: sql<boolean>`${orders.shippingLabelPath} is not null`,
};

type SelectedRow = {
  id: string;
  createdAt: Date;
  email: string;
  totalCents: number;
  status: string;
  paymentStatus: PaymentStatus;
  deliveryMethod: DeliveryMethod;
  customerName: string | null;
  shippingTracking: string | null;
  hasLabel: boolean;
};

function toListRow({ createdAt, customerName, ...row }: SelectedRow): AdminOrderListRow {
  return { ...row, createdAt: createdAt.toISOString(), customerName: customerName || null };
}

/** One page of orders matching the filters, newest first, with the total count. */
export async function listOrders(
  db: Queryable,
  filters: OrderListFilters,
  { pageSize = ORDERS_PAGE_SIZE }: { pageSize?: number } = {},
): Promise<AdminOrderPage> {
  const where = and(...filterConditions(filters));
  const pageIds = pageIdsQuery(db, where, isTextSearch(filters), pageSize, (filters.page - 1) * pageSize);
  const [rows, totalCount] = await Promise.all([
    db
      .select(listColumns)
      .from(orders)
      .where(inArray(orders.id, pageIds))
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    db
      .select({ count: count() })
      .from(orders)
      .where(where)
      .then(([row]) => row?.count ?? 0),
  ]);
  return {
    rows: rows.map(toListRow),
    totalCount,
    page: filters.page,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
  };
}

/**
 * Every order matching the filters (the page number aside), newest first, in batches: the CSV export
 * streams them without holding the whole list. Each batch starts right after the last row of the
 * previous one (keyset), so the last batch costs what the first one costs.
 */
export async function* exportOrders(
  db: Queryable,
  filters: OrderListFilters,
  { batchSize = 1000 }: { batchSize?: number } = {},
): AsyncGenerator<AdminOrderExportRow[]> {
  const conditions = filterConditions(filters);
  // The position as PostgreSQL's own text: a JavaScript Date would drop the microseconds.
  let after: { createdAt: string; id: string } | null = null;
  while (true) {
    const position: SQL[] = after
      ? [sql`(${orders.createdAt}, ${orders.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`]
      : [];
    const rows = await db
      .select({
        ...listColumns,
        subtotalCents: orders.subtotalCents,
        discounts: orders.discounts,
        shippingCostCents: orders.shippingCostCents,
        position: sql<string>`${orders.createdAt}::text`,
      })
      .from(orders)
      .where(and(...conditions, ...position))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(batchSize);
    if (rows.length > 0) {
      yield rows.map(({ position: _, subtotalCents, discounts, shippingCostCents, ...row }) => ({
        ...toListRow(row),
        subtotalCents,
        discounts,
        shippingCostCents,
      }));
    }
    const last = rows.at(-1);
    if (!last || rows.length < batchSize) return;
    after = { createdAt: last.position, id: last.id };
  }
}

// The expressions below match the indexes of migration 0013_admin_order_list word for word.
const searchText = sql`lower(immutable_unaccent(coalesce(${orders.shippingAddress}->>'name', '') || ' ' || ${orders.email}))`;

/** A LIKE pattern matching the text anywhere, with the search's own % and _ taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * The ids of one page, to read the rows of afterwards: skipping the earlier pages' rows then reads
 * only an index ending in (created_at, id), not the orders themselves, so the last page costs little
 * more than the first.
 */
function pageIdsQuery(db: Queryable, where: SQL | undefined, textSearch: boolean, limit: number, offset: number) {
  if (!textSearch) {
    return db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit)
      .offset(offset);
  }
  // A name or e-mail search: its matches through the trigram index, then sorted. Left to itself
  // PostgreSQL walks the date index testing every order's name (it takes that test for cheap),
  // 12–25 ms instead of 2–5: the materialized CTE finds the matches first.
  return sql`(
    with matches as materialized (
      select ${orders.id} as id, ${orders.createdAt} as created_at from ${orders} where ${where}
    )
    select id from matches order by created_at desc, id desc limit ${limit} offset ${offset}
  )`;
}

function isTextSearch(filters: OrderListFilters): boolean {
  return filters.search !== "" && orderNumberOf(filters.search) === null;
}

function filterConditions(filters: OrderListFilters): SQL[] {
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(orders.status, filters.status));
  if (filters.paymentStatus) conditions.push(eq(orders.paymentStatus, filters.paymentStatus));
  if (filters.deliveryMethod) conditions.push(eq(orders.deliveryMethod, filters.deliveryMethod));
  // Days of the shop's calendar: midnight in Rome, whatever the server's time zone and summer time.
  if (filters.from) {
    conditions.push(gte(orders.createdAt, sql`(${filters.from}::date)::timestamp at time zone 'Europe/Rome'`));
  }
  if (filters.to) {
    conditions.push(sql`${orders.createdAt} < ((${filters.to}::date + 1)::timestamp at time zone 'Europe/Rome')`);
  }
  if (filters.search) {
    const orderNumber = orderNumberOf(filters.search);
    if (orderNumber !== null) {
      // Order ids whose text starts with these 8 characters: a range of the primary key.
      conditions.push(
        gte(orders.id, `${orderNumber}-0000-0000-0000-000000000000`),
        lte(orders.id, `${orderNumber}-ffff-ffff-ffff-ffffffffffff`),
      );
    } else {
      conditions.push(sql`${searchText} like lower(immutable_unaccent(${containing(filters.search)}))`);
    }
  }
  return conditions;
}

/** One order with its lines, or null when there is no such order (or the id is not even an order id). */
export async function getOrderDetail(db: Queryable, orderId: string): Promise<AdminOrderDetail | null> {
  if (!isOrderId(orderId)) return null;
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: {
      items: {
        columns: { id: true, productName: true, quantity: true, size: true, color: true, unitPriceCents: true },
        orderBy: (item, { asc }) => [asc(item.id)],
      },
      shipments: {
        columns: { state: true, warning: true },
        where: (shipment, { eq }) => eq(shipment.state, "created"),
      },
    },
  });
  if (!order) return null;
  const shipment = order.shipments[0];
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    status: order.status,
    paymentStatus: order.paymentStatus,
    deliveryMethod: order.deliveryMethod,
    breakdown: orderBreakdown(order),
    shippingAddress: order.shippingAddress,
    shippingTracking: order.shippingTracking,
    hasLabel: order.shippingLabelPath !== null,
    shipmentWarning: shipment?.warning ?? null,
    shipmentDeletable: shipment !== undefined && order.status === "shipped",
  };
}

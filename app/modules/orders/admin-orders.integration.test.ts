import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import type { NewOrder } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { insertOrder, testShippingAddress } from "../../../tests/support/fixtures";
import { exportOrders, listOrders } from "./admin-orders.server";
import { noOrderFilters, type OrderListFilters } from "./order-list-filters";
import { ordersCsvHeader, ordersCsvRows } from "./orders-csv";

const db = connectTestDatabase();

// Other test files share the database: every list here is narrowed to this file's orders by a
// surname of its own, which the search finds in the customer's name.
const surname = `Zorzetto${randomBytes(3).toString("hex")}`;
const mine: OrderListFilters = { ...noOrderFilters, search: surname };

type Placed = { id: string; name: string };
const placed: Record<string, Placed> = {};

async function place(key: string, name: string, columns: Partial<NewOrder>): Promise<void> {
  const fullName = `${name} ${surname}`;
  const email = `${name.toLowerCase().replaceAll(" ", ".")}.${surname.toLowerCase()}@example.it`;
  const id = await insertOrder(db, null, {
    email,
    shippingAddress: { ...testShippingAddress, name: fullName, email },
    ...columns,
  });
  placed[key] = { id, name: fullName };
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const idsOf = (...keys: string[]) => keys.map((key) => placed[key]?.id);

beforeAll(async () => {
  // Newest first: the list's order.
  await place("shipped", "Anna", {
    createdAt: new Date("2026-03-10T09:00:00Z"),
    status: "shipped",
    shippingTracking: "GLS-0001",
    shippingLabelPath: "label.pdf",
  });
  // 00:30 on 2 March in Rome (UTC+1), still 1 March in UTC: the days are the shop's.
  await place("reserved", "Nicolò", {
    createdAt: new Date("2026-03-01T23:30:00Z"),
    status: "reserved",
    paymentStatus: "to_be_paid_in_store",
    deliveryMethod: "pickup_and_pay",
    subtotalCents: 123456,
    shippingCostCents: 0,
    totalCents: 123456,
  });
  await place("pickup", "Luca", {
    createdAt: new Date("2026-02-28T10:00:00Z"),
    status: "completed",
    paymentStatus: "paid",
    deliveryMethod: "pickup",
  });
  await place("failed", "=HYPERLINK(x)", {
    createdAt: new Date("2026-01-15T10:00:00Z"),
    status: "payment_failed",
    paymentStatus: "failed",
  });
});

describe("admin order list", () => {
  it("lists the orders newest first with what the row actions need", async () => {
    const page = await listOrders(db, mine);
    expect(ids(page.rows)).toEqual(idsOf("shipped", "reserved", "pickup", "failed"));
    expect(page).toMatchObject({ totalCount: 4, page: 1, pageCount: 1 });
    expect(page.rows[0]).toEqual({
      id: placed.shipped?.id,
      createdAt: "2026-03-10T09:00:00.000Z",
      customerName: `Anna ${surname}`,
      email: `anna.${surname.toLowerCase()}@example.it`,
      totalCents: 5790,
      status: "shipped",
      paymentStatus: "paid",
      deliveryMethod: "shipping",
      shippingTracking: "GLS-0001",
      hasLabel: true,
    });
    expect(page.rows[1]).toMatchObject({ hasLabel: false, shippingTracking: null, deliveryMethod: "pickup_and_pay" });
  });

  it("filters by status, payment status and delivery method, alone and together", async () => {
    expect(ids((await listOrders(db, { ...mine, status: "reserved" })).rows)).toEqual(idsOf("reserved"));
    expect(ids((await listOrders(db, { ...mine, paymentStatus: "paid" })).rows)).toEqual(idsOf("shipped", "pickup"));
    expect(ids((await listOrders(db, { ...mine, deliveryMethod: "shipping" })).rows)).toEqual(
      idsOf("shipped", "failed"),
    );
    const both = await listOrders(db, { ...mine, deliveryMethod: "shipping", paymentStatus: "failed" });
    expect(ids(both.rows)).toEqual(idsOf("failed"));
    expect(both.totalCount).toBe(1);
    expect(await listOrders(db, { ...mine, status: "cancelled" })).toMatchObject({ rows: [], totalCount: 0 });
  });

  it("filters by days of the shop's calendar in Rome, both ends included", async () => {
    // Placed at 23:30 UTC on 1 March: 2 March in Rome.
    expect(ids((await listOrders(db, { ...mine, from: "2026-03-02", to: "2026-03-02" })).rows)).toEqual(
      idsOf("reserved"),
    );
    expect(ids((await listOrders(db, { ...mine, to: "2026-03-01" })).rows)).toEqual(idsOf("pickup", "failed"));
    expect(ids((await listOrders(db, { ...mine, from: "2026-02-28", to: "2026-03-10" })).rows)).toEqual(
      idsOf("shipped", "reserved", "pickup"),
    );
  });

  it("searches names and e-mails anywhere, ignoring case and accents", async () => {
    const find = async (search: string) => ids((await listOrders(db, { ...noOrderFilters, search })).rows);
    expect(await find(`nicolo ${surname.toUpperCase()}`)).toEqual(idsOf("reserved"));
    expect(await find(`luca.${surname}@EXAMPLE`)).toEqual(idsOf("pickup"));
    // LIKE's wildcards are taken as they are typed.
    expect(await find(`%${surname}`)).toEqual([]);
    expect(await find(`_nna ${surname}`)).toEqual([]);
  });

  it("finds an order by its number, with or without #, in any case", async () => {
    const id = placed.pickup?.id ?? "";
    const short = id.slice(0, 8);
    for (const search of [`#${short.toUpperCase()}`, short, `#${short}`]) {
      const rows = (await listOrders(db, { ...noOrderFilters, search })).rows;
      expect(ids(rows)).toContain(id);
      expect(rows.every((row) => row.id.startsWith(short))).toBe(true);
    }
  });

  it("pages through the list without repeating or skipping an order", async () => {
    const first = await listOrders(db, mine, { pageSize: 3 });
    const second = await listOrders(db, { ...mine, page: 2 }, { pageSize: 3 });
    expect(first).toMatchObject({ totalCount: 4, pageCount: 2, page: 1 });
    expect(ids(first.rows)).toEqual(idsOf("shipped", "reserved", "pickup"));
    expect(ids(second.rows)).toEqual(idsOf("failed"));
    expect((await listOrders(db, { ...mine, page: 3 }, { pageSize: 3 })).rows).toEqual([]);
  });
});

describe("admin order export", () => {
  it("gives every order of the filters in batches, whatever the page", async () => {
    const batches: string[][] = [];
    for await (const batch of exportOrders(db, { ...mine, page: 2 }, { batchSize: 3 })) batches.push(ids(batch));
    expect(batches).toEqual([idsOf("shipped", "reserved", "pickup"), idsOf("failed")]);
    const reserved: string[] = [];
    for await (const batch of exportOrders(db, { ...mine, status: "reserved" })) reserved.push(...ids(batch));
    expect(reserved).toEqual(idsOf("reserved"));
  });

  it("writes the CSV Italian Excel opens, formulas kept as text", async () => {
    let csv = ordersCsvHeader();
    for await (const batch of exportOrders(db, mine, { batchSize: 2 })) csv += ordersCsvRows(batch);
    const lines = csv.split("\r\n");
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      "\uFEFFOrdine;Data;Cliente;E-mail;Subtotale (EUR);Promo Extra 2° Costume (EUR);Sconto;Sconto (EUR);Spedizione (EUR);Totale (EUR);Stato;Pagamento;Consegna;Tracking GLS",
    );
    expect(lines[2]).toBe(
      `#${placed.reserved?.id.slice(0, 8)};02/03/2026, 00:30;Nicolò ${surname};nicolò.${surname.toLowerCase()}@example.it;1234,56;0,00;;0,00;0,00;1234,56;Riservato (Paga in Negozio);Da Pagare in Negozio;Ritiro e pagamento in negozio;N/D`,
    );
    expect(lines[4]).toContain(`;'=HYPERLINK(x) ${surname};'=hyperlink(x).`);
    expect(lines[5]).toBe("");
  });
});

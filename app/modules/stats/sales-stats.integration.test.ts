import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrderStatus, PaymentStatus } from "~/db/schema";
import { orderItems, orders, payments, products, productVariants, refunds, withdrawalRequests } from "~/db/schema";
import { romeDay } from "~/modules/dates/rome";
import type { DeliveryMethod } from "~/modules/orders/values";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deleteTestVariants, TEST_SKU_PREFIX, testShippingAddress } from "../../../tests/support/fixtures";
import { bucketStarts, previousPeriod, type StatsPeriod } from "./periods";
import { salesStats } from "./sales-stats.server";

const db = connectTestDatabase();
// The demo catalogue is counted by other tests: the products made here go when the file ends.
afterAll(() => deleteTestVariants(db));

// Generated orders in spring 1987 (no other test places orders then), across the night summer time
// began in Rome (29 March), compared with sums computed here independently, in plain JavaScript.
const period: StatsPeriod = { from: "1987-03-20", to: "1987-04-10", granularity: "settimana" };
const brand = `Marca statistiche ${randomUUID().slice(0, 8)}`;
const soldStatuses: PaymentStatus[] = ["paid", "paid_in_store", "partially_refunded", "refunded"];
const kinds: [OrderStatus, PaymentStatus, DeliveryMethod][] = [
  ["completed", "paid", "shipping"],
  ["completed", "paid", "pickup"],
  ["completed", "paid_in_store", "pickup_and_pay"],
  ["reserved", "to_be_paid_in_store", "pickup_and_pay"],
  ["cancelled", "to_be_paid_in_store", "pickup_and_pay"],
  ["payment_failed", "failed", "shipping"],
  ["cancelled", "refunded", "shipping"],
  ["completed", "partially_refunded", "shipping"],
];

let seed = 1987;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
  return seed / 2_147_483_648;
};
const int = (below: number) => Math.floor(random() * below);

type Line = { variant: number; product: number; name: string; quantity: number; unit: number; discount: number };
type Placed = {
  createdAt: Date;
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  delivery: DeliveryMethod;
  total: number;
  refunded: number;
  withdrawn: boolean;
  lines: Line[];
};
const placed: Placed[] = [];
const variants: { id: number; product: number; name: string; size: string; stock: number }[] = [];

beforeAll(async () => {
  for (const [index, subcategory] of (["slip", "calze", "pigiama"] as const).entries()) {
    const name = `Articolo statistiche ${index}`;
    const [product] = await db
      .insert(products)
      .values({ name, gender: "Donna", subcategory, brand, priceCents: 1000, sku: `${TEST_SKU_PREFIX}${randomUUID()}` })
      .returning({ id: products.id });
    const productId = (product as { id: number }).id;
    for (const size of ["S", "M"]) {
      const stock = int(40);
      const [variant] = await db
        .insert(productVariants)
        .values({ productId, colorName: "Nero", colorCode: "#111111", size, sku: `STATS-${randomUUID()}`, stock })
        .returning({ id: productVariants.id });
      variants.push({ id: (variant as { id: number }).id, product: productId, name, size, stock });
    }
  }
  // From two days before the period to two days after it, at any minute: the borders are midnight in Rome.
  const start = Date.UTC(1987, 2, 18, 0, 0);
  const minutes = 27 * 24 * 60;
  for (let i = 0; i < 300; i++) {
    const [status, paymentStatus, delivery] = kinds[int(kinds.length)] as (typeof kinds)[number];
    const createdAt = new Date(start + int(minutes) * 60_000);
    const lines: Line[] = [];
    for (let l = 0; l < 1 + int(3); l++) {
      const variant = variants[int(variants.length)] as (typeof variants)[number];
      const quantity = 1 + int(4);
      const unit = 499 + int(5000);
      lines.push({
        variant: variant.id,
        product: variant.product,
        name: variant.name,
        quantity,
        unit,
        discount: int(3) === 0 ? int(unit) : 0,
      });
    }
    const subtotal = lines.reduce((sum, line) => sum + line.quantity * line.unit - line.discount, 0);
    const shipping = delivery === "shipping" ? 790 : 0;
    const total = subtotal + shipping;
    const [order] = await db
      .insert(orders)
      .values({
        createdAt,
        email: testShippingAddress.email,
        status,
        paymentStatus,
        deliveryMethod: delivery,
        shippingAddress: testShippingAddress,
        subtotalCents: subtotal,
        shippingCostCents: shipping,
        totalCents: total,
      })
      .returning({ id: orders.id });
    const orderId = (order as { id: string }).id;
    await db.insert(orderItems).values(
      lines.map((line) => ({
        orderId,
        productId: line.product,
        variantId: line.variant,
        productName: line.name,
        quantity: line.quantity,
        unitPriceCents: line.unit,
        discountCents: line.discount,
      })),
    );
    let refunded = 0;
    if (paymentStatus === "refunded" || paymentStatus === "partially_refunded") {
      const [payment] = await db
        .insert(payments)
        .values({ orderId, provider: "sandbox", state: "paid", amountCents: total, expiresAt: createdAt })
        .returning({ id: payments.id });
      const paymentId = (payment as { id: number }).id;
      const amount = paymentStatus === "refunded" ? total : 1 + int(total - 1);
      // A failed attempt first: only money actually given back counts.
      await db.insert(refunds).values([
        {
          orderId,
          paymentId,
          provider: "sandbox",
          amountCents: 100,
          state: "failed",
          idempotencyKey: randomUUID(),
          requestedBy: "test",
        },
        {
          orderId,
          paymentId,
          provider: "sandbox",
          amountCents: amount,
          state: "succeeded",
          idempotencyKey: randomUUID(),
          requestedBy: "test",
        },
      ]);
      refunded = amount;
    }
    const withdrawn = soldStatuses.includes(paymentStatus) && int(5) === 0;
    if (withdrawn) {
      await db
        .insert(withdrawalRequests)
        .values({ orderId, name: "Anna Neri", email: testShippingAddress.email, wholeOrder: true });
    }
    placed.push({ createdAt, paymentStatus, status, delivery, total, refunded, withdrawn, lines });
  }
});

const within = (order: Placed, { from, to }: { from: string; to: string }) => {
  const day = romeDay(order.createdAt);
  return day >= from && day <= to;
};
const sold = (range: { from: string; to: string }) =>
  placed.filter((order) => within(order, range) && soldStatuses.includes(order.paymentStatus));
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe("sales statistics", () => {
  it("match sums computed independently, to the cent", async () => {
    const previous = previousPeriod(period);
    const stats = await salesStats(db, period, previous);

    for (const [range, totals] of [
      [period, stats.totals],
      [previous, stats.previousTotals],
    ] as const) {
      const mine = sold(range);
      const revenue = sum(mine.map((order) => order.total - order.refunded));
      expect(totals).toEqual({
        orders: mine.length,
        grossCents: sum(mine.map((order) => order.total)),
        refundedCents: sum(mine.map((order) => order.refunded)),
        revenueCents: revenue,
        averageOrderCents: mine.length === 0 ? 0 : Math.round(revenue / mine.length),
      });
    }
    const mine = sold(period);
    expect(mine.length).toBeGreaterThan(50);

    // Weeks from Monday, in Rome.
    const starts = bucketStarts(period);
    const weekOf = (order: Placed) => starts.filter((start) => start <= romeDay(order.createdAt)).at(-1);
    expect(stats.series).toEqual(
      starts.map((start) => {
        const week = mine.filter((order) => weekOf(order) === start);
        return { start, orders: week.length, revenueCents: sum(week.map((order) => order.total - order.refunded)) };
      }),
    );

    const lines = mine.flatMap((order) => order.lines);
    const perProduct = [...new Set(lines.map((line) => line.product))].map((product) => {
      const its = lines.filter((line) => line.product === product);
      return {
        productId: product,
        name: its[0]?.name,
        units: sum(its.map((line) => line.quantity)),
        revenueCents: sum(its.map((line) => line.quantity * line.unit - line.discount)),
      };
    });
    expect(stats.bestByUnits).toEqual([...perProduct].sort((a, b) => b.units - a.units));
    expect(stats.bestByRevenue).toEqual([...perProduct].sort((a, b) => b.revenueCents - a.revenueCents));

    const mineBrand = stats.brands.find((row) => row.group === brand);
    const unitsSold = sum(lines.map((line) => line.quantity));
    const inStock = sum(variants.map((variant) => variant.stock));
    expect(mineBrand).toEqual({ group: brand, sold: unitsSold, inStock, rate: unitsSold / (unitsSold + inStock) });

    const perVariant = variants.map((variant) => ({
      ...variant,
      sold: sum(lines.filter((line) => line.variant === variant.id).map((line) => line.quantity)),
    }));
    const days = 22;
    expect(stats.runningOut.filter((row) => variants.some((variant) => variant.id === row.variantId))).toEqual(
      perVariant
        .filter((variant) => variant.sold > 0 && Math.floor((variant.stock * days) / variant.sold) < 30)
        .map((variant) => ({
          variantId: variant.id,
          name: variant.name,
          color: "Nero",
          size: variant.size,
          stock: variant.stock,
          sold: variant.sold,
          daysLeft: Math.floor((variant.stock * days) / variant.sold),
        }))
        .sort((a, b) => a.daysLeft - b.daysLeft || b.sold - a.sold || a.variantId - b.variantId),
    );

    for (const method of ["shipping", "pickup", "pickup_and_pay"] as const) {
      const its = mine.filter((order) => order.delivery === method);
      expect(stats.delivery.find((row) => row.method === method)).toEqual({
        method,
        orders: its.length,
        revenueCents: sum(its.map((order) => order.total - order.refunded)),
      });
    }

    const reserved = placed.filter((order) => within(order, period) && order.delivery === "pickup_and_pay");
    expect(stats.reservations).toEqual({
      placed: reserved.length,
      collected: reserved.filter((order) => order.paymentStatus === "paid_in_store").length,
      notCollected: reserved.filter((order) => order.status === "cancelled").length,
      waiting: reserved.filter((order) => order.status === "reserved").length,
    });

    const returned = mine.filter((order) => order.withdrawn).length;
    expect(returned).toBeGreaterThan(0);
    expect(stats.returns).toEqual({ orders: mine.length, returned, rate: returned / mine.length });
  });

  it("count nothing in a period without orders", async () => {
    const empty = { from: "1986-01-01", to: "1986-01-31", granularity: "mese" } as const;
    const stats = await salesStats(db, empty, previousPeriod(empty));
    expect(stats.totals).toEqual({ orders: 0, grossCents: 0, refundedCents: 0, revenueCents: 0, averageOrderCents: 0 });
    expect(stats.series).toEqual([{ start: "1986-01-01", orders: 0, revenueCents: 0 }]);
    expect(stats.bestByUnits).toEqual([]);
    expect(stats.returns).toEqual({ orders: 0, returned: 0, rate: 0 });
  });
});

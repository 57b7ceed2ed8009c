// Checkout benchmark: `npm run bench:checkout`. Places orders from 50 concurrent shoppers whose carts
// share 100 hot variants, through the app's own placement (price the cart, check it against what
// the shopper saw, take the stock under row locks, write the order), and measures orders/s and
// latency beside a ceiling measured in the same run on the same database: the bare SQL of the same
// stock update (lock the cart's variants in id order, take the stock, commit), with the same carts,
// concurrency and pool. Then checks that the stock went down by exactly what both runs took.
//
// Environment: BENCH_DATABASE_URL (a PostgreSQL server for the throwaway database; default: a
// throwaway embedded PostgreSQL), BENCH_ORDERS (placements per run, default 3000).

import { randomUUID } from "node:crypto";
import os from "node:os";
import type pg from "pg";
import type { Database } from "../app/db/client.server";
import * as schema from "../app/db/schema";
import { type PlacedOrder, placeOrder, seenQuoteOf } from "../app/modules/checkout/place-order.server";
import { quoteCheckout } from "../app/modules/checkout/quote.server";
import type { CheckoutDraft } from "../app/modules/checkout/values";
import { testDraft } from "../tests/support/fixtures";
import {
  type BenchRow,
  loadBenchData,
  log,
  ms,
  percentile,
  printTable,
  runOnAppDatabase,
  seconds,
} from "./bench-support";

const orderCount = Number(process.env.BENCH_ORDERS ?? 3000);
const concurrency = 50;
const hotVariants = 100;
// The app's own pool size (app/db/client.server.ts): 50 shoppers share 10 connections.
const poolSize = 10;
const startingStock = 1_000_000;

type Cart = { id: number; size: string; color: string; quantity: number }[];
type Run = { latencies: number[]; wallMs: number };

async function main(): Promise<void> {
  const rows: BenchRow[] = [];
  await runOnAppDatabase(
    "checkout",
    { poolSize },
    async ({ pool, db }) => {
      const variantIds = await loadBenchData(pool, `${hotVariants} hot variants`, () => loadHotVariants(db));
      const carts = buildCarts(orderCount);
      // Each shopper a new e-mail, as most orders are: the first-order discount is checked every time.
      const drafts = carts.map(() => testDraft());
      log(
        `${hotVariants} hot variants, ${orderCount} carts of 1-3 of them; ${concurrency} shoppers, pool of ${poolSize}.`,
      );

      // The ceiling first, on the same rows: only the stock update, as bare SQL.
      const ceiling = await runConcurrently(carts, (cart) => bareStockUpdate(pool, cart));
      const sessions = await createSessions(db, carts, drafts);
      const seen = await Promise.all(carts.map((cart) => seenFor(db, cart)));
      const results: PlacedOrder[] = [];
      const app = await runConcurrently(carts, async (_cart, index) => {
        results[index] = await placeOrder(db, {
          checkoutSessionId: sessions[index] as string,
          userId: null,
          draft: drafts[index] as CheckoutDraft,
          seen: seen[index] ?? null,
          provider: "sandbox",
          now: new Date(),
          publicUrl: "http://bench.local",
          placedFrom: null,
        });
      });

      const placed = results.filter((result) => result.ok).length;
      if (placed !== orderCount) throw new Error(`Only ${placed} of ${orderCount} orders were placed`);
      await checkStock(pool, variantIds, carts);

      rows.push(row("placements per second (50 shoppers)", perSecond(app), perSecond(ceiling), "", ""));
      rows.push(row("placement p50", ms(percentile(app.latencies, 50)), ms(percentile(ceiling.latencies, 50)), "", ""));
      rows.push(
        row(
          "placement p95",
          ms(percentile(app.latencies, 95)),
          ms(percentile(ceiling.latencies, 95)),
          "",
          `${(percentile(app.latencies, 95) / percentile(ceiling.latencies, 95)).toFixed(1)}× the ceiling`,
        ),
      );
      rows.push(row("wall time", seconds(app.wallMs), seconds(ceiling.wallMs), "", "stock checked exact"));
    },
    () =>
      printTable(
        `Checkout benchmark: ${orderCount} orders over ${hotVariants} variants, ${concurrency} shoppers, ${os.cpus().length} CPUs, Node ${process.version}`,
        rows,
      ),
  );
}

const row = (what: string, measured: string, ceiling: string, target: string, verdict: string): BenchRow => ({
  what,
  measured,
  ceiling,
  target,
  verdict,
});

const perSecond = (run: Run) => `${((run.latencies.length / run.wallMs) * 1000).toFixed(0)} /s`;

async function loadHotVariants(db: Database): Promise<number[]> {
  const productRows = await db
    .insert(schema.products)
    .values(
      Array.from({ length: hotVariants }, (_, index) => ({
        name: `Articolo ${index + 1}`,
        gender: "Donna" as const,
        subcategory: "slip" as const,
        brand: "Marca",
        priceCents: 990 + index * 37,
        sku: `BENCH-${index + 1}`,
      })),
    )
    .returning({ id: schema.products.id });
  const variants = await db
    .insert(schema.productVariants)
    .values(
      productRows.map((product, index) => ({
        productId: product.id,
        colorName: "Nero",
        colorCode: "#111111",
        size: "M",
        sku: `BENCH-${index + 1}-M`,
        stock: startingStock,
      })),
    )
    .returning({ id: schema.productVariants.id });
  return variants.map((variant) => variant.id);
}

/** Deterministic carts: 1 to 3 distinct products out of the hot ones (product ids 1..100). */
function buildCarts(count: number): Cart[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () => {
    const ids = new Set<number>();
    const size = 1 + (next() % 3);
    while (ids.size < size) ids.add(1 + (next() % hotVariants));
    return [...ids].map((id) => ({ id, size: "M", color: "Nero", quantity: 1 + (next() % 2) }));
  });
}

async function createSessions(db: Database, carts: Cart[], drafts: CheckoutDraft[]): Promise<string[]> {
  const ids = carts.map(() => randomUUID());
  const expiresAt = new Date(Date.now() + 3600_000);
  for (let start = 0; start < carts.length; start += 500) {
    await db.insert(schema.checkoutSessions).values(
      carts.slice(start, start + 500).map((cart, offset) => ({
        id: ids[start + offset] as string,
        cart,
        draft: drafts[start + offset],
        expiresAt,
      })),
    );
  }
  return ids;
}

/** What each shopper saw on the payment step, so the placement checks it as it does in the shop. */
async function seenFor(db: Database, cart: Cart) {
  const quote = await quoteCheckout(db, {
    cart,
    delivery: "shipping",
    email: "",
    userId: null,
    couponCode: null,
    now: new Date(),
  });
  return seenQuoteOf(quote, false);
}

/** The ceiling: the same locking and the same conditional stock update, nothing else. */
async function bareStockUpdate(pool: pg.Pool, cart: Cart): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    const ids = cart.map((line) => line.id).sort((a, b) => a - b);
    await client.query("SELECT id FROM product_variants WHERE product_id = ANY($1) ORDER BY id FOR UPDATE", [ids]);
    await client.query(
      `UPDATE product_variants v SET stock = v.stock - w.quantity
       FROM unnest($1::int[], $2::int[]) AS w(product_id, quantity)
       WHERE v.product_id = w.product_id AND v.stock >= w.quantity`,
      [cart.map((line) => line.id), cart.map((line) => line.quantity)],
    );
    await client.query("COMMIT");
  } finally {
    client.release();
  }
}

async function runConcurrently(carts: Cart[], work: (cart: Cart, index: number) => Promise<void>): Promise<Run> {
  const latencies: number[] = [];
  let nextIndex = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let index = nextIndex++; index < carts.length; index = nextIndex++) {
        const begun = performance.now();
        await work(carts[index] as Cart, index);
        latencies.push(performance.now() - begun);
      }
    }),
  );
  return { latencies, wallMs: performance.now() - started };
}

async function checkStock(pool: pg.Pool, variantIds: number[], carts: Cart[]): Promise<void> {
  const taken = new Map<number, number>();
  for (const cart of carts) for (const line of cart) taken.set(line.id, (taken.get(line.id) ?? 0) + line.quantity);
  const { rows } = await pool.query<{ product_id: number; stock: number }>(
    "SELECT product_id, stock FROM product_variants WHERE id = ANY($1)",
    [variantIds],
  );
  for (const variant of rows) {
    // Taken twice: once by the ceiling's bare updates, once by the orders.
    const expected = startingStock - 2 * (taken.get(variant.product_id) ?? 0);
    if (variant.stock !== expected) {
      throw new Error(`Stock of product ${variant.product_id} is ${variant.stock}, expected ${expected}`);
    }
  }
  const held = await pool.query<{ quantity: number }>(
    "SELECT coalesce(sum(quantity), 0)::int AS quantity FROM stock_holds",
  );
  const expectedHeld = [...taken.values()].reduce((sum, quantity) => sum + quantity, 0);
  if (held.rows[0]?.quantity !== expectedHeld) throw new Error("Stock holds do not match the orders");
  log("Stock checked: every variant went down by exactly what the two runs took.");
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

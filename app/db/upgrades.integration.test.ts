import { readFile } from "node:fs/promises";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emptyDatabases } from "../../tests/integration/database";
import { applyMigrations, committedMigrations, pendingMigrationCount } from "./migrate.server";

const createEmptyDatabase = emptyDatabases();

describe("upgrades", () => {
  it("two instances starting together on an empty database apply each migration once", async () => {
    const { db } = await createEmptyDatabase();
    await Promise.all([applyMigrations(db), applyMigrations(db)]);

    const { rows } = await db.execute<{ created_at: string; times: number }>(
      sql`SELECT created_at::text, count(*)::int AS times FROM drizzle.__drizzle_migrations GROUP BY created_at ORDER BY created_at`,
    );
    expect(rows).toEqual(
      committedMigrations().map((migration) => ({ created_at: String(migration.folderMillis), times: 1 })),
    );
    expect(await pendingMigrationCount(db)).toBe(0);
  });

  it("a new version starts on an old database and keeps its data", async () => {
    const { db } = await createEmptyDatabase();
    // The shop as it was before its last three migrations (withdrawals, settings, product archive), with an order.
    const oldLevel = committedMigrations().length - 3;
    await applyMigrations(db, { through: oldLevel });
    expect(await pendingMigrationCount(db)).toBe(3);
    await db.execute(sql`
      INSERT INTO users (id, name, email, email_verified) VALUES ('u-old', 'Anna Rossi', 'anna@example.it', true)`);
    await db.execute(sql`
      INSERT INTO products (name, gender, subcategory, brand, price_cents, sku)
      OVERRIDING SYSTEM VALUE VALUES ('Pigiama in flanella', 'Donna', 'pigiama', 'Vetrina', 4990, 'OLD-1')`);
    await db.execute(sql`
      INSERT INTO orders (id, user_id, email, status, payment_status, delivery_method, shipping_address, subtotal_cents, total_cents)
      VALUES ('00000000-0000-4000-8000-000000000001', 'u-old', 'anna@example.it', 'processing', 'paid', 'pickup',
              '{"city": "Lucca"}', 4990, 4990)`);

    await applyMigrations(db);

    expect(await pendingMigrationCount(db)).toBe(0);
    const orders = await db.execute(sql`SELECT user_id, email, status, total_cents FROM orders`);
    expect(orders.rows).toEqual([
      { user_id: "u-old", email: "anna@example.it", status: "processing", total_cents: 4990 },
    ]);
    // Later migrations' columns and search set-up reach the old rows: the product is found by word and on sale.
    const products = await db.execute(sql`
      SELECT name, price_cents, archived_at FROM products
      WHERE search_vector @@ websearch_to_tsquery('italian_unaccent', 'flanella')`);
    expect(products.rows).toEqual([{ name: "Pigiama in flanella", price_cents: 4990, archived_at: null }]);
  });

  it("moves an old database's prices to two prices, so no product can show a wrong percentage", async () => {
    const { db } = await createEmptyDatabase();
    // Found by name: other migrations may come after it.
    const journal = JSON.parse(await readFile(new URL("./migrations/meta/_journal.json", import.meta.url), "utf8")) as {
      entries: { tag: string }[];
    };
    const priceMigration = journal.entries.findIndex((entry) => entry.tag.endsWith("_reference_price"));
    await applyMigrations(db, { through: priceMigration });
    // As the old three fields allowed: the 29,90 from 39,90 saved as -50%, a "reduction" to a
    // higher price, and a reference price beside no price.
    await db.execute(sql`
      INSERT INTO products (name, gender, subcategory, brand, price_cents, original_price_cents, discount_percentage, sku)
      VALUES ('Pigiama A', 'Donna', 'pigiama', 'Vetrina', 2990, 3990, 50, 'PRICE-A'),
             ('Pigiama B', 'Donna', 'pigiama', 'Vetrina', 4990, 3990, 20, 'PRICE-B'),
             ('Pigiama C', 'Donna', 'pigiama', 'Vetrina', NULL, 3990, 10, 'PRICE-C'),
             ('Pigiama D', 'Donna', 'pigiama', 'Vetrina', 1990, NULL, 0, 'PRICE-D')`);

    await applyMigrations(db);

    const rows = await db.execute(sql`SELECT sku, price_cents, original_price_cents FROM products ORDER BY sku`);
    expect(rows.rows).toEqual([
      // Shown as -25% from now on: worked out from the two prices.
      { sku: "PRICE-A", price_cents: 2990, original_price_cents: 3990 },
      { sku: "PRICE-B", price_cents: 4990, original_price_cents: null },
      { sku: "PRICE-C", price_cents: null, original_price_cents: null },
      { sku: "PRICE-D", price_cents: 1990, original_price_cents: null },
    ]);
    const columns = await db.execute(
      sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'products' AND column_name = 'discount_percentage'`,
    );
    expect(columns.rows).toEqual([]);
    // And the database keeps it so: a reference price must stand above a price.
    await expect(
      db.execute(sql`UPDATE products SET original_price_cents = 2990 WHERE sku = 'PRICE-A'`),
    ).rejects.toThrow();
  });
});

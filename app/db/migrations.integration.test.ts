import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildDemoBlog } from "~/demo/blog";
import { buildDemoCatalog } from "~/demo/catalog/catalog";
import { connectTestDatabase } from "../../tests/integration/database";
import { applyMigrations } from "./migrate.server";

const db = connectTestDatabase();

describe("migrations", () => {
  it("create every table of the data model on an empty database", async () => {
    const { rows } = await db.execute<{ table_name: string }>(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual(
      expect.arrayContaining([
        "products",
        "product_variants",
        "product_images",
        "product_price_history",
        "reviews",
        "blog_posts",
        "blog_comments",
        "blog_ratings",
        "users",
        "sessions",
        "accounts",
        "verifications",
        "user_profiles",
        "orders",
        "order_items",
        "stock_holds",
        "coupons",
        "newsletter_subscribers",
        "contact_messages",
        "outgoing_emails",
      ]),
    );
  });

  it("are applied only once: running them again changes nothing", async () => {
    const before = await db.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
    await applyMigrations(db);
    const after = await db.execute(sql`SELECT count(*) AS n FROM drizzle.__drizzle_migrations`);
    expect(after.rows).toEqual(before.rows);
  });

  it("set up Italian accent-insensitive full-text search and trigram typo tolerance", async () => {
    const { rows } = await db.execute<{ lexemes: string }>(
      sql`SELECT to_tsvector('italian_unaccent', 'Perché città reggiseni')::text AS lexemes`,
    );
    expect(rows[0]?.lexemes).toContain("'perc");
    expect(rows[0]?.lexemes).not.toMatch(/[éà]/);

    const stemmed = await db.execute<{ subcategory: string }>(
      sql`SELECT DISTINCT subcategory FROM products WHERE search_vector @@ websearch_to_tsquery('italian_unaccent', 'reggiseni')`,
    );
    expect(stemmed.rows.map((row) => row.subcategory)).toEqual(["reggiseno"]);

    const misspelt = await db.execute<{ subcategory: string }>(
      sql`SELECT DISTINCT subcategory FROM products WHERE 'regiseno' <% search_text`,
    );
    expect(misspelt.rows.map((row) => row.subcategory)).toContain("reggiseno");
  });

  it("keep the search columns current when a variant's colour changes", async () => {
    await db
      .transaction(async (tx) => {
        const [variant] = (
          await tx.execute<{ id: number; product_id: number }>(sql`SELECT id, product_id FROM product_variants LIMIT 1`)
        ).rows;
        await tx.execute(sql`UPDATE product_variants SET color_name = 'Verde Smeraldo' WHERE id = ${variant?.id}`);
        const found = await tx.execute(
          sql`SELECT id FROM products WHERE id = ${variant?.product_id} AND search_vector @@ plainto_tsquery('italian_unaccent', 'smeraldo')`,
        );
        expect(found.rows).toHaveLength(1);
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
  });
});

describe("demo data", () => {
  it("is loaded in full by the seed", async () => {
    const { rows } = await db.execute<{ products: number; variants: number; posts: number }>(sql`
      SELECT (SELECT count(*) FROM products) AS products,
             (SELECT count(*) FROM product_variants) AS variants,
             (SELECT count(*) FROM blog_posts) AS posts`);
    const catalog = buildDemoCatalog();
    expect(rows[0]).toEqual({
      products: catalog.length,
      variants: catalog.reduce((total, product) => total + product.variants.length, 0),
      posts: buildDemoBlog().length,
    });
    expect(catalog.length).toBeGreaterThanOrEqual(150);
  });
});

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

  it("keep each product's sizes, colours and colour-size pairs as its variants are added, changed and removed", async () => {
    await db
      .transaction(async (tx) => {
        const lists = async (productId: number) =>
          (
            await tx.execute<{ sizes: string[]; colors: string[]; color_sizes: string[] }>(
              sql`SELECT sizes, colors, color_sizes FROM products WHERE id = ${productId}`,
            )
          ).rows[0];
        const pair = (color: string, size: string) => `${color}\u001f${size}`;
        const [product] = (
          await tx.execute<{ id: number }>(sql`
            INSERT INTO products (name, gender, subcategory, brand, sku)
            VALUES ('Slip taglie', 'Donna', 'slip', 'Marca di prova', 'TEST-SIZES') RETURNING id`)
        ).rows;
        if (!product) throw new Error("no product inserted");
        expect(await lists(product.id)).toEqual({ sizes: [], colors: [], color_sizes: [] });

        await tx.execute(sql`
          INSERT INTO product_variants (product_id, color_name, color_code, size, sku, stock)
          VALUES (${product.id}, 'Nero', '#111111', 'S', 'TEST-SIZES-S', 1),
                 (${product.id}, 'Nero', '#111111', 'M', 'TEST-SIZES-M', 1),
                 (${product.id}, 'Rosso', '#aa0000', 'M', 'TEST-SIZES-M2', 1)`);
        expect(await lists(product.id)).toEqual({
          sizes: ["M", "S"],
          colors: ["Nero", "Rosso"],
          color_sizes: [pair("Nero", "M"), pair("Nero", "S"), pair("Rosso", "M")],
        });

        await tx.execute(sql`UPDATE product_variants SET size = 'XL' WHERE sku = 'TEST-SIZES-S'`);
        await tx.execute(sql`UPDATE product_variants SET color_name = 'Bordeaux' WHERE sku = 'TEST-SIZES-M2'`);
        expect(await lists(product.id)).toEqual({
          sizes: ["M", "XL"],
          colors: ["Bordeaux", "Nero"],
          color_sizes: [pair("Bordeaux", "M"), pair("Nero", "M"), pair("Nero", "XL")],
        });
        // Stock changes keep the lists.
        await tx.execute(sql`UPDATE product_variants SET stock = 0 WHERE sku = 'TEST-SIZES-M'`);
        expect((await lists(product.id))?.sizes).toEqual(["M", "XL"]);

        await tx.execute(sql`DELETE FROM product_variants WHERE sku IN ('TEST-SIZES-M', 'TEST-SIZES-M2')`);
        expect(await lists(product.id)).toEqual({ sizes: ["XL"], colors: ["Nero"], color_sizes: [pair("Nero", "XL")] });
        tx.rollback();
      })
      .catch((error: Error) => {
        if (!/rollback/i.test(error.message)) throw error;
      });
  });

  it("keep one row per colour of each product on sale, with that colour's sizes and the product's filter columns", async () => {
    await db
      .transaction(async (tx) => {
        const colours = async (productId: number) =>
          (
            await tx.execute<{ color: string; sizes: string[]; brand: string; price_cents: number | null }>(
              sql`SELECT color, sizes, brand, price_cents FROM product_colors WHERE product_id = ${productId} ORDER BY color`,
            )
          ).rows;
        const [product] = (
          await tx.execute<{ id: number }>(sql`
            INSERT INTO products (name, gender, subcategory, brand, sku, price_cents)
            VALUES ('Slip colori', 'Donna', 'slip', 'Marca di prova', 'TEST-COLOURS', 2500) RETURNING id`)
        ).rows;
        if (!product) throw new Error("no product inserted");
        expect(await colours(product.id)).toEqual([]);

        await tx.execute(sql`
          INSERT INTO product_variants (product_id, color_name, color_code, size, sku, stock)
          VALUES (${product.id}, 'Nero', '#111111', 'S', 'TEST-COLOURS-S', 1),
                 (${product.id}, 'Nero', '#111111', 'M', 'TEST-COLOURS-M', 1),
                 (${product.id}, 'Rosso', '#aa0000', 'M', 'TEST-COLOURS-M2', 1)`);
        const brand = "Marca di prova";
        expect(await colours(product.id)).toEqual([
          { color: "Nero", sizes: ["M", "S"], brand, price_cents: 2500 },
          { color: "Rosso", sizes: ["M"], brand, price_cents: 2500 },
        ]);

        await tx.execute(sql`UPDATE product_variants SET size = 'XL' WHERE sku = 'TEST-COLOURS-S'`);
        await tx.execute(sql`UPDATE product_variants SET color_name = 'Bordeaux' WHERE sku = 'TEST-COLOURS-M2'`);
        await tx.execute(sql`UPDATE products SET brand = 'Altra marca', price_cents = NULL WHERE id = ${product.id}`);
        expect(await colours(product.id)).toEqual([
          { color: "Bordeaux", sizes: ["M"], brand: "Altra marca", price_cents: null },
          { color: "Nero", sizes: ["M", "XL"], brand: "Altra marca", price_cents: null },
        ]);

        // Off sale: no rows; back on sale: its rows again.
        await tx.execute(sql`UPDATE products SET archived_at = now() WHERE id = ${product.id}`);
        expect(await colours(product.id)).toEqual([]);
        await tx.execute(sql`UPDATE products SET archived_at = NULL WHERE id = ${product.id}`);
        expect((await colours(product.id)).map((row) => row.color)).toEqual(["Bordeaux", "Nero"]);

        await tx.execute(sql`DELETE FROM product_variants WHERE sku = 'TEST-COLOURS-M2'`);
        expect((await colours(product.id)).map((row) => row.color)).toEqual(["Nero"]);
        await tx.execute(sql`DELETE FROM products WHERE id = ${product.id}`);
        expect(await colours(product.id)).toEqual([]);
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

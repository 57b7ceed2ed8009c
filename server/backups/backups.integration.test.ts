import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrations, committedMigrations, pendingMigrationCount } from "../../app/db/migrate.server";
import { seedDemoOrders } from "../../app/demo/orders.server";
import { seedDemoData } from "../../app/demo/seed.server";
import { writeBackup } from "../../app/modules/backups/backup";
import { folderStore } from "../../app/modules/backups/locations.server";
import { BackupError, type BackupLocation } from "../../app/modules/backups/manifest";
import { restoreBackup } from "../../app/modules/backups/restore";
import { emptyDatabases, tableFingerprints } from "../../tests/integration/database";

const createEmptyDatabase = emptyDatabases();

let workDir: string;
const folder = (name: string): BackupLocation => {
  const root = path.join(workDir, name);
  return { store: folderStore(root), prefix: "", description: root };
};

/** Runs `use` on a connection of its own, closed at once: a restore refuses a database others are connected to. */
async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

const query = <Row extends pg.QueryResultRow>(url: string, text: string) =>
  withClient(url, async (client) => (await client.query<Row>(text)).rows);

async function storedFiles(root: string): Promise<Map<string, string>> {
  const store = folderStore(root);
  const files = new Map<string, string>();
  for (const key of await store.list("")) files.set(key, Buffer.from((await store.read(key)) ?? []).toString("hex"));
  return files;
}

beforeAll(async () => {
  workDir = await mkdtemp(path.join(os.tmpdir(), "vetrina-backups-"));
});
afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

// These tests restore a whole demo shop (about 900 files): tens of seconds each on a busy machine.
describe("backup and restore", { timeout: 120_000 }, () => {
  let source: { url: string; filesDir: string };
  let backup: BackupLocation;

  beforeAll(async () => {
    const { db, url } = await createEmptyDatabase();
    const filesDir = path.join(workDir, "shop-files");
    await applyMigrations(db);
    await seedDemoData(db, folderStore(filesDir));
    await seedDemoOrders(db, "2026-11-20");
    // Ids continue after rows deleted at the end of a table: the restored sequence must too.
    await db.execute(sql`DELETE FROM blog_comments WHERE id = (SELECT max(id) FROM blog_comments)`);
    await db.$client.end();
    source = { url, filesDir };
    ({ location: backup } = await writeBackup({
      database: url,
      files: folderStore(filesDir),
      to: folder("backups"),
      now: new Date("2026-11-23T23:59:00Z"),
    }));
  });

  it("brings an empty database and file store back to the shop's orders, products and images", async () => {
    expect(backup.description).toBe(path.join(workDir, "backups", "vetrina-20261123-235900"));
    const { url } = await createEmptyDatabase();
    const filesDir = path.join(workDir, "restored-files");

    const summary = await restoreBackup({ from: backup, databaseUrl: url, files: folderStore(filesDir) });

    const restored = await tableFingerprints(url);
    expect(restored).toEqual(await tableFingerprints(source.url));
    for (const table of ["orders", "order_items", "payments", "products", "product_variants", "product_images"]) {
      expect(restored[table], table).not.toMatch(/^0 /);
    }
    expect(summary).toMatchObject({ files: (await storedFiles(source.filesDir)).size, newerMigrations: 0 });
    expect(await storedFiles(filesDir)).toEqual(await storedFiles(source.filesDir));
    const images = await query<{ path: string }>(url, "SELECT path FROM product_images");
    const restoredFiles = await storedFiles(filesDir);
    expect(images.filter((image) => !restoredFiles.has(image.path.replace(/^\/files\//, "")))).toEqual([]);

    const [sequences] = await query<{ source: string; restored: string }>(
      url,
      "SELECT last_value::text AS restored FROM blog_comments_id_seq",
    );
    const [original] = await query<{ last: string }>(
      source.url,
      "SELECT last_value::text AS last FROM blog_comments_id_seq",
    );
    expect(sequences?.restored).toBe(original?.last);
    const [journal] = await query<{ count: number }>(
      url,
      "SELECT count(*)::int AS count FROM drizzle.__drizzle_migrations",
    );
    expect(journal?.count).toBe(committedMigrations().length);
  });

  it("refuses a backup with a changed byte or a missing file, restoring nothing", async () => {
    const damaged = folder("damaged");
    await cp(backup.description, damaged.description, { recursive: true });
    const orders = path.join(damaged.description, "database", "orders.copy");
    const original = await readFile(orders);
    const changed = Buffer.from(original);
    const middle = Math.floor(changed.length / 2);
    changed.writeUInt8((changed[middle] ?? 0) ^ 1, middle);
    const [image] = await folderStore(damaged.description).list("files/products/");
    const imageFile = path.join(damaged.description, image as string);

    const { url } = await createEmptyDatabase();
    const filesDir = path.join(workDir, "untouched-files");
    const restore = (from: BackupLocation) => restoreBackup({ from, databaseUrl: url, files: folderStore(filesDir) });
    await writeFile(orders, changed);
    await expect(restore(damaged)).rejects.toThrow(
      /is damaged, so nothing was restored:\n {2}- database\/orders\.copy has changed/,
    );
    await writeFile(orders, original);
    await rm(imageFile);
    await expect(restore(damaged)).rejects.toThrow(
      new RegExp(`damaged, so nothing was restored:\n {2}- ${image} is missing$`),
    );
    expect(await query(url, "SELECT 1 FROM pg_tables WHERE schemaname IN ('public', 'drizzle')")).toEqual([]);
    expect(await storedFiles(filesDir)).toEqual(new Map());
  });

  it("refuses a database that holds data unless forced, and then replaces it", async () => {
    const { db, url } = await createEmptyDatabase();
    await applyMigrations(db);
    await db.execute(sql`INSERT INTO coupons (code, percent_off) VALUES ('SOLO-QUI', 10)`);
    await db.$client.end();
    const filesDir = path.join(workDir, "forced-files");

    await expect(restoreBackup({ from: backup, databaseUrl: url, files: folderStore(filesDir) })).rejects.toThrow(
      /^The database is not empty \(\d+ tables: .*\)\. Restore into an empty database, or add --force/,
    );
    await restoreBackup({ from: backup, databaseUrl: url, files: folderStore(filesDir), force: true });
    expect(await tableFingerprints(url)).toEqual(await tableFingerprints(source.url));
  });

  it("refuses a backup made by a newer version", async () => {
    const newer = folder("newer");
    await cp(backup.description, newer.description, { recursive: true });
    const manifestFile = path.join(newer.description, "manifest.json");
    const manifest = JSON.parse(await readFile(manifestFile, "utf8"));
    manifest.migrations.push(Date.UTC(2030, 0, 1));
    await writeFile(manifestFile, JSON.stringify(manifest));
    const { url } = await createEmptyDatabase();

    const restoring = restoreBackup({ from: newer, databaseUrl: url, files: folderStore(path.join(workDir, "x")) });
    await expect(restoring).rejects.toBeInstanceOf(BackupError);
    await expect(restoring).rejects.toThrow(/made by another version of Vetrina/);
  });
});

describe("a backup taken while orders are placed", { timeout: 120_000 }, () => {
  it("holds each order whole: one snapshot of every table", async () => {
    const source = await createEmptyDatabase();
    await applyMigrations(source.db);
    const orderCount = async () =>
      (await source.db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM orders`)).rows[0]?.n ?? 0;
    // Orders with their line, one statement each, placed by three customers at once until the backup ends.
    // Copied in separate snapshots, orders (copied after order_items) would outnumber their lines: a
    // race, so a broken snapshot is caught in most runs rather than every one.
    let placing = true;
    const customer = async () => {
      while (placing) {
        await source.db.execute(sql`
          WITH placed AS (
            INSERT INTO orders (email, status, payment_status, delivery_method, shipping_address, subtotal_cents, total_cents)
            VALUES ('carla@example.it', 'processing', 'paid', 'pickup', '{}', 1000, 1000) RETURNING id)
          INSERT INTO order_items (order_id, product_name, quantity, unit_price_cents)
          SELECT id, 'Calze di cotone', 2, 500 FROM placed`);
      }
    };
    const placed = Promise.all([customer(), customer(), customer()]);
    const before = await orderCount();
    const { location, manifest } = await writeBackup({
      database: source.url,
      files: folderStore(path.join(workDir, "busy-files")),
      to: folder("busy-backups"),
    }).finally(() => {
      placing = false;
    });
    await placed;
    const after = await orderCount();

    const target = await createEmptyDatabase();
    await restoreBackup({
      from: location,
      databaseUrl: target.url,
      files: folderStore(path.join(workDir, "busy-restored")),
    });
    const { rows } = await target.db.execute<{ orders: number; whole: number }>(sql`
      SELECT count(*)::int AS orders,
             count(*) FILTER (WHERE (SELECT count(*) FROM order_items i WHERE i.order_id = o.id) = 1)::int AS whole
      FROM orders o`);
    const restored = rows[0]?.orders ?? 0;
    expect(after).toBeGreaterThan(before);
    expect(restored).toBeGreaterThanOrEqual(before);
    expect(rows[0]?.whole).toBe(restored);
    expect(manifest.tables.find((table) => table.name === "order_items")?.rows).toBe(restored);
  });
});

describe("restoring an older version's backup", { timeout: 120_000 }, () => {
  it("loads it at its own migration level, then brings the schema up to date", async () => {
    const old = await createEmptyDatabase();
    await applyMigrations(old.db, { through: committedMigrations().length - 3 });
    await old.db.execute(sql`
      INSERT INTO orders (id, email, status, payment_status, delivery_method, shipping_address, subtotal_cents, total_cents)
      VALUES ('00000000-0000-4000-8000-000000000002', 'bruno@example.it', 'reserved', 'to_be_paid_in_store', 'pickup',
              '{"city": "Lucca"}', 2590, 2590)`);
    await old.db.$client.end();
    const { location } = await writeBackup({
      database: old.url,
      files: folderStore(path.join(workDir, "old-files")),
      to: folder("old-backups"),
    });

    const target = await createEmptyDatabase();
    const summary = await restoreBackup({
      from: location,
      databaseUrl: target.url,
      files: folderStore(path.join(workDir, "old-restored-files")),
    });

    expect(summary).toMatchObject({ backupMigrations: committedMigrations().length - 3, newerMigrations: 3, files: 0 });
    expect(await pendingMigrationCount(target.db)).toBe(0);
    expect(await target.db.execute(sql`SELECT email, status, total_cents FROM orders`)).toMatchObject({
      rows: [{ email: "bruno@example.it", status: "reserved", total_cents: 2590 }],
    });
  });
});

import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.server";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

// Any constant shared by every version of the shop: instances starting together take turns on it.
const migrationLock = 0x76657472; // "vetr"

/** The committed migrations, oldest first; drizzle knows each by its folder timestamp (`folderMillis`). */
export function committedMigrations(): ReturnType<typeof readMigrationFiles> {
  return readMigrationFiles({ migrationsFolder });
}

/**
 * Applies the committed SQL migrations that this database has not seen yet (only the first `through`
 * of them when given, as a restore does before loading an older backup). Forward only.
 *
 * Drizzle's migrator reads the last applied migration before its transaction, so two instances
 * starting together would both apply the same ones: a session-level advisory lock, held on the
 * connection that migrates, makes the second wait and then find nothing to do.
 */
export async function applyMigrations(database: Database, { through }: { through?: number } = {}): Promise<void> {
  const client = await database.$client.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock($1)", [migrationLock]);
    try {
      await withMigrationsFolder(through, (folder) => migrate(drizzle(client), { migrationsFolder: folder }));
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [migrationLock]);
    }
  } catch (error) {
    // A connection whose lock state is unknown must not go back to the pool.
    broken = error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

/** Runs `use` on the migrations folder, or on a temporary copy holding only its first `through` migrations. */
async function withMigrationsFolder<T>(through: number | undefined, use: (folder: string) => Promise<T>): Promise<T> {
  if (through === undefined) return use(migrationsFolder);
  const journal = JSON.parse(await readFile(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  if (through > journal.entries.length) {
    throw new Error(`Only ${journal.entries.length} migrations are committed, not ${through}`);
  }
  const folder = await mkdtemp(path.join(os.tmpdir(), "vetrina-migrations-"));
  try {
    const entries = journal.entries.slice(0, through);
    await mkdir(path.join(folder, "meta"));
    await writeFile(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...journal, entries }));
    for (const { tag } of entries) {
      await copyFile(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
    }
    return await use(folder);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * How many committed migrations this database has not applied yet: drizzle records each applied
 * one with its folder timestamp, so anything newer than the last record is pending.
 */
export async function pendingMigrationCount(database: Database): Promise<number> {
  const committed = committedMigrations();
  const { rows: journal } = await database.$client.query<{ exists: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
  );
  if (!journal[0]?.exists) return committed.length;
  const { rows } = await database.$client.query<{ last: string | null }>(
    "SELECT max(created_at)::text AS last FROM drizzle.__drizzle_migrations",
  );
  const last = Number(rows[0]?.last ?? 0);
  return committed.filter((migration) => migration.folderMillis > last).length;
}

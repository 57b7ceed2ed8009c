import path from "node:path";
import { fileURLToPath } from "node:url";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.server";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the committed SQL migrations that this database has not seen yet. */
export async function applyMigrations(database: Database): Promise<void> {
  await migrate(database, { migrationsFolder });
}

/**
 * How many committed migrations this database has not applied yet: drizzle records each applied
 * one with its folder timestamp, so anything newer than the last record is pending.
 */
export async function pendingMigrationCount(database: Database): Promise<number> {
  const committed = readMigrationFiles({ migrationsFolder });
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

import path from "node:path";
import { fileURLToPath } from "node:url";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import type { Database } from "./client.server";

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

/** Applies the committed SQL migrations that this database has not seen yet. */
export async function applyMigrations(database: Database): Promise<void> {
  await migrate(database, { migrationsFolder });
}

import path from "node:path";
import type pg from "pg";
import type { Config } from "../app/config.server";
import { connectDatabase, type Database, disconnectDatabase } from "../app/db/client.server";
import { applyMigrations } from "../app/db/migrate.server";
import { logger } from "../app/logger.server";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { superviseEmbeddedPostgres } from "./embedded-postgres-supervisor";

export type OpenDatabase = { db: Database; pool: pg.Pool; url: string; close: () => Promise<void> };

/**
 * Connects to DATABASE_URL, or starts the embedded PostgreSQL under DATA_DIR when it is unset,
 * and brings the schema up to date. With `onDatabaseLost` (the shop's primary process), an embedded
 * server that stops by itself is started again, and `onDatabaseLost` is told when it cannot be.
 */
export async function openDatabase(
  config: Config,
  { onDatabaseLost }: { onDatabaseLost?: (reason: string) => void } = {},
): Promise<OpenDatabase> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const start = () =>
      startEmbeddedPostgres({ dir: path.join(config.dataDir, "pg"), port: config.embeddedPgPort, database: "vetrina" });
    const embedded = onDatabaseLost
      ? await superviseEmbeddedPostgres(start, { onGiveUp: onDatabaseLost })
      : await start();
    url = embedded.url;
    stopEmbedded = embedded.stop;
    logger.info({ port: config.embeddedPgPort, dir: config.dataDir }, "embedded PostgreSQL started");
  }
  const { db, pool } = connectDatabase(url);
  const close = async () => {
    await disconnectDatabase();
    await stopEmbedded?.();
  };
  try {
    await applyMigrations(db);
  } catch (error) {
    await close();
    throw error;
  }
  return { db, pool, url, close };
}

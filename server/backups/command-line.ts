import { readFile } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import { type Config, ConfigError } from "../../app/config.server";
import { BackupError } from "../../app/modules/backups/manifest";
import type { FileStore } from "../../app/modules/files/file-store";
import { fileStoreFor } from "../../app/modules/files/file-stores.server";
import { startEmbeddedPostgres } from "../embedded-postgres";

// What `npm run backup` and `npm run restore` share: which store holds the shop's files, and how to
// reach the shop's database (where a backup goes: app/modules/backups/locations.server.ts).

/** The store the shop serves its files from, as server/index.ts builds it. */
export function instanceFileStore(config: Config): FileStore {
  return fileStoreFor(config);
}

export type MaintenanceDatabase = { url: string; close: () => Promise<void> };

/**
 * The shop's database: DATABASE_URL, or the embedded PostgreSQL under DATA_DIR. A backup shares the
 * embedded server when the shop is running (two servers cannot open one data folder) and starts it
 * otherwise; a restore needs the shop stopped, so it refuses a running one.
 */
export async function openShopDatabase(
  config: Config,
  whileShopRuns: "share" | "refuse",
): Promise<MaintenanceDatabase> {
  if (config.databaseUrl) return { url: config.databaseUrl, close: async () => {} };
  const dir = path.join(config.dataDir, "pg");
  const running = await runningEmbeddedPostgres(dir, config.embeddedPgPort);
  if (running && whileShopRuns === "refuse") {
    throw new BackupError(
      `The shop's embedded PostgreSQL is running (port ${config.embeddedPgPort}): stop the shop before restoring.`,
    );
  }
  if (running) return { url: running, close: async () => {} };
  const embedded = await startEmbeddedPostgres({ dir, port: config.embeddedPgPort, database: "vetrina" });
  return { url: embedded.url, close: embedded.stop };
}

/** The URL of the embedded server already running on `dir`'s cluster, or null when none answers on `port`. */
async function runningEmbeddedPostgres(dir: string, port: number): Promise<string | null> {
  const password = await readFile(path.join(dir, "password"), "utf8").then(
    (text) => text.trim(),
    () => null,
  );
  if (password === null) return null;
  const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/vetrina`;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ECONNREFUSED") return null;
    throw new BackupError(
      `Port ${port} (EMBEDDED_PG_PORT) answers, but not as this DATA_DIR's PostgreSQL: ${(error as Error).message}`,
    );
  }
  try {
    const { rows } = await client.query<{ data_directory: string }>("SHOW data_directory");
    const cluster = path.resolve(dir, "cluster");
    if (rows[0]?.data_directory !== cluster) {
      throw new BackupError(
        `Port ${port} (EMBEDDED_PG_PORT) is another PostgreSQL (data in ${rows[0]?.data_directory}), not this DATA_DIR's.`,
      );
    }
    return url;
  } finally {
    await client.end();
  }
}

/** Runs a command's `main` and exits with its code; expected failures print one line, anything else its stack. */
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      const expected =
        error instanceof ConfigError ||
        error instanceof BackupError ||
        (error instanceof Error && error.message.startsWith("The embedded"));
      console.error(expected ? (error as Error).message : error);
      process.exit(1);
    },
  );
}

import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { FileStore } from "~/modules/files/file-store";
import { appliedMigrations, copiedColumns, shopForeignKeys, shopSequences, shopTables } from "./catalog";
import { loadOrder } from "./load-order";
import {
  BackupError,
  type BackupLocation,
  type BackupManifest,
  fileKey,
  manifestKey,
  measured,
  quoteIdentifier,
  storedContentType,
  tableKey,
} from "./manifest";

/** `vetrina-20261123-235900`: sorts by date, and is a valid file-store key segment. */
export function backupName(now: Date): string {
  return `vetrina-${now
    .toISOString()
    .replace(/\D/g, "")
    .slice(0, 14)
    .replace(/^(\d{8})/, "$1-")}`;
}

/**
 * Writes a backup of the database (its URL, or the shop's connection pool) and of every file in `files` into a new folder
 * named after the time below `to`, and returns where it is.
 *
 * The tables are copied in one REPEATABLE READ transaction, so they are one consistent snapshot
 * (orders with their lines, stock with its holds) while the shop keeps selling. The files are copied
 * after it: every image the snapshot names was already stored (the shop stores an image before the
 * row that names it) and one stored meanwhile is merely extra; only an image deleted in between is
 * missed, as its row is gone a moment later anyway. The manifest, with each part's row
 * count and SHA-256, is written last, so a backup without one is known to be unfinished.
 *
 * Every part streams from its source to the backup, measured on the way: memory does not grow with
 * the size of a table or of a file.
 */
export async function writeBackup({
  database,
  files,
  to,
  now = new Date(),
}: {
  database: string | pg.Pool;
  files: FileStore;
  to: BackupLocation;
  now?: Date;
}): Promise<{ location: BackupLocation; manifest: BackupManifest }> {
  const name = backupName(now);
  const location: BackupLocation = {
    store: to.store,
    prefix: `${to.prefix}${name}/`,
    description: `${to.description}/${name}`,
  };
  if ((await to.store.list(location.prefix)).length > 0) {
    throw new BackupError(`${location.description} already exists: wait a second and run the backup again.`);
  }
  /** Streams `source` into the backup at `key`, and tells its size, row count and checksum. */
  const write = async (key: string, source: AsyncIterable<Uint8Array>, contentType: string) => {
    const part = measured(source);
    await location.store.putStream(`${location.prefix}${key}`, part.stream, contentType);
    return part.totals();
  };

  let client: pg.ClientBase;
  let close: (failed: boolean) => Promise<void>;
  if (typeof database === "string") {
    const own = new pg.Client({ connectionString: database });
    await own.connect();
    client = own;
    close = () => own.end();
  } else {
    const pooled = await database.connect();
    client = pooled;
    // A connection whose backup failed may be inside its transaction: it is closed, not pooled again.
    close = async (failed) => pooled.release(failed);
  }
  let failed = false;
  let dumped: Pick<BackupManifest, "postgresVersion" | "migrations" | "tables" | "sequences">;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const tables = await shopTables(client);
    // A schema no restore could load is refused now, not on the day of the restore.
    loadOrder(tables, await shopForeignKeys(client));
    const migrations = await appliedMigrations(client);
    const tableParts: BackupManifest["tables"] = [];
    for (const table of tables) {
      const columns = await copiedColumns(client, table);
      const columnList = columns.map(quoteIdentifier).join(", ");
      const rows = client.query(copyTo(`COPY public.${quoteIdentifier(table)} (${columnList}) TO STDOUT`));
      // A backup failing mid-copy (a full disk) closes this connection under the stream, which then
      // reports the closing too: the failure itself already reaches the caller through the pipeline.
      rows.on("error", () => {});
      const part = await write(tableKey(table), rows, "text/plain; charset=utf-8");
      tableParts.push({ name: table, columns, ...part });
    }
    // Sequences are outside transactions: read after the rows, they are at least as far as any id copied.
    const sequences: BackupManifest["sequences"] = [];
    for (const sequence of await shopSequences(client)) {
      const { rows } = await client.query<{ last_value: string; is_called: boolean }>(
        `SELECT last_value::text, is_called FROM public.${quoteIdentifier(sequence)}`,
      );
      sequences.push({ name: sequence, lastValue: rows[0]?.last_value ?? "1", isCalled: rows[0]?.is_called ?? false });
    }
    const { rows: version } = await client.query<{ server_version: string }>("SHOW server_version");
    await client.query("COMMIT");
    dumped = { postgresVersion: version[0]?.server_version ?? "", migrations, tables: tableParts, sequences };
  } catch (error) {
    failed = true;
    throw error;
  } finally {
    await close(failed);
  }

  const copiedFiles: BackupManifest["files"] = [];
  for (const key of await files.list("")) {
    const source = await files.readStream(key);
    if (source === null) continue; // deleted since it was listed
    const contentType = storedContentType(key);
    const { bytes, sha256 } = await write(fileKey(key), source, contentType);
    copiedFiles.push({ key, contentType, bytes, sha256 });
  }

  const manifest: BackupManifest = {
    format: "vetrina-backup",
    version: 1,
    createdAt: now.toISOString(),
    ...dumped,
    files: copiedFiles,
  };
  await location.store.put(
    `${location.prefix}${manifestKey}`,
    new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`),
    "application/json",
  );
  return { location, manifest };
}

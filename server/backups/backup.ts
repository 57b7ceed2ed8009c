import { buffer } from "node:stream/consumers";
import pg from "pg";
import { to as copyTo } from "pg-copy-streams";
import type { FileStore } from "../../app/modules/files/file-store";
import { appliedMigrations, copiedColumns, shopForeignKeys, shopSequences, shopTables } from "./catalog";
import { loadOrder } from "./load-order";
import {
  BackupError,
  type BackupLocation,
  type BackupManifest,
  copyRowCount,
  fileKey,
  manifestKey,
  quoteIdentifier,
  sha256,
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
 * Writes a backup of the database at `databaseUrl` and of every file in `files` into a new folder
 * named after the time below `to`, and returns where it is.
 *
 * The tables are copied in one REPEATABLE READ transaction, so they are one consistent snapshot
 * (orders with their lines, stock with its holds) while the shop keeps selling. The files are copied
 * after it: every image the snapshot names was already stored (the shop stores an image before the
 * row that names it) and one stored meanwhile is merely extra; only an image deleted in between is
 * missed, as its row is gone a moment later anyway. The manifest, with each part's row
 * count and SHA-256, is written last, so a backup without one is known to be unfinished.
 */
export async function writeBackup({
  databaseUrl,
  files,
  to,
  now = new Date(),
}: {
  databaseUrl: string;
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
  const put = (key: string, bytes: Uint8Array, contentType: string) =>
    location.store.put(`${location.prefix}${key}`, bytes, contentType);

  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let database: Pick<BackupManifest, "postgresVersion" | "migrations" | "tables" | "sequences">;
  try {
    await client.query("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY");
    const tables = await shopTables(client);
    // A schema no restore could load is refused now, not on the day of the restore.
    loadOrder(tables, await shopForeignKeys(client));
    const migrations = await appliedMigrations(client);
    const dumped: BackupManifest["tables"] = [];
    for (const table of tables) {
      const columns = await copiedColumns(client, table);
      const columnList = columns.map(quoteIdentifier).join(", ");
      const bytes = await buffer(
        client.query(copyTo(`COPY public.${quoteIdentifier(table)} (${columnList}) TO STDOUT`)),
      );
      await put(tableKey(table), bytes, "text/plain; charset=utf-8");
      dumped.push({ name: table, columns, rows: copyRowCount(bytes), bytes: bytes.length, sha256: sha256(bytes) });
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
    database = { postgresVersion: version[0]?.server_version ?? "", migrations, tables: dumped, sequences };
  } finally {
    await client.end();
  }

  const copiedFiles: BackupManifest["files"] = [];
  for (const key of await files.list("")) {
    const bytes = await files.read(key);
    if (bytes === null) continue; // deleted since it was listed
    const contentType = storedContentType(key);
    await put(fileKey(key), bytes, contentType);
    copiedFiles.push({ key, contentType, bytes: bytes.length, sha256: sha256(bytes) });
  }

  const manifest: BackupManifest = {
    format: "vetrina-backup",
    version: 1,
    createdAt: now.toISOString(),
    ...database,
    files: copiedFiles,
  };
  await put(manifestKey, new TextEncoder().encode(`${JSON.stringify(manifest, null, 2)}\n`), "application/json");
  return { location, manifest };
}

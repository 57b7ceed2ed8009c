import { pipeline } from "node:stream/promises";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { from as copyFrom } from "pg-copy-streams";
import type { Database } from "~/db/client.server";
import { applyMigrations, committedMigrations } from "~/db/migrate.server";
import * as schema from "~/db/schema";
import type { FileStore } from "~/modules/files/file-store";
import { copiedColumns, shopForeignKeys, shopSequences, shopTables } from "./catalog";
import { loadOrder } from "./load-order";
import {
  BackupError,
  type BackupLocation,
  type BackupManifest,
  fileKey,
  manifestKey,
  manifestSchema,
  measured,
  quoteIdentifier,
  tableKey,
} from "./manifest";

/**
 * Reads the backup at `from` and checks all of it against its manifest (every table's bytes,
 * checksum and row count, every file's checksum) before anything is restored.
 */
export async function readVerifiedManifest(from: BackupLocation): Promise<BackupManifest> {
  const manifestBytes = await from.store.read(`${from.prefix}${manifestKey}`);
  if (manifestBytes === null) {
    throw new BackupError(`${from.description} is not a finished backup: it has no ${manifestKey}.`);
  }
  let manifest: BackupManifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(new TextDecoder().decode(manifestBytes)));
  } catch {
    throw new BackupError(`${from.description}/${manifestKey} is damaged: it is not a Vetrina backup manifest.`);
  }
  const problems: string[] = [];
  for (const table of manifest.tables) {
    const problem = await partProblem(from, tableKey(table.name), table.sha256, table.rows);
    if (problem) problems.push(problem);
  }
  for (const file of manifest.files) {
    const problem = await partProblem(from, fileKey(file.key), file.sha256);
    if (problem) problems.push(problem);
  }
  if (problems.length > 0) {
    throw new BackupError(
      `The backup at ${from.description} is damaged, so nothing was restored:\n${problems
        .slice(0, 20)
        .map((problem) => `  - ${problem}`)
        .join("\n")}${problems.length > 20 ? `\n  … and ${problems.length - 20} more` : ""}`,
    );
  }
  return manifest;
}

async function partProblem(
  from: BackupLocation,
  key: string,
  expectedSha256: string,
  expectedRows?: number,
): Promise<string | null> {
  const source = await from.store.readStream(`${from.prefix}${key}`);
  if (source === null) return `${key} is missing`;
  const part = measured(source);
  for await (const _chunk of part.stream); // read through, measured on the way
  const { sha256, rows } = part.totals();
  if (sha256 !== expectedSha256) return `${key} has changed (its SHA-256 differs from the manifest's)`;
  if (expectedRows !== undefined && rows !== expectedRows) return `${key} holds ${rows} rows, not ${expectedRows}`;
  return null;
}

/**
 * One part of a verified backup as a stream, checked again as it is used: `verify()`, once the
 * stream is consumed, throws if it differs from the manifest (the caller then undoes what it wrote).
 */
async function verifiedPart(
  from: BackupLocation,
  key: string,
  expectedSha256: string,
): Promise<{ stream: AsyncIterable<Uint8Array>; verify: () => void }> {
  const changed = () => new BackupError(`${from.description}/${key} changed while it was being restored.`);
  const source = await from.store.readStream(`${from.prefix}${key}`);
  if (source === null) throw changed();
  const part = measured(source);
  return {
    stream: part.stream,
    verify: () => {
      if (part.totals().sha256 !== expectedSha256) throw changed();
    },
  };
}

export type RestoreSummary = {
  tables: number;
  rows: number;
  files: number;
  /** Migrations the backup's database had, and those this version applied on top of it. */
  backupMigrations: number;
  newerMigrations: number;
};

/**
 * Brings the database at `databaseUrl` and the file store `files` back to the backup at `from`.
 *
 * Everything is checked first (the whole backup, an empty target, a backup not newer than this
 * version), so a damaged backup or a wrong target changes nothing. Then the schema is migrated to the
 * backup's level, the rows are loaded in one transaction (all or nothing), the migrations added
 * since are applied, and the files are put back. `force` first empties a database that holds data
 * (every table of the shop, and drizzle's journal) and lets the files overwrite those of the store.
 */
export async function restoreBackup({
  from,
  databaseUrl,
  files,
  force = false,
}: {
  from: BackupLocation;
  databaseUrl: string;
  files: FileStore;
  force?: boolean;
}): Promise<RestoreSummary> {
  const manifest = await readVerifiedManifest(from);
  const committed = committedMigrations().map((migration) => migration.folderMillis);
  const backupLevel = manifest.migrations.length;
  if (backupLevel > committed.length || manifest.migrations.some((millis, index) => committed[index] !== millis)) {
    throw new BackupError(
      `The backup was made by another version of Vetrina (its database has ${backupLevel} migrations that do not ` +
        `match this version's ${committed.length}): restore it with the version that made it, then upgrade.`,
    );
  }

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const client = await pool.connect();
    try {
      await assertRestorable(client, files, force);
      if (force) {
        await client.query("DROP SCHEMA IF EXISTS drizzle CASCADE");
        await client.query("DROP SCHEMA IF EXISTS public CASCADE");
        await client.query("CREATE SCHEMA public");
        await client.query("GRANT USAGE ON SCHEMA public TO PUBLIC");
      }
    } finally {
      client.release();
    }
    const db: Database = drizzle(pool, { schema });
    await applyMigrations(db, { through: backupLevel });
    const rows = await loadRows(pool, from, manifest);
    await applyMigrations(db);
    await pool.query("ANALYZE");

    for (const file of manifest.files) {
      const part = await verifiedPart(from, fileKey(file.key), file.sha256);
      await files.putStream(file.key, part.stream, file.contentType);
      try {
        part.verify();
      } catch (error) {
        await files.delete(file.key);
        throw error;
      }
    }
    return {
      tables: manifest.tables.length,
      rows,
      files: manifest.files.length,
      backupMigrations: backupLevel,
      newerMigrations: committed.length - backupLevel,
    };
  } finally {
    await pool.end();
  }
}

/** Refuses a target in use or holding data, unless `force` (which still needs the shop stopped). */
async function assertRestorable(client: pg.PoolClient, files: FileStore, force: boolean): Promise<void> {
  const { rows: others } = await client.query<{ count: number }>(
    `SELECT count(*)::int AS count FROM pg_stat_activity
     WHERE datname = current_database() AND usename = current_user AND pid <> pg_backend_pid()`,
  );
  const connections = others[0]?.count ?? 0;
  if (connections > 0) {
    throw new BackupError(
      `The database has ${connections} other open connection(s): stop every instance of the shop before restoring.`,
    );
  }
  if (force) return;
  const { rows: tables } = await client.query<{ name: string }>(
    `SELECT n.nspname || '.' || c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname IN ('public', 'drizzle') AND c.relkind IN ('r', 'p')
       AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')
     ORDER BY 1`,
  );
  if (tables.length > 0) {
    throw new BackupError(
      `The database is not empty (${tables.length} tables: ${tables
        .slice(0, 5)
        .map((table) => table.name)
        .join(", ")}${tables.length > 5 ? ", …" : ""}). Restore into an empty database, or add --force to ` +
        "replace everything in this one.",
    );
  }
  const stored = await files.list("");
  if (stored.length > 0) {
    throw new BackupError(
      `The file store is not empty (${stored.length} files, e.g. ${stored[0]}). Restore into an empty one, or add ` +
        "--force to put the backup's files over these.",
    );
  }
}

/**
 * Loads every table's rows in one transaction: the tables the migrations may have filled are
 * emptied, user triggers are off (the dump already holds what they derive, such as search columns
 * and words; disabling them needs only ownership, not superuser), tables go in foreign-key order
 * with deferrable keys checked at commit, and sequences continue where they were.
 */
async function loadRows(pool: pg.Pool, from: BackupLocation, manifest: BackupManifest): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query("BEGIN");
    await client.query("SET CONSTRAINTS ALL DEFERRED");
    const tables = await shopTables(client);
    const expected = manifest.tables.map((table) => table.name).sort();
    if (tables.join() !== expected.join()) {
      throw new BackupError(
        `The tables at the backup's migration level differ from the backup's (${[
          ...expected.filter((table) => !tables.includes(table)).map((table) => `missing here: ${table}`),
          ...tables.filter((table) => !expected.includes(table)).map((table) => `not in the backup: ${table}`),
        ].join(", ")}).`,
      );
    }
    const quoted = tables.map((table) => `public.${quoteIdentifier(table)}`);
    await client.query(`TRUNCATE ${quoted.join(", ")}`);
    for (const table of quoted) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);

    const byName = new Map(manifest.tables.map((table) => [table.name, table]));
    let rows = 0;
    for (const name of loadOrder(tables, await shopForeignKeys(client))) {
      const table = byName.get(name) as BackupManifest["tables"][number];
      const columns = await copiedColumns(client, name);
      if (columns.join() !== table.columns.join()) {
        throw new BackupError(`The columns of ${name} differ from the backup's: ${table.columns.join(", ")}.`);
      }
      const part = await verifiedPart(from, tableKey(name), table.sha256);
      const copy = client.query(
        copyFrom(`COPY public.${quoteIdentifier(name)} (${columns.map(quoteIdentifier).join(", ")}) FROM STDIN`),
      );
      await pipeline(part.stream, copy);
      part.verify(); // inside the transaction: a changed part loads nothing
      if (copy.rowCount !== table.rows) {
        throw new BackupError(`${name}: ${copy.rowCount} rows loaded, the backup has ${table.rows}.`);
      }
      rows += copy.rowCount;
    }

    for (const table of quoted) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    const sequences = new Set(await shopSequences(client));
    for (const sequence of manifest.sequences) {
      if (!sequences.has(sequence.name)) throw new BackupError(`The sequence ${sequence.name} does not exist here.`);
      await client.query("SELECT setval($1::regclass, $2::bigint, $3)", [
        `public.${quoteIdentifier(sequence.name)}`,
        sequence.lastValue,
        sequence.isCalled,
      ]);
    }
    await client.query("COMMIT");
    return rows;
  } catch (error) {
    await client.query("ROLLBACK").catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

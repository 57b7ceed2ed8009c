import type pg from "pg";
import type { ForeignKey } from "./load-order";

// What a backup holds of the database, read from pg_catalog: the shop's tables and sequences are
// those of the `public` schema (drizzle's journal lives in `drizzle`, and restores rebuild it by
// migrating), leaving out what an extension owns.
const ownShopObject = `c.relnamespace = 'public'::regnamespace
  AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass AND d.objid = c.oid AND d.deptype = 'e')`;

export async function shopTables(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'r' AND NOT c.relispartition AND ${ownShopObject} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** The columns a COPY reads and writes: generated columns are computed again on load. */
export async function copiedColumns(client: pg.ClientBase, table: string): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT a.attname AS name FROM pg_attribute a
     WHERE a.attrelid = (SELECT c.oid FROM pg_class c WHERE c.relname = $1 AND c.relnamespace = 'public'::regnamespace)
       AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
     ORDER BY a.attnum`,
    [table],
  );
  return rows.map((row) => row.name);
}

export async function shopForeignKeys(client: pg.ClientBase): Promise<ForeignKey[]> {
  const { rows } = await client.query<ForeignKey>(
    `SELECT k.conname AS name, c.relname AS table, r.relname AS references, k.condeferrable AS deferrable
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     WHERE k.contype = 'f' AND ${ownShopObject}`,
  );
  return rows;
}

export async function shopSequences(client: pg.ClientBase): Promise<string[]> {
  const { rows } = await client.query<{ name: string }>(
    `SELECT c.relname AS name FROM pg_class c WHERE c.relkind = 'S' AND ${ownShopObject} ORDER BY 1`,
  );
  return rows.map((row) => row.name);
}

/** The folder timestamps of the applied migrations, oldest first; none on a database never migrated. */
export async function appliedMigrations(client: pg.ClientBase): Promise<number[]> {
  const { rows: journal } = await client.query<{ exists: boolean }>(
    "SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS exists",
  );
  if (!journal[0]?.exists) return [];
  const { rows } = await client.query<{ created_at: string }>(
    "SELECT created_at::text FROM drizzle.__drizzle_migrations ORDER BY created_at",
  );
  return rows.map((row) => Number(row.created_at));
}

import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import { logger } from "../logger.server";
import * as schema from "./schema";

/** The shop's database through Drizzle, with its pool (`$client`) for the few callers that need pg itself. */
export type Database = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a module may run its queries: the pool, or a transaction its caller opened. */
export type Queryable = Database | Transaction;

type Connection = { pool: pg.Pool; db: Database; url: string };

// One pool per process, shared by the Node server and the app bundle it loads
// (they are separate module instances), hence a global slot instead of a module variable.
const slot = globalThis as typeof globalThis & { __vetrinaDb?: Connection };

// COUNT(*) and other bigints arrive as text; the shop's counts fit easily in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

const connectionTimeoutMs = 5_000;

export function connectDatabase(url: string, max = 10): Connection {
  if (slot.__vetrinaDb) {
    if (slot.__vetrinaDb.url === url) return slot.__vetrinaDb;
    throw new Error("The database is already connected to another URL");
  }
  // A database that does not answer (a network cut, a server hung in recovery) holds a request at
  // most this long for a connection, then the request gets the shop's 503 page.
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectionTimeoutMs });
  // A connection can drop (database restart, shutdown), idle in the pool or checked out for a
  // transaction: its query fails, the pool discards it and opens another on next use. Its 'error'
  // event is logged here, since an unheard one would crash the process.
  pool.on("connect", (client) => {
    client.on("error", (error) => logger.warn({ err: error }, "database connection lost"));
  });
  // Idle connections' errors come here too, already logged by the connection's own listener.
  pool.on("error", () => {});
  const db = drizzle(pool, { schema });
  slot.__vetrinaDb = { pool, db, url };
  return slot.__vetrinaDb;
}

export function db(): Database {
  if (!slot.__vetrinaDb) {
    const url = process.env.DATABASE_URL;
    if (!url) throw new Error("The database is not connected");
    return connectDatabase(url).db;
  }
  return slot.__vetrinaDb.db;
}

export function pool(): pg.Pool {
  db();
  return (slot.__vetrinaDb as Connection).pool;
}

export async function disconnectDatabase(): Promise<void> {
  const connection = slot.__vetrinaDb;
  slot.__vetrinaDb = undefined;
  await connection?.pool.end();
}

import { randomBytes } from "node:crypto";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, inject } from "vitest";
import { connectDatabase, type Database, disconnectDatabase } from "../../app/db/client.server";
import * as schema from "../../app/db/schema";
import { createThrowawayDatabase } from "../../server/throwaway-database";

/** The run's seeded test database, connected for this test file and closed after it. */
export function connectTestDatabase(): Database {
  const { db } = connectDatabase(inject("databaseUrl"), 4);
  afterAll(() => disconnectDatabase());
  return db;
}

/**
 * Makes new empty databases beside the run's one (same server), each with its own pool, for what needs
 * a database of its own (migrations from nothing, restores). Call it at the top of a test file, as
 * hooks must be registered then: every database it made is dropped after the file. A pool connects
 * on first use; a test may end it early (`db.$client.end()`).
 */
export function emptyDatabases(): () => Promise<{ db: Database; url: string }> {
  const created: { pool: pg.Pool; drop: () => Promise<void> }[] = [];
  afterAll(async () => {
    for (const { pool, drop } of created) {
      if (!pool.ended) await pool.end();
      await drop();
    }
  });
  return async () => {
    const throwaway = await createThrowawayDatabase({
      name: `vetrina_empty_${randomBytes(4).toString("hex")}`,
      serverUrl: inject("databaseUrl"),
      workDir: "",
    });
    const pool = new pg.Pool({ connectionString: throwaway.url, max: 4 });
    created.push({ pool, drop: throwaway.drop });
    return { db: drizzle(pool, { schema }), url: throwaway.url };
  };
}

/**
 * Every table's rows at `url`, as one fingerprint (row count and digest) per table, read on a
 * connection of its own closed at once (a restore refuses a database others are connected to).
 */
export async function tableFingerprints(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
    );
    const fingerprints: Record<string, string> = {};
    for (const { name } of tables) {
      const { rows } = await client.query<{ rows: number; digest: string | null }>(
        `SELECT count(*)::int AS rows, md5(string_agg(t::text, E'\\n' ORDER BY t::text)) AS digest FROM public."${name}" t`,
      );
      fingerprints[name] = `${rows[0]?.rows} ${rows[0]?.digest}`;
    }
    return fingerprints;
  } finally {
    await client.end();
  }
}

import type pg from "pg";

/**
 * Runs `work` while holding the PostgreSQL advisory lock named `name`, taken on a connection of its
 * own: callers in every process connected to the database take turns. If that connection is lost
 * the lock goes with it, so a crashed holder never blocks the others.
 */
export async function withAdvisoryLock<T>(pool: pg.Pool, name: string, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("SELECT pg_advisory_lock(hashtext($1))", [name]);
    try {
      return await work();
    } finally {
      await client.query("SELECT pg_advisory_unlock(hashtext($1))", [name]).catch((error: Error) => {
        // The connection is dropped below instead of returned to the pool, which frees the lock.
        broken = error;
      });
    }
  } catch (error) {
    broken ??= error as Error;
    throw error;
  } finally {
    client.release(broken);
  }
}

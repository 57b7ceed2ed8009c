import { createHash } from "node:crypto";
import type pg from "pg";
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from "rate-limiter-flexible";
import type { Database } from "~/db/client.server";
import { logger } from "~/logger.server";

// Rate limits kept in PostgreSQL (the `rate_limits` table) through rate-limiter-flexible, so every
// app instance counts the same attempts and a process's memory never grows with attacker-chosen
// keys. If the database cannot answer, a limiter in memory stands in (its keys expire with their
// window); if even that fails, the request goes through: an honest visitor never sees a limiter's
// error as a 429 or a 500.

/** A limit: at most `points` attempts per key in `durationSeconds`. `name` keeps its counters apart. */
export type RateLimit = { name: string; points: number; durationSeconds: number };

export type RateLimitVerdict = { allowed: boolean; retryAfterSeconds: number };

export const tooManyRequestsMessage = "Troppe richieste. Riprova tra qualche minuto.";

const limitersOfPools = new WeakMap<pg.Pool, Map<string, RateLimiterPostgres>>();

function limiterFor(db: Database, limit: RateLimit): RateLimiterPostgres {
  const pool = db.$client;
  let limiters = limitersOfPools.get(pool);
  if (!limiters) {
    limiters = new Map();
    limitersOfPools.set(pool, limiters);
  }
  let limiter = limiters.get(limit.name);
  if (!limiter) {
    const options = { points: limit.points, duration: limit.durationSeconds, keyPrefix: limit.name };
    limiter = new RateLimiterPostgres({
      ...options,
      storeClient: pool,
      storeType: "pool",
      tableName: "rate_limits",
      tableCreated: true,
      // Expired counters are deleted by one scheduled job (modules/jobs), not by a timer per limit.
      clearExpiredByTimeout: false,
      insuranceLimiter: new RateLimiterMemory(options),
    });
    limiters.set(limit.name, limiter);
  }
  return limiter;
}

/** Keys hold e-mail addresses and IPs: the table keeps their hash, of a fixed length. */
function hashed(key: string): string {
  return createHash("sha256").update(key).digest("base64url");
}

/** Counts one attempt of `key` against `limit`; tells whether it is allowed and, if not, when to retry. */
export async function hitRateLimit(db: Database, limit: RateLimit, key: string): Promise<RateLimitVerdict> {
  try {
    await limiterFor(db, limit).consume(hashed(key));
    return { allowed: true, retryAfterSeconds: 0 };
  } catch (refused) {
    if (refused instanceof RateLimiterRes) {
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(refused.msBeforeNext / 1000)) };
    }
    logger.error({ err: refused, limit: limit.name }, "rate limiter failed; request let through");
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

/**
 * Whether `key` may make one more attempt against `limit`, without counting one: for what is counted
 * only once its outcome is known (hitRateLimit then), yet must be refused before it is tried.
 */
export async function peekRateLimit(db: Database, limit: RateLimit, key: string): Promise<RateLimitVerdict> {
  try {
    const used = await limiterFor(db, limit).get(hashed(key));
    if (!used || used.consumedPoints < limit.points) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(used.msBeforeNext / 1000)) };
  } catch (error) {
    logger.error({ err: error, limit: limit.name }, "rate limiter failed; request let through");
    return { allowed: true, retryAfterSeconds: 0 };
  }
}

/** Forgets the attempts of `key` (e.g. after a successful login). */
export async function resetRateLimit(db: Database, limit: RateLimit, key: string): Promise<void> {
  await limiterFor(db, limit)
    .delete(hashed(key))
    .catch((error: unknown) => logger.warn({ err: error, limit: limit.name }, "rate limit not reset"));
}

/** Deletes the counters whose window ended over an hour ago. */
export async function deleteExpiredRateLimits(db: Database, now: Date): Promise<void> {
  await db.$client.query("DELETE FROM rate_limits WHERE expire < $1", [now.getTime() - 3_600_000]);
}

/** The visitor's IP address, as the Node server recorded it (see server/http.ts). */
export function clientIp(request: Request): string {
  return request.headers.get("x-client-ip") ?? "unknown";
}

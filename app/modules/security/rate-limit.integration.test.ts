import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import type { Database } from "~/db/client.server";
import * as schema from "~/db/schema";
import { checkLoginLimits, loginLimits } from "~/modules/accounts/rate-limits.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { uniqueEmail } from "../../../tests/support/fixtures";
import { checkFormRateLimits } from "./form-rate-limit.server";
import {
  deleteExpiredRateLimits,
  hitRateLimit,
  peekRateLimit,
  type RateLimit,
  resetRateLimit,
} from "./rate-limit.server";

const db = connectTestDatabase();
// A second app instance: its own pool on the same database.
const otherPool = new pg.Pool({
  connectionString: (db.$client.options as { connectionString: string }).connectionString,
  max: 2,
});
const otherInstance = drizzle(otherPool, { schema }) as Database;
afterAll(() => otherPool.end());

let limitCounter = 0;
const limit = (points: number, durationSeconds = 60): RateLimit => ({
  name: `test-limit-${Date.now()}-${++limitCounter}`,
  points,
  durationSeconds,
});

describe("rate limits in PostgreSQL", () => {
  it("can be looked at without counting an attempt, for what is counted once its outcome is known", async () => {
    const twice = limit(2);
    for (let look = 0; look < 5; look++) {
      expect(await peekRateLimit(db, twice, "203.0.113.7")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    }
    await hitRateLimit(db, twice, "203.0.113.7");
    expect((await peekRateLimit(otherInstance, twice, "203.0.113.7")).allowed).toBe(true);
    await hitRateLimit(otherInstance, twice, "203.0.113.7");
    const used = await peekRateLimit(db, twice, "203.0.113.7");
    expect(used.allowed).toBe(false);
    expect(used.retryAfterSeconds).toBeGreaterThan(0);
    expect(used.retryAfterSeconds).toBeLessThanOrEqual(60);
  });

  it("count the attempts of a key across app instances and tell when to retry", async () => {
    const twice = limit(2);
    expect(await hitRateLimit(db, twice, "203.0.113.5")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    expect((await hitRateLimit(otherInstance, twice, "203.0.113.5")).allowed).toBe(true);
    const refused = await hitRateLimit(db, twice, "203.0.113.5");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBeGreaterThan(0);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(60);
    // Another key has its own count; a reset forgets this one.
    expect((await hitRateLimit(db, twice, "203.0.113.6")).allowed).toBe(true);
    await resetRateLimit(otherInstance, twice, "203.0.113.5");
    expect((await hitRateLimit(db, twice, "203.0.113.5")).allowed).toBe(true);
  });

  it("store a hash of each key, never the e-mail address or IP itself", async () => {
    const email = uniqueEmail("limite");
    await hitRateLimit(db, limit(5), email);
    const { rows } = await db.$client.query<{ key: string }>(
      "SELECT key FROM rate_limits WHERE key LIKE 'test-limit-%'",
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.key.includes(email) || row.key.includes("203.0.113"))).toBe(false);
  });

  it("answer a form over its limit with a 429, the Italian message and Retry-After", async () => {
    const once = limit(1);
    expect(await checkFormRateLimits(db, [[once, "k"]])).toBeNull();
    const answer = await checkFormRateLimits(db, [[once, "k"]]);
    expect(answer?.data).toEqual({
      ok: false,
      notice: { title: "Errore", description: "Troppe richieste. Riprova tra qualche minuto." },
    });
    expect(answer?.init?.status).toBe(429);
    expect(Number(new Headers(answer?.init?.headers).get("Retry-After"))).toBeGreaterThan(0);
  });

  it("let requests through when the database cannot count them", async () => {
    const broken = new pg.Pool({ connectionString: "postgres://nobody@127.0.0.1:1/none", max: 1 });
    const unreachable = drizzle(broken, { schema }) as Database;
    const twice = limit(2);
    try {
      for (let attempt = 0; attempt < 2; attempt++)
        expect((await hitRateLimit(unreachable, twice, "k")).allowed).toBe(true);
      // A limiter in memory stands in meanwhile: still a limit, never an error.
      expect((await hitRateLimit(unreachable, twice, "k")).allowed).toBe(false);
    } finally {
      await broken.end();
    }
  });

  it("delete the counters whose window ended over an hour ago", async () => {
    await db.$client.query("INSERT INTO rate_limits (key, points, expire) VALUES ('test-limit-old', 3, $1)", [
      Date.now() - 2 * 3_600_000,
    ]);
    await deleteExpiredRateLimits(db, new Date());
    const { rows } = await db.$client.query("SELECT 1 FROM rate_limits WHERE key = 'test-limit-old'");
    expect(rows).toHaveLength(0);
  });
});

describe("the login's limit per account", () => {
  it("slows guesses from many IPs to one every 30 seconds, and no new IP resets it", async () => {
    const email = uniqueEmail("bersaglio");
    for (let attempt = 0; attempt < loginLimits.perAccount.points; attempt++) {
      expect(await checkLoginLimits(db, `198.18.${attempt}.1`, email)).toBeNull();
    }
    // Past the limit: one more attempt goes through (the owner still gets in), the next waits.
    expect(await checkLoginLimits(db, "198.18.200.1", email)).toBeNull();
    const slowed = await checkLoginLimits(db, "198.18.201.1", email);
    expect(slowed?.init?.status).toBe(429);
    expect(Number(new Headers(slowed?.init?.headers).get("Retry-After"))).toBeLessThanOrEqual(30);
    // Another account is not affected.
    expect(await checkLoginLimits(db, "198.18.201.1", uniqueEmail("altro"))).toBeNull();
  });
});

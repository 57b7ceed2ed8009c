import { describe, expect, it } from "vitest";
import { createRateLimiter, enforceRateLimit } from "./rate-limit.server";

describe("createRateLimiter", () => {
  it("allows `limit` attempts per window and tells when to retry", () => {
    const limiter = createRateLimiter({ limit: 2, windowMs: 60_000 });
    expect(limiter.hit("a", 0).allowed).toBe(true);
    expect(limiter.hit("a", 1000).allowed).toBe(true);
    expect(limiter.hit("a", 2000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect(limiter.hit("b", 2000).allowed).toBe(true);
    expect(limiter.hit("a", 60_000).allowed).toBe(true);
  });

  it("forgets a key on reset", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    limiter.hit("a", 0);
    limiter.reset("a");
    expect(limiter.hit("a", 1).allowed).toBe(true);
  });
});

describe("enforceRateLimit", () => {
  it("throws a 429 with an Italian message and Retry-After over the limit", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    enforceRateLimit(limiter, "k");
    try {
      enforceRateLimit(limiter, "k");
      expect.unreachable();
    } catch (thrown) {
      const response = thrown as { data: { error: string }; init: ResponseInit };
      expect(response.init.status).toBe(429);
      expect(response.data.error).toBe("Troppe richieste. Riprova tra qualche minuto.");
      expect(new Headers(response.init.headers).get("Retry-After")).toBe("60");
    }
  });
});

import { describe, expect, it } from "vitest";
import { createRateLimiter } from "./rate-limit.server";

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

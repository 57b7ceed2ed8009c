import { describe, expect, it } from "vitest";
import { checkFormRateLimits } from "./form-rate-limit.server";
import { createRateLimiter } from "./rate-limit.server";

describe("checkFormRateLimits", () => {
  it("answers a form over its limit with a 429, an Italian message and Retry-After", () => {
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect(checkFormRateLimits([[limiter, "k"]])).toBeNull();
    const answer = checkFormRateLimits([[limiter, "k"]]);
    expect(answer?.data).toEqual({
      ok: false,
      error: { title: "Errore", description: "Troppe richieste. Riprova tra qualche minuto." },
    });
    expect(answer?.init?.status).toBe(429);
    expect(new Headers(answer?.init?.headers).get("Retry-After")).toBe("60");
  });

  it("stops at the first limit reached, counting nothing further", () => {
    const tight = createRateLimiter({ limit: 0, windowMs: 60_000 });
    const loose = createRateLimiter({ limit: 1, windowMs: 60_000 });
    expect(
      checkFormRateLimits([
        [tight, "a"],
        [loose, "a"],
      ]),
    ).not.toBeNull();
    expect(checkFormRateLimits([[loose, "a"]])).toBeNull();
  });
});

import type { data } from "react-router";
import { logger } from "~/modules/log/logger.server";
import { createRateLimiter, enforceRateLimit, type RateLimiter } from "~/modules/security/rate-limit.server";

const minutes = (count: number) => count * 60_000;

// Login attempts count per IP *and* address: one IP hammering an account is slowed down, while
// the owner, from their own IP, can still log in. A looser per-IP limit slows guessing across
// many accounts. A successful login clears the IP+address count.
export const loginLimits = {
  perAccount: createRateLimiter({ limit: 10, windowMs: minutes(15) }),
  perIp: createRateLimiter({ limit: 100, windowMs: minutes(15) }),
};
export const signUpLimits = { perIp: createRateLimiter({ limit: 20, windowMs: minutes(60) }) };
// Each request sends an e-mail: limited per address too, so nobody floods someone's mailbox.
export const passwordResetLimits = {
  perIp: createRateLimiter({ limit: 10, windowMs: minutes(60) }),
  perAddress: createRateLimiter({ limit: 3, windowMs: minutes(60) }),
};
export const confirmationEmailLimits = {
  perIp: createRateLimiter({ limit: 10, windowMs: minutes(60) }),
  perAddress: createRateLimiter({ limit: 3, windowMs: minutes(60) }),
};

type TooManyRequests = ReturnType<typeof data<{ error: string }>>;

/**
 * Counts one attempt of `action` against each limiter with its key (see enforceRateLimit). Over any
 * limit, gives back the 429 answer for the form to show instead of throwing it to the error page.
 */
export function checkRateLimits(action: string, checks: [RateLimiter, string][]): TooManyRequests | null {
  try {
    for (const [limiter, key] of checks) enforceRateLimit(limiter, key);
    return null;
  } catch (tooManyRequests) {
    logger.warn({ event: "rate_limited", action }, "auth event");
    return tooManyRequests as TooManyRequests;
  }
}

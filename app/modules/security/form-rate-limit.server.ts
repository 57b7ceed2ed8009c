import type { data } from "react-router";
import { clientIp, enforceRateLimit, type RateLimiter } from "./rate-limit.server";

// enforceRateLimit for forms: the 429 answer goes back to the form, which shows its message, instead
// of replacing the page with the error page.

export type TooManyRequests = ReturnType<typeof data<{ error: string }>>;

/** Counts one attempt against each limiter with its key; over any limit, gives back the 429 answer. */
export function checkFormRateLimits(checks: [RateLimiter, string][]): TooManyRequests | null {
  try {
    for (const [limiter, key] of checks) enforceRateLimit(limiter, key);
    return null;
  } catch (tooManyRequests) {
    return tooManyRequests as TooManyRequests;
  }
}

/** The public forms' limit, keyed by the visitor's IP. */
export function formRateLimit(limiter: RateLimiter, request: Request): TooManyRequests | null {
  return checkFormRateLimits([[limiter, clientIp(request)]]);
}

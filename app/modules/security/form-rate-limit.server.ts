import type { data } from "react-router";
import { clientIp, enforceRateLimit, type RateLimiter } from "./rate-limit.server";

type TooManyRequests = ReturnType<typeof data<{ error: string }>>;

/**
 * enforceRateLimit for the public forms, keyed by the visitor's IP: the 429 answer goes back to the
 * form, which shows its message, instead of replacing the page with the error page.
 */
export function formRateLimit(limiter: RateLimiter, request: Request): TooManyRequests | null {
  try {
    enforceRateLimit(limiter, clientIp(request));
    return null;
  } catch (tooManyRequests) {
    return tooManyRequests as TooManyRequests;
  }
}

import { data } from "react-router";
import type { FormFailure, ToastText } from "~/modules/forms/form-result";
import { clientIp, type RateLimiter, tooManyRequestsMessage } from "./rate-limit.server";

// Rate limits for forms: over a limit, the answer goes back to the form in the form contract (its
// message shown like any other failure) with status 429 and Retry-After, instead of an error page.

export const tooManyRequests: ToastText = { title: "Errore", description: tooManyRequestsMessage };

export type TooManyRequests = ReturnType<typeof data<FormFailure>>;

/** Counts one attempt against each limiter with its key; over any limit, gives back the 429 answer. */
export function checkFormRateLimits(checks: [RateLimiter, string][]): TooManyRequests | null {
  for (const [limiter, key] of checks) {
    const { allowed, retryAfterSeconds } = limiter.hit(key);
    if (!allowed) {
      return data<FormFailure>(
        { ok: false, error: tooManyRequests },
        { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
      );
    }
  }
  return null;
}

/** The public forms' limit, keyed by the visitor's IP. */
export function formRateLimit(limiter: RateLimiter, request: Request): TooManyRequests | null {
  return checkFormRateLimits([[limiter, clientIp(request)]]);
}

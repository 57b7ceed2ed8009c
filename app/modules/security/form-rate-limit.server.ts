import { data } from "react-router";
import type { Database } from "~/db/client.server";
import type { ActionResult, ToastText } from "~/modules/forms/action-result";
import { clientIp, hitRateLimit, type RateLimit, tooManyRequestsMessage } from "./rate-limit.server";

// Rate limits for forms: over a limit, the answer goes back to the form in the form contract (its
// message shown like any other failure) with status 429 and Retry-After, instead of an error page.

export const tooManyRequests: ToastText = { title: "Errore", description: tooManyRequestsMessage };

export type TooManyRequests = ReturnType<typeof data<ActionResult>>;

/** The 429 answer, telling when to try again. */
export function tooManyRequestsAnswer(retryAfterSeconds: number): TooManyRequests {
  return data<ActionResult>(
    { ok: false, notice: tooManyRequests },
    { status: 429, headers: { "Retry-After": String(retryAfterSeconds) } },
  );
}

/** Counts one attempt against each limit with its key, in order; over any limit, gives back the 429 answer. */
export async function checkFormRateLimits(
  db: Database,
  checks: [RateLimit, string][],
): Promise<TooManyRequests | null> {
  for (const [limit, key] of checks) {
    const { allowed, retryAfterSeconds } = await hitRateLimit(db, limit, key);
    if (!allowed) return tooManyRequestsAnswer(retryAfterSeconds);
  }
  return null;
}

/** A public form's limit, keyed by the visitor's IP (and, when given, what the form is about). */
export function formRateLimit(
  db: Database,
  limit: RateLimit,
  request: Request,
  about?: string,
): Promise<TooManyRequests | null> {
  return checkFormRateLimits(db, [[limit, about === undefined ? clientIp(request) : `${clientIp(request)} ${about}`]]);
}

import { createRateLimiter } from "~/modules/security/rate-limit.server";

/** Sign-ups per client IP. */
export const subscribeLimiter = createRateLimiter({ limit: 10, windowMs: 10 * 60 * 1000 });

import { createRateLimiter } from "~/modules/security/rate-limit.server";

/** Contact-form messages per client IP. */
export const contactLimiter = createRateLimiter({ limit: 5, windowMs: 60 * 60 * 1000 });

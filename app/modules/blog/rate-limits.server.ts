import { createRateLimiter } from "~/modules/security/rate-limit.server";

// Per client IP. Generous enough for a family behind one router, tight enough to stop a flood.
export const commentLimiter = createRateLimiter({ limit: 5, windowMs: 10 * 60 * 1000 });
export const ratingLimiter = createRateLimiter({ limit: 30, windowMs: 10 * 60 * 1000 });

import { createRateLimiter } from "~/modules/security/rate-limit.server";

/**
 * Each placement holds stock until it is paid or its session ends: one visitor may not hold a
 * shelf's worth by placing orders they never pay. Generous for a person, per IP.
 */
export const checkoutLimiter = createRateLimiter({ limit: 30, windowMs: 10 * 60_000 });

/** Whether an address has ordered before is a small fact about a person: asked only so often per IP. */
export const firstOrderCheckLimiter = createRateLimiter({ limit: 20, windowMs: 10 * 60_000 });

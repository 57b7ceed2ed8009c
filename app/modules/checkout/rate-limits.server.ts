import type { RateLimit } from "~/modules/security/rate-limit.server";

/**
 * Each placement holds stock until it is paid or its session ends: one visitor may not hold a
 * shelf's worth by placing orders they never pay. Generous for a person, per IP.
 */
export const checkoutLimit: RateLimit = { name: "checkout", points: 30, durationSeconds: 10 * 60 };

/** Whether an address has ordered before is a small fact about a person: asked only so often per IP. */
export const firstOrderCheckLimit: RateLimit = { name: "checkout-first-order", points: 20, durationSeconds: 10 * 60 };

import type { RateLimit } from "~/modules/security/rate-limit.server";

/** Sign-ups per client IP. */
export const subscribeLimit: RateLimit = { name: "newsletter", points: 10, durationSeconds: 10 * 60 };

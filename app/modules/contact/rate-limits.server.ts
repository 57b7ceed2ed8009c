import type { RateLimit } from "~/modules/security/rate-limit.server";

/** Contact-form messages per client IP. */
export const contactLimit: RateLimit = { name: "contact", points: 5, durationSeconds: 3600 };

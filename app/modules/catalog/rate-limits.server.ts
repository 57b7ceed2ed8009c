import type { RateLimit } from "~/modules/security/rate-limit.server";

// Reviews are open to guests: a few per visitor and ten minutes keep spam out without bothering anyone.
export const reviewLimit: RateLimit = { name: "review", points: 5, durationSeconds: 10 * 60 };
/** Reviews of one product from one IP: a new cookie does not reset it. */
export const reviewPerProductLimit: RateLimit = { name: "review-product", points: 2, durationSeconds: 24 * 3600 };

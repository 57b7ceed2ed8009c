import type { RateLimit } from "~/modules/security/rate-limit.server";

// Per client IP: generous enough for a family behind one router, tight enough to stop a flood.
export const commentLimit: RateLimit = { name: "blog-comment", points: 5, durationSeconds: 10 * 60 };
export const ratingLimit: RateLimit = { name: "blog-rating", points: 30, durationSeconds: 10 * 60 };
/** Votes on one article from one IP: a new cookie (a new voter) does not reset it. */
export const ratingPerPostLimit: RateLimit = { name: "blog-rating-post", points: 5, durationSeconds: 24 * 3600 };

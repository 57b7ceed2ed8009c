import type { RateLimit } from "~/modules/security/rate-limit.server";

/**
 * Guest identifications (order number + e-mail) per client IP: each step of a guest's withdrawal
 * identifies again, three per withdrawal, so this allows a handful of withdrawals an hour and
 * stops anyone trying order numbers in bulk.
 */
export const withdrawalLookupLimit: RateLimit = { name: "withdrawal-lookup", points: 20, durationSeconds: 3600 };

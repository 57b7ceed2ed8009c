import type { Database } from "~/db/client.server";
import { checkFormRateLimits, type TooManyRequests } from "~/modules/security/form-rate-limit.server";
import { clientIp, type RateLimit } from "~/modules/security/rate-limit.server";

/**
 * Each placement holds stock until it is paid or its session ends: one visitor may not hold a
 * shelf's worth by placing orders they never pay. Generous for a person, per IP.
 */
export const checkoutLimit: RateLimit = { name: "checkout", points: 30, durationSeconds: 10 * 60 };

/**
 * Whether an address has ordered before is a fact about a person at an underwear shop: asked only so
 * often per client and per address, so nobody learns it of a list. A shopper asks it as they leave
 * the e-mail field, once per address typed.
 */
export const firstOrderLookUpLimits = {
  perIp: { name: "checkout-first-order", points: 10, durationSeconds: 60 * 60 },
  perAddress: { name: "checkout-first-order-address", points: 10, durationSeconds: 60 * 60 },
} satisfies Record<string, RateLimit>;

/** The first-order look-up's limits for this request's IP and `email`; null when it may be answered. */
export function checkFirstOrderLookUpLimits(
  db: Database,
  request: Request,
  email: string,
): Promise<TooManyRequests | null> {
  return checkFormRateLimits(db, [
    [firstOrderLookUpLimits.perIp, clientIp(request)],
    [firstOrderLookUpLimits.perAddress, email],
  ]);
}

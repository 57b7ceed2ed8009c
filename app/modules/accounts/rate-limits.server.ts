import { logger } from "~/modules/log/logger.server";
import { checkFormRateLimits, type TooManyRequests } from "~/modules/security/form-rate-limit.server";
import { createRateLimiter, type RateLimiter } from "~/modules/security/rate-limit.server";

const minutes = (count: number) => count * 60_000;

// Login attempts count per IP *and* address: one IP hammering an account is slowed down, while
// the owner, from their own IP, can still log in. A looser per-IP limit slows guessing across
// many accounts. A successful login clears the IP+address count.
export const loginLimits = {
  perAccount: createRateLimiter({ limit: 10, windowMs: minutes(15) }),
  perIp: createRateLimiter({ limit: 100, windowMs: minutes(15) }),
};
export const signUpLimits = { perIp: createRateLimiter({ limit: 20, windowMs: minutes(60) }) };
// Each request sends an e-mail: limited per address too, so nobody floods someone's mailbox.
export const passwordResetLimits = {
  perIp: createRateLimiter({ limit: 10, windowMs: minutes(60) }),
  perAddress: createRateLimiter({ limit: 3, windowMs: minutes(60) }),
};
export const confirmationEmailLimits = {
  perIp: createRateLimiter({ limit: 10, windowMs: minutes(60) }),
  perAddress: createRateLimiter({ limit: 3, windowMs: minutes(60) }),
};

/** checkFormRateLimits for the account forms, logging each refusal as an auth event. */
export function checkRateLimits(action: string, checks: [RateLimiter, string][]): TooManyRequests | null {
  const limited = checkFormRateLimits(checks);
  if (limited) logger.warn({ event: "rate_limited", action }, "auth event");
  return limited;
}

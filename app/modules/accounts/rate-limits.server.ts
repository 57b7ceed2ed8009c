import type { Database } from "~/db/client.server";
import { logger } from "~/logger.server";
import {
  checkFormRateLimits,
  type TooManyRequests,
  tooManyRequestsAnswer,
} from "~/modules/security/form-rate-limit.server";
import { hitRateLimit, peekRateLimit, type RateLimit, resetRateLimit } from "~/modules/security/rate-limit.server";

const minutes = (count: number) => count * 60;

// Logins count three ways. Per IP and address: one IP hammering an account is stopped, and the count
// is cleared by a successful login. Per IP: guessing across many accounts is stopped. Per address,
// whatever the IP: after 20 attempts in 15 minutes the account takes one attempt every 30 seconds,
// so guesses spread over many IPs crawl while the owner, trying again a moment later, still gets in.
export const loginLimits = {
  perIpAndAccount: { name: "login-ip-account", points: 10, durationSeconds: minutes(15) },
  perIp: { name: "login-ip", points: 100, durationSeconds: minutes(15) },
  perAccount: { name: "login-account", points: 20, durationSeconds: minutes(15) },
  perAccountSlowed: { name: "login-account-slowed", points: 1, durationSeconds: 30 },
} satisfies Record<string, RateLimit>;

// Sign-up tells when an address already has an account ('Esiste già un account con questa
// email'), a fact about a person at an underwear shop: one client learns it of a few addresses an
// hour, never of a list. Once it has, every sign-up of that client waits, whatever the address, so
// the refusal tells nothing itself. Per address, whatever the IP, a few sign-ups an hour: a person
// who forgot they had an account tries once or twice.
export const signUpLimits = {
  perIp: { name: "sign-up-ip", points: 20, durationSeconds: minutes(60) },
  perAddress: { name: "sign-up-address", points: 5, durationSeconds: minutes(60) },
  existingAddressesPerIp: { name: "sign-up-existing-ip", points: 5, durationSeconds: minutes(60) },
} satisfies Record<string, RateLimit>;
// Each request sends an e-mail: limited per address too, so nobody floods someone's mailbox.
export const passwordResetLimits = {
  perIp: { name: "password-reset-ip", points: 10, durationSeconds: minutes(60) },
  perAddress: { name: "password-reset-address", points: 3, durationSeconds: minutes(60) },
} satisfies Record<string, RateLimit>;
export const confirmationEmailLimits = {
  perIp: { name: "confirmation-email-ip", points: 10, durationSeconds: minutes(60) },
  perAddress: { name: "confirmation-email-address", points: 3, durationSeconds: minutes(60) },
} satisfies Record<string, RateLimit>;

// The plugin ends a login after 5 wrong codes and locks an account's codes after 10 in a row; this
// stops one IP from trying codes (or set-up passwords) across many logins.
export const secondFactorLimits = { perIp: { name: "second-factor-ip", points: 60, durationSeconds: minutes(15) } };

/** checkFormRateLimits for the account forms, logging each refusal as an auth event. */
export async function checkRateLimits(
  db: Database,
  action: string,
  checks: [RateLimit, string][],
): Promise<TooManyRequests | null> {
  const limited = await checkFormRateLimits(db, checks);
  if (limited) logger.warn({ event: "rate_limited", action }, "auth event");
  return limited;
}

/** The login's limits for this IP and address; null when the attempt may go ahead. */
export async function checkLoginLimits(db: Database, ip: string, email: string): Promise<TooManyRequests | null> {
  const limited = await checkRateLimits(db, "login", [
    [loginLimits.perIpAndAccount, `${ip} ${email}`],
    [loginLimits.perIp, ip],
  ]);
  if (limited) return limited;
  if ((await hitRateLimit(db, loginLimits.perAccount, email)).allowed) return null;
  const slowed = await hitRateLimit(db, loginLimits.perAccountSlowed, email);
  if (slowed.allowed) return null;
  logger.warn({ event: "rate_limited", action: "login-account" }, "auth event");
  return tooManyRequestsAnswer(slowed.retryAfterSeconds);
}

/** The sign-up's limits for this IP and address; null when the sign-up may go ahead. */
export async function checkSignUpLimits(db: Database, ip: string, email: string): Promise<TooManyRequests | null> {
  const limited = await checkRateLimits(db, "sign_up", [
    [signUpLimits.perIp, ip],
    [signUpLimits.perAddress, email],
  ]);
  if (limited) return limited;
  const told = await peekRateLimit(db, signUpLimits.existingAddressesPerIp, ip);
  if (told.allowed) return null;
  logger.warn({ event: "rate_limited", action: "sign_up_existing" }, "auth event");
  return tooManyRequestsAnswer(told.retryAfterSeconds);
}

/** A sign-up was answered that its address has an account: counted against the client's few. */
export async function countExistingAddressAnswer(db: Database, ip: string): Promise<void> {
  await hitRateLimit(db, signUpLimits.existingAddressesPerIp, ip);
}

/** After a successful login: this IP's failed attempts on the account are forgotten. */
export function clearLoginLimits(db: Database, ip: string, email: string): Promise<void> {
  return resetRateLimit(db, loginLimits.perIpAndAccount, `${ip} ${email}`);
}

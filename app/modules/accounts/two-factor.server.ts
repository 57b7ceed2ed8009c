import { createOTP } from "@better-auth/utils/otp";
import { parseCookies } from "better-auth/cookies";
import { symmetricDecrypt } from "better-auth/crypto";
import { and, eq, lt } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, twoFactors } from "~/db/schema";
import { logger } from "~/logger.server";
import { hitRateLimit, type RateLimit } from "~/modules/security/rate-limit.server";
import { shop } from "~/modules/shop/identity";
import { auth } from "./auth.server";
import { failureOf, logUnexpected, type Outcome } from "./credentials.server";
import { secondFactorErrorMessage, secondFactorSetupFallback, wrongPasswordMessage } from "./error-messages";
import { type QrCode, qrCode } from "./qr-code.server";

// The second factor of admins, through better-auth's twoFactor plugin: TOTP codes of an
// authenticator app, and one-time recovery codes. Its set-up, then its use at every login.

/** What the authenticator app needs: the otpauth:// URI, as a QR code too, and its secret to type by hand. */
export type AuthenticatorSetup = { uri: string; secret: string; qr: QrCode };

// better-auth accepts a code for its whole window (the 30 s before and after its own): the shop lets
// each code of an account count once, remembering it for longer than that window.
const usedCodes = { name: "totp-code-used", points: 1, durationSeconds: 120 } satisfies RateLimit;

/** True the first time this account's code is spent. */
async function spendCode(userId: string, code: string): Promise<boolean> {
  return (await hitRateLimit(db(), usedCodes, `${userId} ${code}`)).allowed;
}

/** True while the browser holds the challenge of a login whose password was right (a cookie of 10 minutes). */
export async function hasSecondFactorChallenge(requestHeaders: Headers): Promise<boolean> {
  const context = await auth().$context;
  const cookie = context.createAuthCookie("two_factor");
  return parseCookies(requestHeaders.get("cookie") ?? "").has(cookie.name);
}

/** The login's second step: a code of the app, or a recovery code (each one works once). */
export async function verifySecondFactor(
  kind: "totp" | "recovery",
  code: string,
  requestHeaders: Headers,
): Promise<Outcome> {
  try {
    if (kind === "recovery") {
      const { headers, response } = await auth().api.verifyBackupCode({
        body: { code },
        headers: requestHeaders,
        returnHeaders: true,
      });
      logger.info({ event: "login", userId: response.user.id, secondFactor: kind }, "auth event");
      return { ok: true, headers };
    }
    const { headers, response } = await auth().api.verifyTOTP({
      body: { code },
      headers: requestHeaders,
      returnHeaders: true,
    });
    if (!(await spendCode(response.user.id, code))) {
      // A code seen before (by someone watching, or a relay): the session it just opened ends.
      await db().delete(sessions).where(eq(sessions.token, response.token));
      logger.warn({ event: "second_factor_replayed", userId: response.user.id }, "auth event");
      return { ok: false, message: secondFactorErrorMessage({ code: "INVALID_CODE" }) };
    }
    logger.info({ event: "login", userId: response.user.id, secondFactor: kind }, "auth event");
    return { ok: true, headers };
  } catch (error) {
    logUnexpected(error, "verify second factor");
    const failure = failureOf(error);
    logger.info({ event: "second_factor_failed", kind, reason: failure?.code ?? "error" }, "auth event");
    return { ok: false, message: secondFactorErrorMessage(failure) };
  }
}

/**
 * Starts the set-up for the session's admin, whose password is asked again: a new secret and new
 * recovery codes, which count only once confirmed by a first code. Starting again replaces them.
 */
export async function startSecondFactorSetup(
  password: string,
  requestHeaders: Headers,
): Promise<{ ok: true } | { ok: false; message: string }> {
  try {
    await auth().api.enableTwoFactor({ body: { password }, headers: requestHeaders });
    return { ok: true };
  } catch (error) {
    logUnexpected(error, "start second factor set-up");
    const wrongPassword = failureOf(error)?.code === "INVALID_PASSWORD";
    return { ok: false, message: wrongPassword ? wrongPasswordMessage : secondFactorSetupFallback };
  }
}

/** The set-up started for this user and not confirmed yet, or null. */
export async function pendingSecondFactorSetup(user: {
  id: string;
  email: string;
}): Promise<AuthenticatorSetup | null> {
  const [pending] = await db()
    .select({ secret: twoFactors.secret })
    .from(twoFactors)
    .where(and(eq(twoFactors.userId, user.id), eq(twoFactors.verified, false)));
  if (!pending) return null;
  // The secret is stored encrypted, as better-auth's own getTOTPURI reads it.
  const context = await auth().$context;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: pending.secret });
  const uri = createOTP(secret).url(shop.name, user.email);
  return { uri, secret: new URL(uri).searchParams.get("secret") ?? "", qr: qrCode(uri) };
}

/**
 * Confirms the set-up with a first code of the app. From then on every login of this admin asks for
 * a code, and the sessions opened before with the password alone end (the request's own is replaced
 * by a new one, in `headers`). Gives the recovery codes, for the admin to keep: they are not shown again.
 */
export async function confirmSecondFactorSetup(
  userId: string,
  code: string,
  requestHeaders: Headers,
): Promise<{ ok: true; headers: Headers; recoveryCodes: string[] } | { ok: false; message: string }> {
  const confirmedAt = new Date();
  try {
    const { headers } = await auth().api.verifyTOTP({ body: { code }, headers: requestHeaders, returnHeaders: true });
    await spendCode(userId, code);
    await db()
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), lt(sessions.createdAt, confirmedAt)));
    const { backupCodes } = await auth().api.viewBackupCodes({ body: { userId } });
    logger.info({ event: "second_factor_enabled", userId }, "auth event");
    return { ok: true, headers, recoveryCodes: backupCodes };
  } catch (error) {
    logUnexpected(error, "confirm second factor set-up");
    return { ok: false, message: secondFactorErrorMessage(failureOf(error)) };
  }
}

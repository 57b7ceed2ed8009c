import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { sessions, userProfiles, users } from "~/db/schema";
import { logger } from "~/logger.server";
import { pseudonym } from "~/modules/security/pseudonym.server";
import { auth } from "./auth.server";
import { type AuthFailure, existingEmailMessage, loginErrorMessage, registrationErrorMessage } from "./error-messages";
import { recordConsents } from "./profile.server";
import type { SecondStep } from "./second-factor";
import type { LoginInput, RegisterInput } from "./validation";

// Sign-up, login, logout, e-mail confirmation and password reset, through better-auth's server API.
// `requestHeaders` are the visitor's request headers: better-auth reads the session cookie, the IP
// and the user agent from them; `headers` in a result carry the Set-Cookie to send back.
// Auth events are logged with ids, never with passwords or tokens.

export type Outcome = { ok: true; headers: Headers } | { ok: false; message: string };

export function failureOf(error: unknown): AuthFailure {
  if (!isAPIError(error)) return undefined;
  const body = error.body as { code?: string; message?: string } | undefined;
  return { code: body?.code, message: body?.message ?? error.message };
}

export function logUnexpected(error: unknown, action: string) {
  if (!isAPIError(error)) logger.error({ err: error, action }, "account operation failed");
}

export async function signUp(input: RegisterInput, requestHeaders: Headers): Promise<Outcome> {
  // better-auth answers an existing address like a new one; the shop says so.
  const [existing] = await db().select({ id: users.id }).from(users).where(eq(users.email, input.email));
  if (existing) {
    logger.info({ event: "sign_up_refused", reason: "existing_email" }, "auth event");
    return { ok: false, message: existingEmailMessage };
  }
  try {
    const { headers, response } = await auth().api.signUpEmail({
      body: {
        name: input.name,
        email: input.email,
        password: input.password,
      },
      headers: requestHeaders,
      returnHeaders: true,
    });
    // The profile row exists by now (the hook in auth.server.ts runs before signUpEmail returns).
    await recordConsents(db(), response.user.id, input);
    logger.info({ event: "sign_up", userId: response.user.id }, "auth event");
    return { ok: true, headers };
  } catch (error) {
    logUnexpected(error, "sign up");
    const failure = failureOf(error);
    logger.warn({ event: "sign_up_failed", reason: failure?.code ?? "error" }, "auth event");
    return { ok: false, message: registrationErrorMessage(failure) };
  }
}

/**
 * Logs in with a new session and a new cookie. A session the browser still carried from before is
 * ended, so no token issued earlier outlives the login. An admin's login goes on with `next`: with
 * the second factor set up, the password gives no session yet, only a challenge cookie for the code
 * (two-factor.server.ts); without it, the session it gives opens nothing of the admin area until
 * the set-up is done.
 */
export async function signIn(
  input: LoginInput,
  requestHeaders: Headers,
): Promise<{ ok: true; headers: Headers; next?: SecondStep } | { ok: false; message: string }> {
  const previous = await auth().api.getSession({ headers: requestHeaders });
  try {
    const { headers, response } = await auth().api.signInEmail({
      body: { email: input.email, password: input.password, rememberMe: true },
      headers: requestHeaders,
      returnHeaders: true,
    });
    if (previous) await db().delete(sessions).where(eq(sessions.token, previous.session.token));
    if ("twoFactorRedirect" in response) {
      logger.info({ event: "login_password_accepted", emailHash: pseudonym(input.email) }, "auth event");
      return { ok: true, headers, next: "code" };
    }
    logger.info({ event: "login", userId: response.user.id }, "auth event");
    const [profile] = await db()
      .select({ role: userProfiles.role })
      .from(userProfiles)
      .where(eq(userProfiles.id, response.user.id));
    const settingUp = profile?.role === "admin" && !response.user.twoFactorEnabled;
    return settingUp ? { ok: true, headers, next: "setup" } : { ok: true, headers };
  } catch (error) {
    logUnexpected(error, "login");
    const failure = failureOf(error);
    logger.info(
      { event: "login_failed", emailHash: pseudonym(input.email), reason: failure?.code ?? "error" },
      "auth event",
    );
    return { ok: false, message: loginErrorMessage(failure) };
  }
}

/** Ends the session of the request's cookie (deleting it from the database) and clears the cookie. */
export async function signOut(requestHeaders: Headers): Promise<Outcome> {
  try {
    const session = await auth().api.getSession({ headers: requestHeaders });
    const { headers } = await auth().api.signOut({ headers: requestHeaders, returnHeaders: true });
    if (session) logger.info({ event: "logout", userId: session.user.id }, "auth event");
    return { ok: true, headers };
  } catch (error) {
    logger.error({ err: error, action: "logout" }, "account operation failed");
    return { ok: false, message: "Si è verificato un errore durante il logout" };
  }
}

/** Confirms the address of the link's token. True when the account is (now or already) confirmed. */
export async function confirmEmail(token: string): Promise<boolean> {
  try {
    await auth().api.verifyEmail({ query: { token } });
    logger.info({ event: "email_confirmed" }, "auth event");
    return true;
  } catch (error) {
    logUnexpected(error, "confirm e-mail");
    logger.info({ event: "email_confirmation_failed", reason: failureOf(error)?.code ?? "error" }, "auth event");
    return false;
  }
}

/** Sends a new confirmation e-mail when the address belongs to an unconfirmed account; silent otherwise. */
export async function resendConfirmationEmail(email: string): Promise<void> {
  await auth().api.sendVerificationEmail({ body: { email } });
}

/** Sends a reset e-mail when the address has an account. The caller must not tell which happened. */
export async function requestPasswordReset(email: string): Promise<void> {
  await auth().api.requestPasswordReset({ body: { email } });
}

/**
 * The address of the account a reset link is for, or null when the link is unknown, used or expired.
 * A newer reset, or any other change of the password, voids it (migration 0011's trigger).
 */
export async function passwordResetAccount(token: string): Promise<string | null> {
  const context = await auth().$context;
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  if (!verification || verification.expiresAt <= new Date()) return null;
  const [user] = await db().select({ email: users.email }).from(users).where(eq(users.id, verification.value));
  return user?.email ?? null;
}

/** Sets the new password; every session of that account ends (revokeSessionsOnPasswordReset). */
export async function resetPassword(token: string, newPassword: string): Promise<boolean> {
  try {
    await auth().api.resetPassword({ body: { token, newPassword } });
    return true;
  } catch (error) {
    logUnexpected(error, "reset password");
    logger.info({ event: "password_reset_failed", reason: failureOf(error)?.code ?? "error" }, "auth event");
    return false;
  }
}

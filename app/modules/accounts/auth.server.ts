import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor } from "better-auth/plugins/two-factor";
import { resolveAuthSecret } from "~/app-secret.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import * as schema from "~/db/schema";
import { logger } from "~/logger.server";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { shop } from "~/modules/shop/identity";
import {
  confirmationEmail,
  confirmationLink,
  confirmationLinkHours,
  passwordResetEmail,
  passwordResetLink,
  resetLinkMinutes,
} from "./emails";
import { splitFullName } from "./names";
import { hashPassword, verifyPassword } from "./password.server";
import { createProfile } from "./profile.server";

const sessionDays = 30;

/**
 * better-auth on our own tables. Only its server API is used, from the shop's route actions (which
 * validate, rate-limit and log): its HTTP handler is not mounted, so no /api/auth endpoint exists.
 */
function createAuth() {
  const settings = config();
  const recipient = (user: { email: string; name: string }) => ({
    email: user.email,
    firstName: splitFullName(user.name).firstName,
  });

  return betterAuth({
    appName: shop.name,
    baseURL: settings.publicUrl,
    secret: resolveAuthSecret(settings),
    database: drizzleAdapter(db(), { provider: "pg", schema, usePlural: true, transaction: true }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      password: { hash: hashPassword, verify: ({ hash, password }) => verifyPassword(hash, password) },
      resetPasswordTokenExpiresIn: resetLinkMinutes * 60,
      revokeSessionsOnPasswordReset: true,
      // The e-mails go through the shop's queue; links point at our pages, not at better-auth's.
      sendResetPassword: async ({ user, token }) => {
        await enqueueEmail(db(), passwordResetEmail(recipient(user), passwordResetLink(settings.publicUrl, token)));
        logger.info({ event: "password_reset_requested", userId: user.id }, "auth event");
      },
      onPasswordReset: async ({ user }) => {
        logger.info({ event: "password_reset_completed", userId: user.id }, "auth event");
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      expiresIn: confirmationLinkHours * 3600,
      sendVerificationEmail: async ({ user, token }) => {
        await enqueueEmail(db(), confirmationEmail(recipient(user), confirmationLink(settings.publicUrl, token)));
      },
    },
    session: { expiresIn: sessionDays * 24 * 3600, disableSessionRefresh: true },
    // Reset tokens are kept hashed: a copy of the database gives no usable link.
    verification: { storeIdentifier: "hashed" },
    databaseHooks: {
      user: {
        create: {
          // Every new account gets its profile row (role, names) at once.
          after: async (user) => {
            await createProfile(db(), { userId: user.id, fullName: user.name });
          },
        },
      },
    },
    advanced: {
      cookiePrefix: "vetrina",
      // HttpOnly and SameSite=Lax are better-auth's defaults; Secure (and the __Secure- name) in production.
      useSecureCookies: settings.env === "production",
      // Set by server/http.ts from the connection; a client cannot forge it.
      ipAddress: { ipAddressHeaders: ["x-client-ip"] },
    },
    // Authenticator-app codes and recovery codes, required of admins (see two-factor.server.ts).
    // A login with a wrong code 5 times ends; 10 wrong codes in a row lock the account's second
    // factor for 15 minutes (the plugin's defaults). No "trusted device": every admin login asks.
    plugins: [twoFactor({ issuer: shop.name })],
    // The shop's own limits apply in the route actions (see rate-limits.server.ts).
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    // Its warnings ("Invalid password"…) repeat the auth events logged by credentials.server.ts.
    logger: {
      log: (level, message) => logger[level === "error" ? "error" : "debug"]({ source: "better-auth" }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

let instance: Auth | undefined;

/** The process's better-auth instance, created on first use (after the database is connected). */
export function auth(): Auth {
  instance ??= createAuth();
  return instance;
}

import { desc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { accounts, outgoingEmails, sessions, users, verifications } from "~/db/schema";
import { logger } from "~/logger.server";
import { pseudonym } from "~/modules/security/pseudonym.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { cookieFrom, visitorHeaders } from "../../../tests/support/admin-session";
import { testPassword as password, profileRow, registrationForm, uniqueEmail } from "../../../tests/support/fixtures";
import { enrolSecondFactor, totpCode } from "../../../tests/support/second-factor";
import {
  confirmEmail,
  passwordResetAccount,
  requestPasswordReset,
  resendConfirmationEmail,
  resetPassword,
  signIn,
  signOut,
  signUp,
} from "./credentials.server";
import { emailNotConfirmedMessage, existingEmailMessage, invalidCredentialsMessage } from "./error-messages";
import { getProfile, updateProfile } from "./profile.server";
import { createOrPromoteAdmin } from "./provisioning.server";
import { getAdminWithoutSecondFactor, getCurrentUser, requireAdmin, requireUser } from "./session.server";
import { verifySecondFactor } from "./two-factor.server";
import { type RegisterInput, registerSchema } from "./validation";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");

const db = connectTestDatabase();

const registration = (email: string, name = "Maria Rosa Bianchi"): RegisterInput =>
  registerSchema.parse(registrationForm(email, name));

async function lastEmailTo(to: string) {
  const [email] = await db
    .select()
    .from(outgoingEmails)
    .where(eq(outgoingEmails.toAddress, to))
    .orderBy(desc(outgoingEmails.id))
    .limit(1);
  return email;
}

function tokenOfLink(text: string, path: string): string {
  const link = text.match(new RegExp(`http://negozio\\.test${path}\\?token=\\S+`))?.[0];
  if (!link) throw new Error(`no ${path} link in the e-mail`);
  return new URL(link).searchParams.get("token") as string;
}

async function confirmedCustomer(name?: string) {
  const email = uniqueEmail();
  expect((await signUp(registration(email, name), visitorHeaders())).ok).toBe(true);
  const confirmation = await lastEmailTo(email);
  expect(await confirmEmail(tokenOfLink(confirmation?.textBody ?? "", "/auth"))).toBe(true);
  const [user] = await db.select().from(users).where(eq(users.email, email));
  return { email, id: (user as { id: string }).id };
}

async function loggedIn(email: string, cookie?: string) {
  const result = await signIn({ email, password }, visitorHeaders(cookie));
  if (!result.ok) throw new Error(result.message);
  return cookieFrom(result.headers);
}

const requestWith = (cookie: string | undefined, path = "/profile") =>
  new Request(`http://negozio.test${path}`, { headers: visitorHeaders(cookie) });

describe("sign-up", () => {
  it("creates an unconfirmed account with an argon2id hash, a profile and a confirmation e-mail", async () => {
    const email = uniqueEmail();
    const result = await signUp(registration(email.toUpperCase()), visitorHeaders());
    expect(result.ok).toBe(true);

    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ name: "Maria Rosa Bianchi", emailVerified: false });
    const [account] = await db
      .select()
      .from(accounts)
      .where(eq(accounts.userId, user?.id ?? ""));
    expect(account?.providerId).toBe("credential");
    expect(account?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(account?.password).not.toContain(password);

    expect(await profileRow(db, user?.id ?? "")).toMatchObject({
      role: "customer",
      firstName: "Maria",
      lastName: "Rosa Bianchi",
      country: "Italia",
      termsAccepted: true,
      privacyAccepted: true,
    });

    const confirmation = await lastEmailTo(email);
    expect(confirmation?.subject).toContain("Conferma il tuo indirizzo email");
    expect(confirmation?.textBody).toContain("Ciao Maria,");
    expect(confirmation?.htmlBody).toContain('href="http://negozio.test/auth?token=');
    tokenOfLink(confirmation?.textBody ?? "", "/auth");
  });

  it("says that an address already has an account, in any letter case", async () => {
    const email = uniqueEmail();
    await signUp(registration(email), visitorHeaders());
    expect(await signUp(registration(email.toUpperCase()), visitorHeaders())).toEqual({
      ok: false,
      message: existingEmailMessage,
    });
    expect(await db.$count(users, eq(users.email, email))).toBe(1);
  });
});

describe("e-mail confirmation", () => {
  it("refuses to log in until the address is confirmed, then lets the customer in", async () => {
    const email = uniqueEmail();
    await signUp(registration(email), visitorHeaders());
    expect(await signIn({ email, password }, visitorHeaders())).toEqual({
      ok: false,
      message: emailNotConfirmedMessage,
    });

    const token = tokenOfLink((await lastEmailTo(email))?.textBody ?? "", "/auth");
    expect(await confirmEmail(`${token}x`)).toBe(false);
    expect(await confirmEmail(token)).toBe(true);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    expect(user?.emailVerified).toBe(true);
    expect((await signIn({ email, password }, visitorHeaders())).ok).toBe(true);
  });

  it("sends a new confirmation only to an unconfirmed account", async () => {
    const email = uniqueEmail();
    await signUp(registration(email), visitorHeaders());
    await resendConfirmationEmail(email);
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, email))).toBe(2);

    const confirmed = await confirmedCustomer();
    const before = await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, confirmed.email));
    await resendConfirmationEmail(confirmed.email);
    await resendConfirmationEmail(uniqueEmail());
    expect(await db.$count(outgoingEmails, eq(outgoingEmails.toAddress, confirmed.email))).toBe(before);
  });
});

describe("login and logout", () => {
  it("refuses a wrong password and an unknown address with the same message", async () => {
    const { email } = await confirmedCustomer();
    expect(await signIn({ email, password: "Sbagliata#2024" }, visitorHeaders())).toEqual({
      ok: false,
      message: invalidCredentialsMessage,
    });
    expect(await signIn({ email: uniqueEmail(), password }, visitorHeaders())).toEqual({
      ok: false,
      message: invalidCredentialsMessage,
    });
  });

  it("sets an HttpOnly, SameSite=Lax session cookie backed by a database session", async () => {
    const { email, id } = await confirmedCustomer();
    const result = await signIn({ email, password }, visitorHeaders());
    if (!result.ok) throw new Error(result.message);
    const [sessionCookie] = result.headers.getSetCookie().filter((cookie) => cookie.includes("session_token="));
    expect(sessionCookie).toMatch(/^vetrina\.session_token=/);
    expect(sessionCookie).toMatch(/; HttpOnly/i);
    expect(sessionCookie).toMatch(/; SameSite=Lax/i);
    expect(sessionCookie).toMatch(/; Path=\//i);
    // Secure only in production (see the Playwright run, which is production).
    expect(sessionCookie).not.toMatch(/; Secure/i);

    const [session] = await db.select().from(sessions).where(eq(sessions.userId, id));
    expect(session).toMatchObject({ ipAddress: "203.0.113.7", userAgent: "vitest" });
    expect(await getCurrentUser(requestWith(cookieFrom(result.headers)))).toEqual({
      id,
      email,
      firstName: "Maria",
      role: "customer",
    });
  });

  it("issues a new token on every login and ends the session the browser carried before", async () => {
    const { email, id } = await confirmedCustomer();
    const first = await loggedIn(email);
    const second = await loggedIn(email, first);
    expect(second).not.toBe(first);
    expect(await getCurrentUser(requestWith(first))).toBeNull();
    expect(await getCurrentUser(requestWith(second))).toMatchObject({ id });
    expect(await db.$count(sessions, eq(sessions.userId, id))).toBe(1);
  });

  it("deletes the session on logout, so its cookie no longer works", async () => {
    const { email, id } = await confirmedCustomer();
    const cookie = await loggedIn(email);
    const result = await signOut(visitorHeaders(cookie));
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.headers.getSetCookie().join()).toMatch(/vetrina\.session_token=;/);
    expect(await db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect(await getCurrentUser(requestWith(cookie))).toBeNull();
  });

  it("ignores a forged cookie", async () => {
    expect(await getCurrentUser(requestWith("vetrina.session_token=forged.value"))).toBeNull();
  });
});

describe("password reset", () => {
  it("does nothing visible for an unknown address", async () => {
    const email = uniqueEmail();
    await expect(requestPasswordReset(email)).resolves.toBeUndefined();
    expect(await lastEmailTo(email)).toBeUndefined();
  });

  it("sets a new password through the e-mailed link, once, and ends every session", async () => {
    const { email, id } = await confirmedCustomer();
    const cookies = [await loggedIn(email), await loggedIn(email)];
    await requestPasswordReset(email);

    const resetEmail = await lastEmailTo(email);
    expect(resetEmail?.subject).toContain("Reimposta la tua password");
    const token = tokenOfLink(resetEmail?.textBody ?? "", "/reset-password");
    expect(await passwordResetAccount(token)).toBe(email);
    expect(await passwordResetAccount("not-a-token")).toBeNull();
    // Stored hashed: the database does not hold the token of the link.
    const stored = await db.select().from(verifications).where(eq(verifications.value, id));
    expect(stored).toHaveLength(1);
    expect(stored[0]?.identifier).not.toContain(token);

    const newPassword = "Nuova#Password9";
    expect(await resetPassword(token, newPassword)).toBe(true);
    expect(await resetPassword(token, "Altra#Password9")).toBe(false);
    expect(await passwordResetAccount(token)).toBeNull();

    expect(await db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    for (const cookie of cookies) expect(await getCurrentUser(requestWith(cookie))).toBeNull();
    expect((await signIn({ email, password }, visitorHeaders())).ok).toBe(false);
    expect((await signIn({ email, password: newPassword }, visitorHeaders())).ok).toBe(true);
  });

  /** A reset link e-mailed now to `email`: its token. */
  async function resetLink(email: string) {
    await requestPasswordReset(email);
    return tokenOfLink((await lastEmailTo(email))?.textBody ?? "", "/reset-password");
  }

  it("voids older links once a newer one has set the password", async () => {
    const { email } = await confirmedCustomer();
    const older = await resetLink(email);
    const newer = await resetLink(email);
    expect(await passwordResetAccount(older)).toBe(email);
    expect(await resetPassword(newer, "Nuova#Password9")).toBe(true);
    expect(await passwordResetAccount(older)).toBeNull();
    expect(await resetPassword(older, "Altra#Password9")).toBe(false);
    expect((await signIn({ email, password: "Nuova#Password9" }, visitorHeaders())).ok).toBe(true);
  });

  it("voids every link when the password changes in any other way", async () => {
    const { email, id } = await confirmedCustomer();
    const beforeCli = await resetLink(email);
    await createOrPromoteAdmin(db, { email, password: "Cambiata#2024" });
    expect(await passwordResetAccount(beforeCli)).toBeNull();
    expect(await resetPassword(beforeCli, "Altra#Password9")).toBe(false);

    // Even a change that bypasses the shop's code, straight in the database.
    const beforeSql = await resetLink(email);
    const [account] = await db.select().from(accounts).where(eq(accounts.userId, id));
    await db
      .update(accounts)
      .set({ password: `${account?.password}` })
      .where(eq(accounts.userId, id));
    expect(await passwordResetAccount(beforeSql)).toBe(email);
    await db.update(accounts).set({ password: "not-a-hash" }).where(eq(accounts.userId, id));
    expect(await passwordResetAccount(beforeSql)).toBeNull();
  });
});

describe("profile", () => {
  it("reads and updates only the given user's profile, keeping the account name in step", async () => {
    const customer = await confirmedCustomer();
    const other = await confirmedCustomer("Luca Verdi");
    await updateProfile(db, customer.id, {
      first_name: "Anna",
      last_name: "Neri",
      phone: "0172 123456",
      address: "Via Roma 1",
      city: "Fossano",
      postal_code: "12045",
      province: "CN",
      country: "Italia",
      date_of_birth: "1990-05-17",
    });
    expect(await getProfile(db, customer.id)).toEqual({
      email: customer.email,
      firstName: "Anna",
      lastName: "Neri",
      phone: "0172 123456",
      address: "Via Roma 1",
      city: "Fossano",
      postalCode: "12045",
      province: "CN",
      country: "Italia",
      dateOfBirth: "1990-05-17",
    });
    const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, customer.id));
    expect(user?.name).toBe("Anna Neri");
    expect(await getProfile(db, other.id)).toMatchObject({ firstName: "Luca", lastName: "Verdi", phone: "" });
    expect(await getProfile(db, "no-such-user")).toBeNull();
  });
});

describe("roles", () => {
  async function redirectOf(promise: Promise<unknown>) {
    const thrown = await promise.then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    return (thrown as Response).headers.get("Location");
  }

  it("sends guests to /auth and back, and everyone but an admin with the second factor away from admin pages", async () => {
    expect(await redirectOf(requireUser(requestWith(undefined), new URL("http://negozio.test/orders?x=1")))).toBe(
      "/auth?redirectTo=%2Forders%3Fx%3D1",
    );
    expect(await redirectOf(requireAdmin(requestWith(undefined, "/admin/orders")))).toBe("/");

    const customer = await confirmedCustomer();
    const cookie = await loggedIn(customer.email);
    expect(await requireUser(requestWith(cookie), new URL("http://negozio.test/orders"))).toMatchObject({
      id: customer.id,
      role: "customer",
    });
    expect(await redirectOf(requireAdmin(requestWith(cookie, "/admin/orders")))).toBe("/");

    // Promotion ends the account's sessions; its next login must set up the second factor first.
    await createOrPromoteAdmin(db, { email: customer.email });
    expect((await profileRow(db, customer.id))?.role).toBe("admin");
    expect(await redirectOf(requireAdmin(requestWith(cookie, "/admin/orders")))).toBe("/");
    const withPasswordOnly = await loggedIn(customer.email);
    expect(await redirectOf(requireAdmin(requestWith(withPasswordOnly, "/admin/orders")))).toBe(
      "/auth/attiva-due-passaggi?redirectTo=%2Fadmin%2Forders",
    );
    expect(await getCurrentUser(requestWith(withPasswordOnly))).toMatchObject({ role: "customer" });

    const { secret } = await enrolSecondFactor(db, customer.id, process.env.BETTER_AUTH_SECRET ?? "");
    const challenge = await signIn({ email: customer.email, password }, visitorHeaders());
    if (!challenge.ok) throw new Error(challenge.message);
    const verified = await verifySecondFactor("totp", totpCode(secret), visitorHeaders(cookieFrom(challenge.headers)));
    if (!verified.ok) throw new Error(verified.message);
    expect(await requireAdmin(requestWith(cookieFrom(verified.headers), "/admin/orders"))).toMatchObject({
      id: customer.id,
      role: "admin",
    });
  });
});

describe("auth events", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are logged for sign-up, login, failed login, logout and reset, without passwords or tokens", async () => {
    const lines: string[] = [];
    for (const level of ["info", "warn", "error"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        lines.push(JSON.stringify(args));
      }) as never);
    }
    const { email } = await confirmedCustomer();
    await signIn({ email, password: "Sbagliata#2024" }, visitorHeaders());
    const cookie = await loggedIn(email);
    await signOut(visitorHeaders(cookie));
    await requestPasswordReset(email);
    const token = tokenOfLink((await lastEmailTo(email))?.textBody ?? "", "/reset-password");
    await resetPassword(token, "Nuova#Password9");

    const events = lines.map((line) => line.match(/"event":"(\w+)"/)?.[1]).filter(Boolean);
    expect(events).toEqual(
      expect.arrayContaining([
        "sign_up",
        "email_confirmed",
        "login_failed",
        "login",
        "logout",
        "password_reset_requested",
        "password_reset_completed",
      ]),
    );
    const everything = lines.join("\n");
    for (const secret of [password, "Sbagliata#2024", "Nuova#Password9", token, cookie.split("=")[1] ?? "x"]) {
      expect(everything).not.toContain(secret);
    }
    // The failed login names the address tried only by its keyed hash.
    expect(everything).not.toContain(email);
    expect(everything).toContain(`"emailHash":"${pseudonym(email)}"`);
  });
});

describe("npm run user:admin", () => {
  it("creates a confirmed admin who can log in at once, and is led to set up the second factor", async () => {
    const email = uniqueEmail();
    expect(await createOrPromoteAdmin(db, { email, password: "Admin#Pass2024" })).toBe("created");
    const result = await signIn({ email, password: "Admin#Pass2024" }, visitorHeaders());
    if (!result.ok) throw new Error(result.message);
    expect(result.next).toBe("setup");
    expect(await getAdminWithoutSecondFactor(requestWith(cookieFrom(result.headers), "/admin"))).toMatchObject({
      email,
    });
    await expect(createOrPromoteAdmin(db, { email: uniqueEmail() })).rejects.toThrow("A new admin needs a password");
  });

  it("promotes an existing customer, confirming the account and replacing the password only when given", async () => {
    const email = uniqueEmail();
    await signUp(registration(email), visitorHeaders());
    expect(await createOrPromoteAdmin(db, { email: email.toUpperCase() })).toBe("promoted");
    const cookie = await loggedIn(email);
    expect(await getAdminWithoutSecondFactor(requestWith(cookie))).toMatchObject({ email });

    expect(await createOrPromoteAdmin(db, { email, password: "Cambiata#2024" })).toBe("promoted");
    expect(await getCurrentUser(requestWith(cookie))).toBeNull();
    expect((await signIn({ email, password }, visitorHeaders())).ok).toBe(false);
    expect((await signIn({ email, password: "Cambiata#2024" }, visitorHeaders())).ok).toBe(true);
  });
});

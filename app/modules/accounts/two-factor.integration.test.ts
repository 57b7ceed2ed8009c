import { and, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { sessions, twoFactors, users } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, cookieFrom, createTestAdmin, visitorHeaders } from "../../../tests/support/admin-session";
import { testPassword as password, uniqueEmail } from "../../../tests/support/fixtures";
import { totpCode } from "../../../tests/support/second-factor";
import { signIn } from "./credentials.server";
import { createConfirmedUser, createOrPromoteAdmin } from "./provisioning.server";
import { getAdminWithoutSecondFactor, getCurrentUser, requireAdmin } from "./session.server";
import {
  confirmSecondFactorSetup,
  hasSecondFactorChallenge,
  pendingSecondFactorSetup,
  startSecondFactorSetup,
  verifySecondFactor,
} from "./two-factor.server";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");

const db = connectTestDatabase();

const requestWith = (cookie: string | undefined, path = "/admin/orders") =>
  new Request(`http://negozio.test${path}`, { headers: visitorHeaders(cookie) });

/** Where a guard sent the request: the Location of the redirect it threw. */
async function redirectOf(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  return (thrown as Response).headers.get("Location");
}

/** The password step of a login: the challenge's Cookie header (no session yet). */
async function passwordStep(email: string) {
  const login = await signIn({ email, password }, visitorHeaders());
  if (!login.ok) throw new Error(login.message);
  expect(login.next).toBe("code");
  return cookieFrom(login.headers);
}

const thirtySeconds = 30_000;

describe("codes of the authenticator app", () => {
  it("are computed as RFC 6238 says (its SHA-1 test vector)", () => {
    // The secret "12345678901234567890" in base32; at 59 s the 8-digit code is 94287082.
    expect(totpCode("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", 59_000)).toBe("287082");
  });
});

describe("setting up the second factor", () => {
  it("asks for the password, shows the app's secret, and turns on with a first code", async () => {
    const email = uniqueEmail("admin");
    const id = await createConfirmedUser(db, { email, password, name: "Ada Admin", role: "admin" });
    // A session opened elsewhere with the password alone, before the set-up.
    const elsewhere = await signIn({ email, password }, visitorHeaders());
    const login = await signIn({ email, password }, visitorHeaders());
    if (!login.ok || !elsewhere.ok) throw new Error("login failed");
    expect(login.next).toBe("setup");
    const cookie = cookieFrom(login.headers);
    expect(await getAdminWithoutSecondFactor(requestWith(cookie))).toMatchObject({ id, role: "customer" });
    expect(await redirectOf(requireAdmin(requestWith(cookie)))).toBe(
      "/auth/attiva-due-passaggi?redirectTo=%2Fadmin%2Forders",
    );

    expect(await startSecondFactorSetup("Sbagliata#2024", visitorHeaders(cookie))).toEqual({
      ok: false,
      message: "Password non corretta",
    });
    expect(await pendingSecondFactorSetup({ id, email })).toBeNull();
    expect((await startSecondFactorSetup(password, visitorHeaders(cookie))).ok).toBe(true);
    const setup = await pendingSecondFactorSetup({ id, email });
    if (!setup) throw new Error("no set-up in progress");
    expect(setup.uri).toBe(
      `otpauth://totp/Vetrina:${encodeURIComponent(email)}?secret=${setup.secret}&issuer=Vetrina&digits=6&period=30`,
    );
    expect(setup.secret).toMatch(/^[A-Z2-7]{52}$/);
    expect(setup.qr.size).toBeGreaterThan(21);
    // Stored encrypted, never as the app's secret.
    const [row] = await db.select().from(twoFactors).where(eq(twoFactors.userId, id));
    expect(row).toMatchObject({ verified: false });
    expect(row?.secret).not.toContain(setup.secret);

    const wrongCode = String((Number(totpCode(setup.secret)) + 1) % 1_000_000).padStart(6, "0");
    expect(await confirmSecondFactorSetup(id, wrongCode, visitorHeaders(cookie))).toMatchObject({ ok: false });
    expect(await getAdminWithoutSecondFactor(requestWith(cookie))).not.toBeNull();

    const confirmed = await confirmSecondFactorSetup(id, totpCode(setup.secret), visitorHeaders(cookie));
    if (!confirmed.ok) throw new Error(confirmed.message);
    expect(confirmed.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.recoveryCodes).size).toBe(10);
    const [user] = await db.select({ on: users.twoFactorEnabled }).from(users).where(eq(users.id, id));
    expect(user?.on).toBe(true);
    expect(await pendingSecondFactorSetup({ id, email })).toBeNull();

    // Only the session the confirmation gave remains: it passed the second factor.
    const newCookie = cookieFrom(confirmed.headers);
    expect(await db.$count(sessions, eq(sessions.userId, id))).toBe(1);
    expect(await getCurrentUser(requestWith(cookie))).toBeNull();
    expect(await getCurrentUser(requestWith(cookieFrom(elsewhere.headers)))).toBeNull();
    expect(await requireAdmin(requestWith(newCookie))).toMatchObject({ id, role: "admin" });

    // From now on the password alone opens nothing; a recovery code stands in for the app once.
    const challenge = await passwordStep(email);
    const [recoveryCode] = confirmed.recoveryCodes;
    const recovered = await verifySecondFactor("recovery", recoveryCode ?? "", visitorHeaders(challenge));
    expect(recovered.ok).toBe(true);
    const again = await verifySecondFactor("recovery", recoveryCode ?? "", visitorHeaders(await passwordStep(email)));
    expect(again).toEqual({ ok: false, message: "Codice di recupero non valido, o già usato." });
  });
});

describe("logging in with the second factor", () => {
  it("gives no session for the password alone, and one for the app's code", async () => {
    const admin = await createTestAdmin(db);
    const challenge = await passwordStep(admin.email);
    expect(challenge).toMatch(/vetrina\.two_factor=/);
    expect(challenge).not.toMatch(/session_token/);
    expect(await hasSecondFactorChallenge(visitorHeaders(challenge))).toBe(true);
    expect(await hasSecondFactorChallenge(visitorHeaders())).toBe(false);
    expect(await db.$count(sessions, eq(sessions.userId, admin.id))).toBe(0);
    expect(await getCurrentUser(requestWith(challenge))).toBeNull();
    expect(await redirectOf(requireAdmin(requestWith(challenge)))).toBe("/");

    expect(await verifySecondFactor("totp", "000000", visitorHeaders(challenge))).toEqual({
      ok: false,
      message: "Codice non valido. Controlla l'ora del telefono e riprova con il codice che l'app mostra ora.",
    });
    const verified = await verifySecondFactor("totp", totpCode(admin.secret), visitorHeaders(challenge));
    if (!verified.ok) throw new Error(verified.message);
    expect(verified.headers.getSetCookie().join()).toMatch(/vetrina\.two_factor=;/);
    expect(await requireAdmin(requestWith(cookieFrom(verified.headers)))).toMatchObject({
      id: admin.id,
      role: "admin",
    });
  });

  it("accepts each code once", async () => {
    const admin = await createTestAdmin(db);
    const code = totpCode(admin.secret);
    expect((await verifySecondFactor("totp", code, visitorHeaders(await passwordStep(admin.email)))).ok).toBe(true);
    const replayed = await verifySecondFactor("totp", code, visitorHeaders(await passwordStep(admin.email)));
    expect(replayed).toMatchObject({ ok: false });
    expect(await db.$count(sessions, eq(sessions.userId, admin.id))).toBe(1);
    // The next code of the app still works.
    const next = totpCode(admin.secret, Date.now() + thirtySeconds);
    expect((await verifySecondFactor("totp", next, visitorHeaders(await passwordStep(admin.email)))).ok).toBe(true);
  });

  it("ends the login after 5 wrong codes", async () => {
    const admin = await createTestAdmin(db);
    const challenge = await passwordStep(admin.email);
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await verifySecondFactor("totp", "000000", visitorHeaders(challenge))).ok).toBe(false);
    }
    expect(await verifySecondFactor("totp", totpCode(admin.secret), visitorHeaders(challenge))).toEqual({
      ok: false,
      message: "Troppi codici errati: accedi di nuovo con email e password.",
    });
    expect(await db.$count(sessions, eq(sessions.userId, admin.id))).toBe(0);
  });

  it("is voided by a new password, like the reset links", async () => {
    const admin = await createTestAdmin(db);
    const challenge = await passwordStep(admin.email);
    await createOrPromoteAdmin(db, { email: admin.email, password: "Cambiata#2024" });
    expect(await verifySecondFactor("totp", totpCode(admin.secret), visitorHeaders(challenge))).toMatchObject({
      ok: false,
    });
  });
});

describe("admin sessions", () => {
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

  it("end after 30 minutes without a request, and last while used", async () => {
    const admin = await createTestAdmin(db);
    const cookie = await adminSessionCookie(admin);
    const idleFor = (minutes: number) =>
      db
        .update(sessions)
        .set({ updatedAt: minutesAgo(minutes) })
        .where(eq(sessions.userId, admin.id));

    await idleFor(29);
    expect(await requireAdmin(requestWith(cookie))).toMatchObject({ id: admin.id });
    const [used] = await db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(Date.now() - (used?.updatedAt.getTime() ?? 0)).toBeLessThan(60_000);

    await idleFor(31);
    expect(
      await redirectOf(requireAdmin(requestWith(cookie, "/admin/orders.data?_routes=routes%2Fadmin%2Forders"))),
    ).toBe("/auth?redirectTo=%2Fadmin%2Forders&sessione=scaduta");
    // Refused for good: every later request too, not only the first.
    expect(await getCurrentUser(requestWith(cookie, "/"))).toBeNull();
    expect(await redirectOf(requireAdmin(requestWith(cookie)))).toBe(
      "/auth?redirectTo=%2Fadmin%2Forders&sessione=scaduta",
    );
  });

  it("of customers do not end for idleness", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(db, { email, password, name: "Anna Neri", role: "customer" });
    const login = await signIn({ email, password }, visitorHeaders());
    if (!login.ok) throw new Error(login.message);
    await db
      .update(sessions)
      .set({ updatedAt: minutesAgo(24 * 60) })
      .where(and(eq(sessions.userId, id)));
    expect(await getCurrentUser(requestWith(cookieFrom(login.headers), "/profile"))).toMatchObject({ id });
  });
});

describe("npm run user:admin --reset-two-factor", () => {
  it("removes a lost second factor, to be set up again at the next login", async () => {
    const admin = await createTestAdmin(db);
    const cookie = await adminSessionCookie(admin);
    await createOrPromoteAdmin(db, { email: admin.email, resetSecondFactor: true });
    expect(await getCurrentUser(requestWith(cookie))).toBeNull();
    expect(await db.$count(twoFactors, eq(twoFactors.userId, admin.id))).toBe(0);
    const login = await signIn({ email: admin.email, password }, visitorHeaders());
    expect(login).toMatchObject({ ok: true, next: "setup" });
  });
});

import { desc, eq } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";
import { outgoingEmails, sessions } from "~/db/schema";
import { commonPasswordMessage } from "~/modules/accounts/common-passwords.server";
import { requestPasswordReset } from "~/modules/accounts/credentials.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { adminSessionCookie, cookieFrom, createTestAdmin, type TestAdmin } from "../../tests/support/admin-session";
import { testPassword as password, registrationForm, uniqueEmail } from "../../tests/support/fixtures";
import { callAdminRoute, callRoute, formPost } from "../../tests/support/route";
import { totpCode } from "../../tests/support/second-factor";
import { testContext, testServices } from "../../tests/support/services";
import * as adminIndex from "./admin/index";
import * as adminLayout from "./admin/layout";
import * as adminOrders from "./admin/orders";
import * as auth from "./auth";
import * as resetPassword from "./reset-password";
import * as secondStep from "./two-factor";
import * as setupPage from "./two-factor-setup";

// The admin's login in two steps as the browser meets it: the /auth action, the code page, the
// set-up page, and the admin pages' loaders that refuse anything short of it.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");
const db = connectTestDatabase();
const services = testServices(db);
const context = testContext(services);
const ip = "198.51.100.70";

const post = (
  handler: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
  from = ip,
) => callRoute(handler, formPost(`http://localhost${path}`, fields, { ip: from, cookie }), context);
const get = (handler: (args: never) => unknown, path: string, cookie?: string) =>
  callRoute(handler, new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), context);

/** Every admin loader, as a page load or a data request would call it. */
const adminLoaders = [
  ["layout", adminLayout.loader],
  ["index", adminIndex.loader],
  ["orders", adminOrders.loader],
] as const;

/** An admin page's loader behind the admin area's guard. */
const getAdmin = (handler: (args: never) => unknown, path: string, cookie?: string) =>
  callAdminRoute(handler, new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} }), services);

async function expectAdminRefused(cookie: string | undefined, location: string) {
  for (const [name, loader] of adminLoaders) {
    const answer = await getAdmin(loader, "/admin/orders", cookie);
    expect(answer.status, name).toBe(302);
    expect(answer.headers.get("Location"), name).toBe(location);
  }
}

/** The password step at /auth: the challenge cookie for the code page. */
async function passwordStep(admin: TestAdmin) {
  const answer = await post(auth.action, "/auth", { intent: "login", email: admin.email, password });
  expect(answer.data).toEqual({ intent: "login", ok: true, data: { next: "code" } });
  expect(answer.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
  return cookieFrom(answer.headers);
}

describe("an admin with the second factor", () => {
  it("is asked for the code after the password, and reaches the admin pages only then", async () => {
    const admin = await createTestAdmin(db);
    const challenge = await passwordStep(admin);
    await expectAdminRefused(challenge, "/");

    const codePage = await get(secondStep.loader, "/auth/codice?redirectTo=%2Fadmin%2Forders", challenge);
    expect(codePage).toMatchObject({ status: 200, data: { redirectTo: "/admin/orders" } });

    const wrong = await post(secondStep.action, "/auth/codice", { intent: "totp", code: "12345" }, challenge);
    expect(wrong).toMatchObject({
      status: 400,
      data: { intent: "totp", ok: false, fieldErrors: { code: "Inserisci il codice di 6 cifre che mostra l'app" } },
    });
    const refused = await post(secondStep.action, "/auth/codice", { intent: "totp", code: "000000" }, challenge);
    expect(refused).toMatchObject({ status: 401, data: { ok: false, notice: { title: "Verifica non riuscita" } } });

    const spaced = totpCode(admin.secret).replace(/^(\d{3})/, "$1 ");
    const verified = await post(secondStep.action, "/auth/codice", { intent: "totp", code: spaced }, challenge);
    expect(verified).toMatchObject({ status: 200, data: { intent: "totp", ok: true } });
    const cookie = cookieFrom(verified.headers);
    expect(cookie).toMatch(/vetrina\.session_token=/);
    expect((await getAdmin(adminOrders.loader, "/admin/orders", cookie)).status).toBe(200);
    expect((await get(secondStep.loader, "/auth/codice?redirectTo=%2Fadmin", cookie)).headers.get("Location")).toBe(
      "/admin",
    );
  });

  it("logs in before hydration too: redirects to the code page, then to the page asked for", async () => {
    const admin = await createTestAdmin(db);
    const login = await post(auth.action, "/auth", {
      intent: "login",
      email: admin.email,
      password,
      redirectTo: "/admin/orders",
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/auth/codice?redirectTo=%2Fadmin%2Forders");
    const challenge = cookieFrom(login.headers);

    const recoveryCode = admin.recoveryCodes[0] ?? "";
    const verified = await post(
      secondStep.action,
      "/auth/codice?redirectTo=%2Fadmin%2Forders",
      { intent: "recovery", code: recoveryCode, redirectTo: "//evil.example" },
      challenge,
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.get("Location")).toBe("/");
    expect(cookieFrom(verified.headers)).toMatch(/vetrina\.session_token=/);
  });

  it("may try at most 60 codes in 15 minutes from one IP", async () => {
    const challenge = await passwordStep(await createTestAdmin(db));
    const from = "198.51.100.71";
    for (let attempt = 0; attempt < 60; attempt++) {
      const answer = await post(secondStep.action, "/auth/codice", { intent: "totp", code: "000000" }, challenge, from);
      expect(answer.status).toBe(401);
    }
    const blocked = await post(secondStep.action, "/auth/codice", { intent: "totp", code: "000000" }, challenge, from);
    expect(blocked).toMatchObject({ status: 429, data: { notice: { description: tooManyRequestsMessage } } });
    expect(Number(blocked.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("goes back to the password when no login waits for its code", async () => {
    const answer = await get(secondStep.loader, "/auth/codice?redirectTo=%2Fadmin");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/auth?redirectTo=%2Fadmin");
  });

  it("is sent back to /auth after 30 minutes without a request", async () => {
    const admin = await createTestAdmin(db);
    const cookie = await adminSessionCookie(admin);
    expect((await getAdmin(adminOrders.loader, "/admin/orders", cookie)).status).toBe(200);
    await db
      .update(sessions)
      .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.userId, admin.id));
    await expectAdminRefused(cookie, "/auth?redirectTo=%2Fadmin%2Forders&sessione=scaduta");

    const authPage = await get(auth.loader, "/auth?redirectTo=%2Fadmin%2Forders&sessione=scaduta", cookie);
    expect(authPage).toMatchObject({ status: 200, data: { sessionExpired: true, redirectTo: "/admin/orders" } });
  });
});

describe("an admin without the second factor", () => {
  it("is led from the login to the set-up, and sees the recovery codes once it is on", async () => {
    const email = uniqueEmail("admin");
    await createConfirmedUser(db, { email, password, name: "Ada Admin", role: "admin" });
    const login = await post(auth.action, "/auth", { intent: "login", email, password, redirectTo: "/admin" });
    expect(login.headers.get("Location")).toBe("/auth/attiva-due-passaggi?redirectTo=%2Fadmin");
    const cookie = cookieFrom(login.headers);
    await expectAdminRefused(cookie, "/auth/attiva-due-passaggi?redirectTo=%2Fadmin%2Forders");

    const page = "/auth/attiva-due-passaggi?redirectTo=%2Fadmin";
    expect((await get(setupPage.loader, page, cookie)).data).toEqual({ redirectTo: "/admin", step: "password", email });
    const wrongPassword = await post(setupPage.action, page, { intent: "start", password: "Sbagliata#2024" }, cookie);
    expect(wrongPassword).toMatchObject({ status: 401, data: { fieldErrors: { password: "Password non corretta" } } });
    expect((await post(setupPage.action, page, { intent: "start", password }, cookie)).data).toEqual({
      intent: "start",
      ok: true,
    });

    const codeStep = await get(setupPage.loader, page, cookie);
    expect(codeStep.data).toMatchObject({
      step: "code",
      email,
      setup: { uri: expect.stringMatching(/^otpauth:\/\//) },
    });
    const { setup } = codeStep.data as { setup: { secret: string; qr: { size: number; path: string } } };
    expect(setup.qr.path).toMatch(/^M\d+ \d+h\d+v1h-\d+z/);

    const confirmed = await post(setupPage.action, page, { intent: "confirm", code: totpCode(setup.secret) }, cookie);
    expect(confirmed).toMatchObject({ status: 200, data: { intent: "confirm", ok: true } });
    expect((confirmed.data as { data: { recoveryCodes: string[] } }).data.recoveryCodes).toHaveLength(10);
    // A native post renders the answer with the request's old session, which has just ended.
    expect((await get(setupPage.loader, page, cookie)).data).toEqual({ redirectTo: "/admin", step: "not-admin" });
    const newCookie = cookieFrom(confirmed.headers);
    expect((await get(setupPage.loader, page, newCookie)).data).toEqual({ redirectTo: "/admin", step: "active" });
    expect((await getAdmin(adminOrders.loader, "/admin/orders", newCookie)).status).toBe(200);
  });
});

describe("common passwords", () => {
  it("are refused at sign-up and at a reset, beside the other messages", async () => {
    const signUp = await post(auth.action, "/auth", {
      intent: "register",
      ...registrationForm(uniqueEmail()),
      password: "Vetrina2024!",
      confirmPassword: "Vetrina2024!",
    });
    expect(signUp).toMatchObject({ status: 400, data: { fieldErrors: { password: commonPasswordMessage } } });

    const email = uniqueEmail();
    await createConfirmedUser(db, { email, password, name: "Anna Neri", role: "customer" });
    await requestPasswordReset(email);
    const [sent] = await db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.toAddress, email))
      .orderBy(desc(outgoingEmails.id));
    const link = new URL(sent?.textBody.match(/http\S+\/reset-password\?token=\S+/)?.[0] ?? "");
    const opened = await get(resetPassword.loader, link.pathname + link.search);
    const tokenCookie = opened.headers.get("Set-Cookie")?.split(";")[0] ?? "";
    // The form names the account whose password it sets.
    expect((await get(resetPassword.loader, "/reset-password", tokenCookie)).data).toEqual({ email });

    const common = await post(
      resetPassword.action,
      "/reset-password",
      { password: "P@ssw0rd2024!", confirmPassword: "P@ssw0rd2024!" },
      tokenCookie,
    );
    expect(common).toMatchObject({
      status: 400,
      data: { ok: false, fieldErrors: { password: commonPasswordMessage } },
    });
    expect(
      (
        await post(
          resetPassword.action,
          "/reset-password",
          { password: "Nuova#Password9", confirmPassword: "Nuova#Password9" },
          tokenCookie,
        )
      ).data,
    ).toEqual({ ok: true });
  });
});

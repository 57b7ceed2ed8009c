// Admins in the integration tests: an account with its second factor set up, and its login through
// both steps, with the modules the /auth actions call.
import type { Database } from "../../app/db/client.server";
import { signIn } from "../../app/modules/accounts/credentials.server";
import { createConfirmedUser } from "../../app/modules/accounts/provisioning.server";
import { verifySecondFactor } from "../../app/modules/accounts/two-factor.server";
import { testPassword, uniqueEmail } from "./fixtures";
import { enrolSecondFactor, totpCode } from "./second-factor";

export type TestAdmin = { id: string; email: string; password: string; secret: string; recoveryCodes: string[] };

/** The Cookie header a browser would send after receiving these Set-Cookie headers (cleared cookies left out). */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => !pair.endsWith("="))
    .join("; ");
}

/** A confirmed admin whose second factor is set up (the test's BETTER_AUTH_SECRET encrypts it). */
export async function createTestAdmin(db: Database): Promise<TestAdmin> {
  const email = uniqueEmail("admin");
  const id = await createConfirmedUser(db, { email, password: testPassword, name: "Ada Admin", role: "admin" });
  const enrolled = await enrolSecondFactor(db, id, process.env.BETTER_AUTH_SECRET ?? "");
  return { id, email, password: testPassword, ...enrolled };
}

/** The visitor's headers, from 203.0.113.7, with `cookie` when given. */
export const visitorHeaders = (cookie?: string) =>
  new Headers({ "x-client-ip": "203.0.113.7", "user-agent": "vitest", ...(cookie ? { cookie } : {}) });

/** Logs the admin in with the password, then the app's code at `time`; the session's Cookie header. */
export async function adminSessionCookie(admin: TestAdmin, time = Date.now()): Promise<string> {
  const login = await signIn({ email: admin.email, password: admin.password }, visitorHeaders());
  if (!login.ok || login.next !== "code") throw new Error(`no second step for ${admin.email}`);
  const verified = await verifySecondFactor(
    "totp",
    totpCode(admin.secret, time),
    visitorHeaders(cookieFrom(login.headers)),
  );
  if (!verified.ok) throw new Error(verified.message);
  return cookieFrom(verified.headers);
}

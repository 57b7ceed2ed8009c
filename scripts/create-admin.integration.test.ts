import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, inject, it, vi } from "vitest";
import { sessions, userProfiles, users } from "../app/db/schema";
import { signIn } from "../app/modules/accounts/credentials.server";
import { createConfirmedUser } from "../app/modules/accounts/provisioning.server";
import { connectTestDatabase } from "../tests/integration/database";
import { cookieFrom, visitorHeaders } from "../tests/support/admin-session";
import { testPassword, uniqueEmail } from "../tests/support/fixtures";

// `npm run user:admin` as an operator runs it: a process on the test database, the password on
// standard input (piped), never on the command line.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vetrina-cli-"));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** Runs the script with `args`, writing `stdin` to it; its exit code and output. */
function createAdmin(args: string[], stdin = ""): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/create-admin.ts", ...args], {
    env: { ...process.env, DATABASE_URL: inject("databaseUrl"), DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  child.stdin.end(stdin);
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

const userOf = async (email: string) => (await db.select().from(users).where(eq(users.email, email)))[0];

describe("npm run user:admin", () => {
  it("refuses --password, saying how to give the password instead", async () => {
    const email = uniqueEmail("admin");
    for (const args of [
      ["--email", email, "--password", "Admin#Pass2024"],
      ["--email", email, "--password=Admin#Pass2024"],
    ]) {
      const run = await createAdmin(args, "Admin#Pass2024\n");
      expect(run.code).toBe(2);
      expect(run.stderr).toContain("--password is not accepted");
      expect(run.stderr).toContain("standard input");
    }
    expect(await userOf(email)).toBeUndefined();
  });

  it("creates a confirmed admin with the password piped on standard input, and tells of the second factor", async () => {
    const email = uniqueEmail("admin");
    const run = await createAdmin(["--email", email.toUpperCase(), "--name", "Ada Admin"], "Admin#Pass2024\n");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`Admin ${email} created.`);
    expect(run.stdout).toContain("Two-factor authentication is required for admins");
    const user = await userOf(email);
    expect(user).toMatchObject({ name: "Ada Admin", emailVerified: true, twoFactorEnabled: false });
    const [profile] = await db
      .select()
      .from(userProfiles)
      .where(eq(userProfiles.id, user?.id ?? ""));
    expect(profile?.role).toBe("admin");
    expect(await signIn({ email, password: "Admin#Pass2024" }, visitorHeaders())).toMatchObject({
      ok: true,
      next: "setup",
    });
  });

  it("refuses a weak or common password, and a new admin without one", async () => {
    const email = uniqueEmail("admin");
    const weak = await createAdmin(["--email", email], "password\n");
    expect(weak).toMatchObject({ code: 2 });
    expect(weak.stderr).toContain("lower case, upper case, a digit and a special character");
    const common = await createAdmin(["--email", email], "Vetrina2024!\n");
    expect(common).toMatchObject({ code: 2 });
    expect(common.stderr).toContain("too common");
    const none = await createAdmin(["--email", email], "");
    expect(none).toMatchObject({ code: 1 });
    expect(none.stderr).toContain("A new admin needs a password: type it when asked, or pipe it on standard input.");
    expect(await userOf(email)).toBeUndefined();
  });

  it("promotes an existing account, keeping its password when none is piped, and ends its sessions", async () => {
    const email = uniqueEmail();
    const id = await createConfirmedUser(db, { email, password: testPassword, name: "Anna Neri", role: "customer" });
    const login = await signIn({ email, password: testPassword }, visitorHeaders());
    if (!login.ok) throw new Error(login.message);
    expect(cookieFrom(login.headers)).toMatch(/session_token=/);

    const run = await createAdmin(["--email", email]);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${email} is now an admin.`);
    expect(await db.$count(sessions, eq(sessions.userId, id))).toBe(0);
    expect(await signIn({ email, password: testPassword }, visitorHeaders())).toMatchObject({
      ok: true,
      next: "setup",
    });
  });
});

import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { accounts, sessions, twoFactors, type UserRole, userProfiles, users } from "~/db/schema";
import { normalizeEmail } from "~/modules/mail/address";
import { splitFullName } from "./names";
import { hashPassword } from "./password.server";

// Accounts made by the shop's own tools (the admin CLI, test fixtures), not by a visitor signing
// up: confirmed at once, written in one transaction, in the rows better-auth reads.

export type NewAccount = { email: string; password: string; name: string; role: UserRole };

/** Creates a confirmed account that can log in with `password`. Returns its user id. */
export async function createConfirmedUser(db: Database, account: NewAccount): Promise<string> {
  const userId = randomUUID();
  const email = normalizeEmail(account.email);
  const passwordHash = await hashPassword(account.password);
  const { firstName, lastName } = splitFullName(account.name);
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id: userId, name: account.name.trim(), email, emailVerified: true });
    await tx.insert(accounts).values({
      id: randomUUID(),
      userId,
      accountId: userId,
      providerId: "credential",
      password: passwordHash,
    });
    await tx.insert(userProfiles).values({ id: userId, role: account.role, firstName, lastName });
  });
  return userId;
}

/**
 * `npm run user:admin`: creates a confirmed admin, or makes an existing account an admin (and
 * confirms it, and replaces its password when one is given). The account's sessions end: an admin's
 * sessions all begin with a login that asks for the second factor (or for setting it up).
 * `resetSecondFactor` (an admin who lost the phone and the recovery codes) removes the second factor,
 * to be set up again at the next login.
 */
export async function createOrPromoteAdmin(
  db: Database,
  admin: { email: string; password?: string; name?: string; resetSecondFactor?: boolean },
): Promise<"created" | "promoted"> {
  const email = normalizeEmail(admin.email);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!existing) {
    if (!admin.password)
      throw new Error("A new admin needs a password: type it when asked, or pipe it on standard input.");
    await createConfirmedUser(db, {
      email,
      password: admin.password,
      name: admin.name ?? email.split("@")[0] ?? email,
      role: "admin",
    });
    return "created";
  }
  const passwordHash = admin.password ? await hashPassword(admin.password) : undefined;
  await db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerified: true }).where(eq(users.id, existing.id));
    await tx
      .insert(userProfiles)
      .values({ id: existing.id, role: "admin" })
      .onConflictDoUpdate({ target: userProfiles.id, set: { role: "admin" } });
    await tx.delete(sessions).where(eq(sessions.userId, existing.id));
    if (admin.resetSecondFactor) {
      await tx.delete(twoFactors).where(eq(twoFactors.userId, existing.id));
      await tx.update(users).set({ twoFactorEnabled: false }).where(eq(users.id, existing.id));
    }
    if (!passwordHash) return;
    const updated = await tx
      .update(accounts)
      .set({ password: passwordHash })
      .where(and(eq(accounts.userId, existing.id), eq(accounts.providerId, "credential")))
      .returning({ id: accounts.id });
    if (updated.length === 0) {
      await tx.insert(accounts).values({
        id: randomUUID(),
        userId: existing.id,
        accountId: existing.id,
        providerId: "credential",
        password: passwordHash,
      });
    }
  });
  return "promoted";
}

import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { userProfiles, users } from "~/db/schema";
import { logger } from "~/logger.server";
import { DEFAULT_COUNTRY } from "~/modules/shop/constants";
import { splitFullName } from "./names";
import type { ProfileInput } from "./validation";

export type Profile = {
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  /** The province's two-letter code, "" when not given yet. */
  province: string;
  country: string;
  /** "YYYY-MM-DD", or null when not given. */
  dateOfBirth: string | null;
};

/** The profile row of a new account, its name split from the one typed at sign-up. */
export async function createProfile(db: Queryable, account: { userId: string; fullName: string }): Promise<void> {
  const { firstName, lastName } = splitFullName(account.fullName);
  await db.insert(userProfiles).values({ id: account.userId, firstName, lastName }).onConflictDoNothing();
}

/** The two consents ticked at sign-up. */
export async function recordConsents(
  db: Queryable,
  userId: string,
  consents: { termsAccepted: boolean; privacyAccepted: boolean },
): Promise<void> {
  await db
    .update(userProfiles)
    .set({ termsAccepted: consents.termsAccepted, privacyAccepted: consents.privacyAccepted })
    .where(eq(userProfiles.id, userId));
}

/** The profile of a user, or null when the user does not exist. A missing profile row reads as empty. */
export async function getProfile(db: Queryable, userId: string): Promise<Profile | null> {
  const [row] = await db
    .select({ email: users.email, name: users.name, profile: userProfiles })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  if (!row) return null;
  if (!row.profile) logger.warn({ userId }, "user without a profile row");
  const fallbackName = splitFullName(row.name);
  return {
    email: row.email,
    firstName: row.profile?.firstName ?? fallbackName.firstName,
    lastName: row.profile?.lastName ?? fallbackName.lastName,
    phone: row.profile?.phone ?? "",
    address: row.profile?.address ?? "",
    city: row.profile?.city ?? "",
    postalCode: row.profile?.postalCode ?? "",
    province: row.profile?.province ?? "",
    country: row.profile?.country ?? DEFAULT_COUNTRY,
    dateOfBirth: row.profile?.dateOfBirth ?? null,
  };
}

/** Saves the profile form of `userId` (only ever the signed-in user's own id) and keeps users.name in step. */
export async function updateProfile(db: Queryable, userId: string, input: ProfileInput): Promise<void> {
  const fields = {
    firstName: input.first_name,
    lastName: input.last_name,
    phone: input.phone,
    address: input.address,
    city: input.city,
    postalCode: input.postal_code,
    province: input.province,
    country: input.country,
    dateOfBirth: input.date_of_birth,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(userProfiles)
      .values({ id: userId, ...fields })
      .onConflictDoUpdate({ target: userProfiles.id, set: fields });
    await tx
      .update(users)
      .set({ name: `${input.first_name} ${input.last_name}` })
      .where(eq(users.id, userId));
  });
}

import { desc, eq } from "drizzle-orm";
import { config } from "~/config.server";
import type { Database, Queryable } from "~/db/client.server";
import { settingChanges, shopSettings } from "~/db/schema";
import { forgetOnStorefrontChange } from "~/db/storefront-changes.server";
import { logger } from "~/logger.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { fieldErrors } from "~/modules/forms/action-result";
import { isSettingsKey, type SettingsKey, settingsGroups } from "./settings";
import { defaultPublicSettings, type ShopSettings } from "./shop-settings";

// The one way the shop reads and stores its settings. Pricing, checkout, pages and e-mails read them
// through `readSettings`, which keeps them in memory for a few seconds: a save in this process drops
// the copy at once, and another instance of the shop (if it ever runs two) sees it within CACHE_MS.
// The server also drops it on every committed change of the settings table, in every process
// (server/storefront-caches.ts): the time-to-live covers the moments that notification cannot arrive.

const CACHE_MS = 5_000;

/** A week of nightly backups, unless staff keep more or fewer. */
const defaultBackupsKept = 7;

/** The shop as it is with nothing saved, its tracking page the one configured, no nightly backup. */
export function defaultSettings(): ShopSettings {
  return {
    ...defaultPublicSettings,
    tracking: { urlTemplate: config().trackingUrl },
    backups: { folder: "", kept: defaultBackupsKept },
  };
}

let cached: { settings: ShopSettings; until: number } | null = null;
// Counts the drops, so a read that began before a drop does not keep what it read.
let drops = 0;

/** Drops the copy in memory: the next read asks the database. */
export function forgetCachedSettings(): void {
  cached = null;
  drops++;
}
forgetOnStorefrontChange(forgetCachedSettings);

/** Every setting: the stored groups over the defaults, kept in memory for a few seconds. */
export async function readSettings(db: Queryable): Promise<ShopSettings> {
  if (cached && cached.until > Date.now()) return cached.settings;
  const dropsBefore = drops;
  const settings = await readStoredSettings(db);
  if (drops === dropsBefore) cached = { settings, until: Date.now() + CACHE_MS };
  return settings;
}

/**
 * Every setting as the database holds it now, never from memory: for the admin page that shows what
 * was just saved, and the jobs that act on it. A stored group that is no longer valid reads as its defaults.
 */
export async function readStoredSettings(db: Queryable): Promise<ShopSettings> {
  const rows = await db.select({ key: shopSettings.key, value: shopSettings.value }).from(shopSettings);
  const settings = defaultSettings();
  for (const row of rows) {
    if (!isSettingsKey(row.key)) continue;
    const parsed = settingsGroups[row.key].value.safeParse(row.value);
    if (parsed.success) Object.assign(settings, { [row.key]: parsed.data });
    else logger.error({ key: row.key, issues: parsed.error.issues }, "Stored shop settings are invalid: defaults used");
  }
  return settings;
}

export type SaveOutcome<T> = { ok: true; value: T } | { ok: false; fieldErrors: Record<string, string> };

/**
 * Validates one group's form and stores it, with a line in the change log (old → new, who), in one
 * transaction. Nothing is written when the form is invalid or changes nothing.
 */
export async function saveSettingsGroup<K extends SettingsKey>(
  db: Database,
  admin: Pick<CurrentUser, "id" | "email">,
  key: K,
  input: Record<string, string | undefined>,
): Promise<SaveOutcome<ShopSettings[K]>> {
  const parsed = settingsGroups[key].form.safeParse(input);
  if (!parsed.success) return { ok: false, fieldErrors: fieldErrors(parsed.error) };
  const value = parsed.data;
  await db.transaction(async (tx) => {
    // The row is locked so two staff saving at once log each other's change as the old value.
    const [row] = await tx.select().from(shopSettings).where(eq(shopSettings.key, key)).for("update");
    const stored = row ? settingsGroups[key].value.safeParse(row.value) : null;
    const oldValue = stored?.success ? stored.data : defaultSettings()[key];
    if (JSON.stringify(oldValue) === JSON.stringify(value)) return;
    await tx
      .insert(shopSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: shopSettings.key, set: { value, updatedAt: new Date() } });
    await logSettingChange(tx, admin, key, oldValue, value);
  });
  forgetCachedSettings();
  return { ok: true, value };
}

export async function logSettingChange(
  db: Queryable,
  admin: Pick<CurrentUser, "id" | "email">,
  subject: string,
  oldValue: unknown,
  newValue: unknown,
): Promise<void> {
  await db.insert(settingChanges).values({ subject, oldValue, newValue, userId: admin.id, userEmail: admin.email });
}

export type SettingChange = {
  id: number;
  subject: string;
  oldValue: unknown;
  newValue: unknown;
  userEmail: string;
  createdAt: Date;
};

/** The latest changes of settings and coupons, newest first. */
export async function latestSettingChanges(db: Queryable, limit = 50): Promise<SettingChange[]> {
  return db
    .select({
      id: settingChanges.id,
      subject: settingChanges.subject,
      oldValue: settingChanges.oldValue,
      newValue: settingChanges.newValue,
      userEmail: settingChanges.userEmail,
      createdAt: settingChanges.createdAt,
    })
    .from(settingChanges)
    .orderBy(desc(settingChanges.createdAt), desc(settingChanges.id))
    .limit(limit);
}

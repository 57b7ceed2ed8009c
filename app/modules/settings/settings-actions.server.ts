import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { failed, handleIntent, succeeded } from "~/modules/forms/action-result";
import { createCoupon, deactivateCoupon, updateCoupon } from "./coupons.server";
import { type SettingsKey, settingsGroups, settingsKeys } from "./settings";
import { type SaveOutcome, saveSettingsGroup } from "./settings.server";
import type { SettingsIntent, SettingsResult } from "./settings-answer";

const invalidMessage = "Alcuni campi non sono validi: correggili e salva di nuovo.";

function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") fields[name] = value;
  return fields;
}

function answer(
  intent: SettingsIntent,
  saved: SaveOutcome<unknown>,
  message: string,
  values: Record<string, string>,
): SettingsResult {
  if (saved.ok) return succeeded({ intent, notice: { title: message } });
  return failed({ intent, notice: { title: invalidMessage }, fieldErrors: saved.fieldErrors, values });
}

/** Runs one form of 'Impostazioni': a group of settings, or a coupon created, edited or switched off. */
export async function runSettingsAction(
  db: Database,
  admin: Pick<CurrentUser, "id" | "email">,
  form: FormData,
): Promise<SettingsResult> {
  const values = fieldsOf(form);
  const code = values.code ?? "";
  const saveGroup = async (key: SettingsKey) =>
    answer(
      key,
      await saveSettingsGroup(db, admin, key, values),
      `${settingsGroups[key].label}: modifiche salvate.`,
      values,
    );
  const groups = Object.fromEntries(settingsKeys.map((key) => [key, saveGroup])) as Record<
    SettingsKey,
    typeof saveGroup
  >;
  return handleIntent(form, {
    ...groups,
    "coupon-create": async (intent) => {
      const saved = await createCoupon(db, admin, values);
      return answer(intent, saved, `Codice sconto ${saved.ok ? saved.value.code : ""} creato.`, values);
    },
    "coupon-update": async (intent) =>
      answer(intent, await updateCoupon(db, admin, code, values), `Codice sconto ${code} aggiornato.`, values),
    "coupon-deactivate": async (intent) =>
      answer(intent, await deactivateCoupon(db, admin, code), `Codice sconto ${code} disattivato.`, values),
  });
}

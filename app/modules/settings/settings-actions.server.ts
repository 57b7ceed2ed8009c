import type { Database } from "~/db/client.server";
import type { CurrentUser } from "~/modules/accounts/current-user";
import { createCoupon, deactivateCoupon, updateCoupon } from "./coupons.server";
import { isSettingsKey, settingsGroups } from "./settings";
import { type SaveAnswer, saveSettingsGroup } from "./settings.server";
import type { SettingsAnswer, SettingsIntent } from "./settings-answer";

const invalidMessage = "Alcuni campi non sono validi: correggili e salva di nuovo.";

function fieldsOf(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) if (typeof value === "string" && name !== "intent") fields[name] = value;
  return fields;
}

function answer(
  intent: SettingsIntent,
  saved: SaveAnswer<unknown>,
  message: string,
  values: Record<string, string>,
): SettingsAnswer {
  if (saved.ok) return { intent, ok: true, message };
  return { intent, ok: false, message: invalidMessage, fieldErrors: saved.fieldErrors, values, code: values.code };
}

/** Runs one form of 'Impostazioni': a group of settings, or a coupon created, edited or switched off. */
export async function runSettingsAction(
  db: Database,
  admin: Pick<CurrentUser, "id" | "email">,
  form: FormData,
): Promise<SettingsAnswer> {
  const intent = String(form.get("intent") ?? "");
  const values = fieldsOf(form);
  if (isSettingsKey(intent)) {
    const saved = await saveSettingsGroup(db, admin, intent, values);
    return answer(intent, saved, `${settingsGroups[intent].label}: modifiche salvate.`, values);
  }
  const code = values.code ?? "";
  switch (intent) {
    case "coupon-create": {
      const saved = await createCoupon(db, admin, values);
      return answer(intent, saved, `Codice sconto ${saved.ok ? saved.value.code : ""} creato.`, values);
    }
    case "coupon-update":
      return answer(intent, await updateCoupon(db, admin, code, values), `Codice sconto ${code} aggiornato.`, values);
    case "coupon-deactivate":
      return answer(intent, await deactivateCoupon(db, admin, code), `Codice sconto ${code} disattivato.`, values);
    default:
      return { intent: "unknown", ok: false, message: "Azione sconosciuta.", fieldErrors: {}, values: {} };
  }
}

import type { ActionResult } from "~/modules/forms/action-result";

// What the 'Impostazioni' forms post and what they get back; shared by the action and the forms.

export const settingsIntents = [
  "identity",
  "hours",
  "promoBar",
  "shipping",
  "discounts",
  "orderLimits",
  "tracking",
  "backups",
  "coupon-create",
  "coupon-update",
  "coupon-deactivate",
] as const;
export type SettingsIntent = (typeof settingsIntents)[number];

/** The answer of one form of 'Impostazioni'; a refused form keeps what was sent in `values`. */
export type SettingsResult = ActionResult<SettingsIntent>;

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

export type SettingsAnswer =
  | { intent: SettingsIntent; ok: true; message: string }
  | {
      intent: SettingsIntent | "unknown";
      ok: false;
      message: string;
      /** The first message of each invalid field, shown beside it. */
      fieldErrors: Record<string, string>;
      /** What was sent, shown again in the form (pages without JavaScript reload it). */
      values: Record<string, string>;
      /** The coupon the form was about, for the edit forms of the list. */
      code?: string;
    };

// A form field people never see or fill, but form-filling bots do. A submission with it filled
// gets the normal success answer (so the bot learns nothing) and is thrown away.

export const HONEYPOT_FIELD = "website";

/** True when the hidden field came back filled: the submission is a bot's. */
export function honeypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

import type { FormFailure } from "~/modules/forms/form-result";

// What the account forms' actions answer: the shared form contract, with what the auth page adds.

export type AuthIntent = "login" | "register" | "reset-request" | "resend-confirmation" | "confirm-email";

/** `email`: the address the form was about (the one to confirm, after a sign-up or an unconfirmed login). */
export type AuthFormResult = { intent: AuthIntent; email?: string } & (
  | { ok: true }
  /** `unconfirmed`: the login failed because the address is not confirmed yet. */
  | (FormFailure & { unconfirmed?: boolean })
);

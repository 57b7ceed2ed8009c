import type { FormFailure, FormResult } from "~/modules/forms/action-result";
import type { SecondStep } from "./second-factor";

// What the account forms' actions answer: the shared form contract, with what the auth page adds.

export type AuthIntent = "login" | "register" | "reset-request" | "resend-confirmation" | "confirm-email";

/**
 * `email`: the address the form was about (the one to confirm, after a sign-up or an unconfirmed
 * login); `next`: the step an admin's login goes on with.
 */
export type AuthFormResult = { intent: AuthIntent; email?: string } & (
  | { ok: true; next?: SecondStep }
  /** `unconfirmed`: the login failed because the address is not confirmed yet. */
  | (FormFailure & { unconfirmed?: boolean })
);

/** The login's second step: a code of the authenticator app, or a recovery code. */
export type SecondFactorFormResult = { intent: "totp" | "recovery" } & FormResult;

/** The set-up of the second factor: the password again, then a first code; done, the recovery codes. */
export type SecondFactorSetupResult = { intent: "start" | "confirm" } & (
  | { ok: true; recoveryCodes?: string[] }
  | FormFailure
);

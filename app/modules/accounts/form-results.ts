import type { ActionResult } from "~/modules/forms/action-result";
import type { SecondStep } from "./second-factor";

// What the account forms' actions answer: the one form contract, with what the auth page adds.

export type AuthIntent = "login" | "register" | "reset-request" | "resend-confirmation" | "confirm-email";

/**
 * `email`: the address the form was about (the one to confirm, after a sign-up or an unconfirmed
 * login); `next`: the step an admin's login goes on with; `unconfirmed`: the login failed because
 * the address is not confirmed yet.
 */
export type AuthResult = ActionResult<AuthIntent, { email?: string; next?: SecondStep; unconfirmed?: boolean }>;

/** The login's second step: a code of the authenticator app, or a recovery code. */
export type SecondFactorResult = ActionResult<"totp" | "recovery">;

/** The set-up of the second factor: the password again, then a first code; done, the recovery codes. */
export type SecondFactorSetupResult = ActionResult<"start" | "confirm", { recoveryCodes: string[] }>;

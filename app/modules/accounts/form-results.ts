// What the account forms' actions answer, shared by the routes and the forms that read the answers.

export type ToastText = { title: string; description: string };

export type FormFailure = {
  ok: false;
  /** The first message of each invalid field. */
  fieldErrors?: Record<string, string>;
  /** A failure of the whole form, shown as a toast (or in the page when JavaScript is off). */
  error?: ToastText;
};

export type AuthIntent = "login" | "register" | "reset-request" | "resend-confirmation" | "confirm-email";

/** `email`: the address the form was about (the one to confirm, after a sign-up or an unconfirmed login). */
export type AuthFormResult = { intent: AuthIntent; email?: string } & (
  | { ok: true }
  /** `unconfirmed`: the login failed because the address is not confirmed yet. */
  | (FormFailure & { unconfirmed?: boolean })
);

export type FormResult = { ok: true } | FormFailure;

import type { z } from "zod";

// What every form's action answers (the one form contract): success, or the first message of each
// invalid field and/or a failure of the whole form. Shared by the routes that answer and the forms
// that read the answers, before hydration (the page's action data) and after (a fetcher's data).

export type ToastText = { title: string; description: string };

export type FormFailure = {
  ok: false;
  /** The first message of each invalid field. */
  fieldErrors?: Record<string, string>;
  /** A failure of the whole form, shown as a toast (or in the page when JavaScript is off). */
  error?: ToastText;
};

export type FormResult = { ok: true } | FormFailure;

/** The first message of each field, ready to show under it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

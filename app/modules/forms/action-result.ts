import { data } from "react-router";
import type { z } from "zod";

// What every form's action answers (the one form contract), shared by the actions and the forms that
// read the answers, before hydration (the page's action data) and after (a fetcher's data); and the
// one way an action picks the handler of the form's `intent`.

/** A toast's text: shown as a toast, or in the page when JavaScript is off. */
export type ToastText = { title: string; description?: string };

export type ActionResult<Intent extends string = never, Data = undefined> = {
  /** Which of the action's forms answers, when it has several. */
  intent?: Intent;
  ok: boolean;
  /** What the form says as a whole: a failure, or what staff's action did. */
  notice?: ToastText;
  /** The first message of each invalid field, shown under it. */
  fieldErrors?: Record<string, string>;
  /** What was sent, shown again in the form (a page posted without JavaScript reloads it). */
  values?: Record<string, string>;
  /** What else the form shows of the answer. */
  data?: Data;
};

type Fields<Intent extends string, Data> = Omit<ActionResult<Intent, Data>, "ok">;

export function succeeded<Intent extends string = never, Data = undefined>(
  fields: Fields<Intent, Data> = {},
): ActionResult<Intent, Data> {
  return { ok: true, ...fields };
}

export function failed<Intent extends string = never, Data = undefined>(
  fields: Fields<Intent, Data> = {},
): ActionResult<Intent, Data> {
  return { ok: false, ...fields };
}

/** The first message of each field, ready to show under it. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? "");
    errors[field] ??= issue.message;
  }
  return errors;
}

export const unknownIntentMessage = "Azione non riconosciuta.";

/**
 * Runs the handler of the form's `intent`; the intents an action knows are its handlers' names. A
 * missing or unknown intent is no form of the shop's: it gets a thrown 400 answer, like a body that is
 * no form at all (readForm).
 */
export function handleIntent<Intent extends string, Answer>(
  form: FormData,
  handlers: { [Name in Intent]: (intent: Name) => Answer },
): Answer {
  const intent = form.get("intent");
  if (typeof intent !== "string" || !Object.hasOwn(handlers, intent)) throw unknownIntent();
  return handlers[intent as Intent](intent as Intent);
}

/** The answer to a form whose intent the action does not know: HTTP 400, in the one result shape. */
export function unknownIntent() {
  return data(failed({ notice: { title: "Errore", description: unknownIntentMessage } }), { status: 400 });
}

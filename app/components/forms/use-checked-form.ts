import { type FormEvent, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { type ActionResult, fieldErrors } from "~/modules/forms/action-result";

type Answer = Pick<ActionResult, "ok" | "notice" | "fieldErrors">;

/**
 * A module of form rules, downloaded when a visitor first touches one of its forms rather than with
 * every page (with Zod it weighs ~25 KB): the form posts and is checked on the server anyway. A
 * failed download is tried again next time.
 */
export function lazyRules<R>(load: () => Promise<R>): () => Promise<R> {
  let rules: Promise<R> | undefined;
  return () => {
    rules ??= load().catch((error: unknown) => {
      rules = undefined;
      throw error;
    });
    return rules;
  };
}

/**
 * A form checked in the browser with the server's own schema, then sent by a fetcher to `action`.
 * Before hydration the same <form> posts natively and the server's answer (`nativeAnswer`, the
 * page's action data) fills in the messages instead. A failure of the whole form becomes a toast.
 * Spread `formProps` on the <form>: focusing a field starts fetching the schema, and a submission
 * made before the page was interactive is sent once it is (useEarlySubmit).
 */
export function useCheckedForm<T extends Answer>({
  schema,
  action,
  nativeAnswer,
  onSuccess,
  onInvalid,
  takeOver,
}: {
  /** The form's schema, from a module loaded with lazyRules. */
  schema: () => Promise<z.ZodType>;
  action: string;
  nativeAnswer?: T;
  onSuccess?: (answer: T) => void;
  /** The browser found these fields wrong (their messages show under them); e.g. a toast about them. */
  onInvalid?: (errors: Record<string, string>) => void;
  /** Reads values typed before the page was interactive into the component's state (useEarlySubmit). */
  takeOver?: (form: HTMLFormElement) => void;
}) {
  const fetcher = useFetcher<T>();
  const early = useEarlySubmit(takeOver);
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);

  // The answers are plain objects of strings and booleans: serialized, they are still T.
  useFetcherAnswer(fetcher.data as T | undefined, (answer) => {
    if (answer.ok) onSuccess?.(answer);
    else if (answer.notice) void showToast(answer.notice, "error");
  });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The button pressed sends its name and value too, as in a native post.
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Without the schema (offline, a failed download) the server checks the form on its own.
    const rules = await schema().catch(() => null);
    if (rules) {
      const parsed = rules.safeParse(Object.fromEntries(new FormData(form, submitter)));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        setClientErrors(errors);
        onInvalid?.(errors);
        form.querySelector<HTMLElement>(`[name="${Object.keys(errors)[0]}"]`)?.focus();
        return;
      }
    }
    setClientErrors(null);
    void fetcher.submit(submitter ?? form, { method: "post", action });
  }

  const answer = (fetcher.data as T | undefined) ?? nativeAnswer;
  return {
    fetcher,
    formProps: {
      ...early,
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onFocus: () => void schema().catch(() => {}),
    },
    busy: fetcher.state !== "idle",
    errors: clientErrors ?? answer?.fieldErrors ?? {},
    /** The whole-form failure of a native post, to show in the page (toasts need JavaScript). */
    nativeError: fetcher.data ? undefined : nativeAnswer?.notice,
  };
}

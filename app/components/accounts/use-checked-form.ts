import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/toast";
import type { FormFailure } from "~/modules/accounts/form-results";

type Answer = { ok: boolean } & Partial<Omit<FormFailure, "ok">>;
type AccountRules = typeof import("~/modules/accounts/validation");

// The schemas, with Zod, are a download of their own (~25 KB), fetched when a visitor first touches
// an account form rather than with every page: the form posts and is checked on the server anyway.
let accountRules: Promise<AccountRules> | undefined;
function loadAccountRules(): Promise<AccountRules> {
  accountRules ??= import("~/modules/accounts/validation").catch((error: unknown) => {
    accountRules = undefined;
    throw error;
  });
  return accountRules;
}

/**
 * A form checked in the browser with the server's own schema, then sent by a fetcher to `action`.
 * Before hydration the same <form> posts natively and the server's answer (`nativeAnswer`, the
 * page's action data) fills in the messages instead. A failure of the whole form becomes a toast.
 * Spread `formProps` on the <form>: focusing a field starts fetching the schema.
 */
export function useCheckedForm<T extends Answer>({
  schema,
  action,
  nativeAnswer,
  onSuccess,
}: {
  /** Picks the form's schema from app/modules/accounts/validation.ts. */
  schema: (rules: AccountRules) => z.ZodType;
  action: string;
  nativeAnswer?: T;
  onSuccess?: (answer: T) => void;
}) {
  const fetcher = useFetcher<T>();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const onSuccessRef = useRef(onSuccess);
  onSuccessRef.current = onSuccess;

  useEffect(() => {
    // The answers are plain objects of strings and booleans: serialized, they are still T.
    const answer = fetcher.data as T | undefined;
    if (!answer) return;
    if (answer.ok) onSuccessRef.current?.(answer);
    else if (answer.error) void showToast(answer.error, "error");
  }, [fetcher.data]);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // Without the schema (offline, a failed download) the server checks the form on its own.
    const rules = await loadAccountRules().catch(() => null);
    if (rules) {
      const parsed = schema(rules).safeParse(Object.fromEntries(new FormData(form)));
      if (!parsed.success) {
        const errors = rules.fieldErrors(parsed.error);
        setClientErrors(errors);
        form.querySelector<HTMLElement>(`[name="${Object.keys(errors)[0]}"]`)?.focus();
        return;
      }
    }
    setClientErrors(null);
    void fetcher.submit(form, { method: "post", action });
  }

  const answer = (fetcher.data as T | undefined) ?? nativeAnswer;
  return {
    fetcher,
    formProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void onSubmit(event),
      onFocus: () => void loadAccountRules().catch(() => {}),
    },
    busy: fetcher.state !== "idle",
    errors: clientErrors ?? answer?.fieldErrors ?? {},
    /** The whole-form failure of a native post, to show in the page (toasts need JavaScript). */
    nativeError: fetcher.data ? undefined : nativeAnswer?.error,
  };
}

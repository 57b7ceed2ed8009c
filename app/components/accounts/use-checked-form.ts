import { type FormEvent, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { z } from "zod";
import { showToast } from "~/components/toast";
import type { FormFailure } from "~/modules/accounts/form-results";
import { fieldErrors } from "~/modules/accounts/validation";

type Answer = { ok: boolean } & Partial<Omit<FormFailure, "ok">>;

/**
 * A form checked in the browser with the server's own schema, then sent by a fetcher to `action`.
 * Before hydration the same <form> posts natively and the server's answer (`nativeAnswer`, the
 * page's action data) fills in the messages instead. A failure of the whole form becomes a toast.
 */
export function useCheckedForm<T extends Answer>({
  schema,
  action,
  nativeAnswer,
  onSuccess,
}: {
  schema: z.ZodType;
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

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(form)));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      setClientErrors(errors);
      form.querySelector<HTMLElement>(`[name="${Object.keys(errors)[0]}"]`)?.focus();
      return;
    }
    setClientErrors(null);
    void fetcher.submit(form, { method: "post", action });
  }

  const answer = (fetcher.data as T | undefined) ?? nativeAnswer;
  return {
    fetcher,
    onSubmit,
    busy: fetcher.state !== "idle",
    errors: clientErrors ?? answer?.fieldErrors ?? {},
    /** The whole-form failure of a native post, to show in the page (toasts need JavaScript). */
    nativeError: fetcher.data ? undefined : nativeAnswer?.error,
  };
}

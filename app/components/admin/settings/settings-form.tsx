import { type ReactNode, useState } from "react";
import { useFetcher } from "react-router";
import { describedControl } from "~/components/forms/field-props";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import { fieldLabels } from "~/modules/settings/change-log";
import type { SettingsIntent, SettingsResult } from "~/modules/settings/settings-answer";

export const inputClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink";
export const buttonClass =
  "rounded-sm border border-wine px-4 py-2 text-sm text-wine hover:bg-wine hover:text-ivory disabled:cursor-wait disabled:opacity-60";

export type Field = {
  name: string;
  type?: "text" | "email" | "url" | "tel" | "money" | "percent" | "checkbox" | "date" | "number";
  /** A short help under the label. */
  hint?: string;
  /** Overrides the field's usual label. */
  label?: string;
};

/**
 * One form of 'Impostazioni', posted without leaving the page: a toast says how it went, each
 * invalid field shows its message beside it, and what was typed stays in the form.
 */
export function useSettingsForm(matches: (answer: SettingsResult) => boolean, pageAnswer?: SettingsResult) {
  const fetcher = useFetcher<SettingsResult>();
  const [saved, setSaved] = useState(0);
  // Once the page's data is read again after the save (the fetcher idle), not with the answer alone:
  // a form started again before that would show the values from before the save.
  useFetcherAnswer(fetcher.state === "idle" ? fetcher.data : undefined, (answered) => {
    if (!matches(answered)) return;
    showAnswerToast(answered);
    // After a save the form starts again from what the page now reads; after an error it keeps what was typed.
    if (answered.ok) setSaved((count) => count + 1);
  });
  // A fetcher's answer once JavaScript runs; the page's own answer when the form was posted without it.
  const fetched = fetcher.data && matches(fetcher.data) ? fetcher.data : undefined;
  const data = fetched ?? (pageAnswer && matches(pageAnswer) ? pageAnswer : undefined);
  return {
    fetcher,
    key: saved,
    busy: fetcher.state !== "idle",
    errors: data?.fieldErrors ?? {},
  };
}

export function FieldInput({
  field,
  value,
  error,
  idPrefix,
}: {
  field: Field;
  value: string | boolean | undefined;
  error?: string;
  idPrefix: string;
}) {
  const id = `${idPrefix}-${field.name}`;
  const label = field.label ?? fieldLabels[field.name] ?? field.name;
  const control = { name: field.name, ...describedControl(id, error, Boolean(field.hint)) };
  const message = error && (
    <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
      {error}
    </p>
  );
  if (field.type === "checkbox") {
    return (
      <div>
        <label className="flex items-center gap-2 text-ink">
          <input
            type="checkbox"
            {...control}
            defaultChecked={value === true || value === "on"}
            className="size-4 accent-wine"
          />
          {label}
        </label>
        {message}
      </div>
    );
  }
  const inputType =
    field.type === "money" || field.type === "percent" || field.type === undefined ? "text" : field.type;
  return (
    <div>
      <label htmlFor={id} className="block text-ink">
        {label}
      </label>
      {field.hint && (
        <p id={`${id}-hint`} className="text-xs text-ink-soft">
          {field.hint}
        </p>
      )}
      <input
        {...control}
        type={inputType}
        inputMode={field.type === "money" ? "decimal" : field.type === "percent" ? "numeric" : undefined}
        defaultValue={typeof value === "string" ? value : ""}
        className={inputClass}
      />
      {message}
    </div>
  );
}

/** A section of the page with one form: its fields, and a button that saves them. */
export function SettingsSection({
  intent,
  title,
  fields,
  values,
  pageAnswer,
  description,
  children,
}: {
  intent: SettingsIntent;
  title: string;
  fields: Field[];
  /** The values the page read. */
  values: Record<string, string | boolean>;
  /** The page's answer, when a form was posted without JavaScript. */
  pageAnswer?: SettingsResult;
  description?: string;
  children?: ReactNode;
}) {
  const form = useSettingsForm((answer) => answer.intent === intent, pageAnswer);
  const shown = (pageAnswer && !pageAnswer.ok && pageAnswer.intent === intent && pageAnswer.values) || values;
  const headingId = `settings-${intent}`;
  return (
    <section aria-labelledby={headingId} className="rounded-md border border-sand bg-white p-4 sm:p-5">
      <h2 id={headingId} className="text-lg text-ink">
        {title}
      </h2>
      {description && <p className="mt-1 text-sm text-ink-soft">{description}</p>}
      <form.fetcher.Form method="post" key={form.key} className="mt-4 space-y-4" noValidate>
        <input type="hidden" name="intent" value={intent} />
        <div className="grid gap-4 sm:grid-cols-2">
          {fields.map((field) => (
            <FieldInput
              key={field.name}
              field={field}
              value={shown[field.name]}
              error={form.errors[field.name]}
              idPrefix={intent}
            />
          ))}
        </div>
        {children}
        <button type="submit" className={buttonClass} disabled={form.busy}>
          {form.busy ? "Salvataggio…" : "Salva"}
        </button>
      </form.fetcher.Form>
    </section>
  );
}

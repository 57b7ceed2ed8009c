import type { InputHTMLAttributes } from "react";

type TextFieldProps = InputHTMLAttributes<HTMLInputElement> & {
  /** Unique in the page: the input's id and the base of its error's id. */
  id: string;
  name: string;
  label: string;
  error?: string;
};

const inputClass =
  "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink focus:border-ink aria-[invalid=true]:border-sale";

/** A labelled input with its validation message underneath, tied to it for screen readers. */
export function TextField({ id, label, error, className, ...input }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
        {...input}
      />
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

import type { InputHTMLAttributes, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { describedControl } from "~/components/forms/field-props";

type FieldFrame = {
  /** Unique in the page: the control's id and the base of its error's and hint's ids. */
  id: string;
  name: string;
  label: string;
  error?: string;
  /** A standing note under the control, e.g. what the field is for. */
  hint?: string;
  /** For the wrapper, e.g. its place in a grid. */
  className?: string;
};

/** An input, or a textarea when `rows` is given; `readOnly` shows a locked value. */
type FieldProps = FieldFrame &
  (
    | (Omit<InputHTMLAttributes<HTMLInputElement>, keyof FieldFrame> & { rows?: undefined })
    | (Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, keyof FieldFrame> & { rows: number })
  );

const controlClass =
  "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink focus:border-ink aria-[invalid=true]:border-sale read-only:bg-linen read-only:text-ink-soft";

/** A labelled form control with its validation message and hint underneath, tied to it for screen readers. */
export function Field({ id, label, error, hint, className, ...control }: FieldProps) {
  const controlProps = { ...describedControl(id, error, Boolean(hint)), className: controlClass };
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {control.rows === undefined ? (
        <input {...controlProps} {...control} />
      ) : (
        <textarea {...controlProps} {...control} />
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-ink-soft">
          {hint}
        </p>
      )}
    </div>
  );
}

// A select counts as read-only for CSS: it takes the control's look without the read-only one.
const selectClass =
  "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink focus:border-ink aria-[invalid=true]:border-sale";

/**
 * A labelled select with its validation message, as Field draws an input; a first, empty choice
 * (`placeholder`, 'Seleziona') until one is made.
 */
export function SelectField({
  id,
  label,
  options,
  error,
  className,
  placeholder = "Seleziona",
  ...select
}: Omit<FieldFrame, "hint"> & {
  /** Value and text of each choice. */
  options: readonly (readonly [value: string, text: string])[];
  /** The first, empty choice. */
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, keyof FieldFrame>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      <select {...describedControl(id, error)} className={selectClass} {...select}>
        <option value="">{placeholder}</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

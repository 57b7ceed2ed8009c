// How every form's control gets its name, its id and its error: the id is `<form>-<name>` (unique in
// the page), the error the action's message for that field; the paragraphs under the control,
// `<id>-error` and `<id>-hint`, describe it to screen readers.

/** The controls of one form: `field(name)` is a control's name, id and error, spread on a Field. */
export function formFields(form: string, errors: Record<string, string> | undefined) {
  return (name: string) => ({ name, id: `${form}-${name}`, error: errors?.[name] });
}

/** What ties a control to its error and hint paragraphs. */
export function describedControl(id: string, error: string | undefined, hint = false) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(" ") || undefined,
  };
}

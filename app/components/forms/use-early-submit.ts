import { useCallback, useRef } from "react";
import { EARLY_SUBMIT_ATTRIBUTE, submitAgain } from "~/modules/forms/early-submit";

/**
 * What a shopper did to a form before the page was interactive, honoured once it is (the script in
 * <head>, modules/forms/early-submit.ts, holds the submission meanwhile). React leaves typed values
 * in the fields, but a field whose value the component keeps in state is put back to that state on
 * the next render: `takeOver` reads such values from the form into the state first (called once, as
 * the page takes over the form the server rendered). A submission held for this form is then sent
 * again, to the component's own handlers with that state.
 *
 * Spread the answer on the <form>. Forms rendered in the browser (after a navigation) pass through.
 */
export function useEarlySubmit(takeOver?: (form: HTMLFormElement) => void) {
  const takeOverRef = useRef(takeOver);
  takeOverRef.current = takeOver;

  const ref = useCallback((form: HTMLFormElement | null) => {
    if (!form?.hasAttribute(EARLY_SUBMIT_ATTRIBUTE)) return;
    form.removeAttribute(EARLY_SUBMIT_ATTRIBUTE);
    takeOverRef.current?.(form);
    const waiting = window.earlySubmit;
    if (waiting?.form !== form) return;
    window.earlySubmit = null;
    // A state set while React attaches the form renders before the next task: then the handlers see it.
    setTimeout(() => submitAgain(waiting));
  }, []);

  return { ref, [EARLY_SUBMIT_ATTRIBUTE]: "" };
}

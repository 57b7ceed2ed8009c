// A form sent before the page's scripts run (they start after the first paint, seconds later on a
// slow phone) would post as a plain form: the shopper leaves the page and gets no toast. Forms marked
// with EARLY_SUBMIT_ATTRIBUTE hold such a submission instead, and the page sends it once it has taken
// the form over (components/forms/use-early-submit.ts), as if the click came then.

/** On a server-rendered form: the page has not taken it over yet, so a submission waits for it. */
export const EARLY_SUBMIT_ATTRIBUTE = "data-early-submit";

/**
 * A held submission goes as a plain post after this long, or at once when a script fails to load: the
 * shop's forms work without JavaScript, so a page whose scripts never come never leaves a click unanswered.
 */
export const EARLY_SUBMIT_FALLBACK_MS = 10_000;

/** The submission being held, on window: the script in <head> writes it, the page takes it. */
export type HeldSubmission = {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
  /** Sends it as a plain post, unless the page took it first. */
  post: () => void;
};

declare global {
  interface Window {
    earlySubmit?: HeldSubmission | null;
  }
}

/**
 * Presses `submitter` again, its click handlers included, or sends the form when it is no longer
 * there. A button the page has disabled meanwhile (an empty field) would not have worked: nothing.
 */
export function submitAgain({ form, submitter }: Pick<HeldSubmission, "form" | "submitter">): void {
  if (!(submitter instanceof HTMLButtonElement) || submitter.form !== form) form.requestSubmit();
  else if (!submitter.disabled) submitter.click();
}

/** Run in <head>: holds the first submission of a marked form until the page takes it (or the fallback). */
export const earlySubmitScript = `(()=>{const w=window,A="${EARLY_SUBMIT_ATTRIBUTE}";let failed=false;
addEventListener("error",e=>{if(e.target instanceof HTMLScriptElement){failed=true;w.earlySubmit?.post()}},true);
addEventListener("submit",e=>{const f=e.target;if(failed||!(f instanceof HTMLFormElement)||!f.hasAttribute(A))return;e.preventDefault();if(w.earlySubmit)return;
const h=w.earlySubmit={form:f,submitter:e.submitter,post(){if(w.earlySubmit!==h)return;w.earlySubmit=null;f.removeAttribute(A);try{f.requestSubmit(h.submitter)}catch{f.requestSubmit()}}};
f.setAttribute(A,"held");setTimeout(h.post,${EARLY_SUBMIT_FALLBACK_MS})},true)})()`;

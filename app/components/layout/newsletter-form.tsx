import { type FormEvent, useId, useState } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { HoneypotField } from "~/components/ui/honeypot-field";
import type { ActionResult } from "~/modules/forms/action-result";
import { type NewsletterSource, newsletterConsent, newsletterMessages } from "~/modules/newsletter/newsletter";

/** Where the form sits: the dark footer, the home block, the product-page popup or the /subscribe page. */
export type NewsletterVariant = NewsletterSource;

/**
 * The one newsletter sign-up of the shop, wherever it appears. It posts to /subscribe (a page of its
 * own too, so it works without JavaScript), then shows the thank-you view; the address counts only
 * once confirmed from the e-mail (double opt-in). `result` is the /subscribe answer after a post
 * without JavaScript.
 */
export function NewsletterForm({ variant, result }: { variant: NewsletterVariant; result?: ActionResult }) {
  const fetcher = useFetcher<ActionResult>();
  const id = useId();
  const [missing, setMissing] = useState(false);
  const early = useEarlySubmit();
  const answer = fetcher.data ?? result;
  const sending = fetcher.state !== "idle";
  const dark = variant === "footer";
  const stacked = variant === "popup" || variant === "page";

  useFetcherAnswer(fetcher.data, (answered) => {
    if (answered.ok) showToast(newsletterMessages.thanks, "success");
    else if (answered.notice) showToast(answered.notice, "error");
  });

  if (answer?.ok) {
    return (
      <div role="status" className={dark ? "text-white" : "text-ink"}>
        <p className="font-display text-2xl">{newsletterMessages.thanks.title}</p>
        <p className={`mt-2 text-sm leading-relaxed ${dark ? "text-paper-soft" : "text-ink-soft"}`}>
          {newsletterMessages.thanks.description}
        </p>
      </div>
    );
  }

  function checkEmail(event: FormEvent<HTMLFormElement>) {
    const email = new FormData(event.currentTarget).get("email");
    const empty = typeof email !== "string" || email.trim() === "";
    setMissing(empty);
    if (empty) {
      event.preventDefault();
      showToast({ title: "Errore", description: newsletterMessages.emailRequired }, "error");
    }
  }

  const error = missing
    ? newsletterMessages.emailRequired
    : answer && !answer.ok
      ? (answer.notice?.description ?? newsletterMessages.failed)
      : "";
  const muted = dark ? "text-paper-soft" : "text-ink-soft";

  return (
    <fetcher.Form {...early} method="post" action="/subscribe" noValidate onSubmit={checkEmail} className="w-full">
      <input type="hidden" name="source" value={variant} />
      <HoneypotField idPrefix={`newsletter${id}`} />
      <div className={`flex flex-col gap-3 ${stacked ? "" : "sm:flex-row"}`}>
        <label htmlFor={`${id}-email`} className="sr-only">
          La tua email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          name="email"
          autoComplete="email"
          placeholder="La tua email"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-message ${id}-consent`}
          className={`min-w-0 flex-1 rounded-sm border px-4 py-3 ${
            dark
              ? "border-paper/30 bg-transparent text-white placeholder:text-paper-soft focus:border-paper"
              : "border-sand bg-white text-ink placeholder:text-ink-soft focus:border-ink"
          }`}
        />
        <button
          type="submit"
          disabled={sending}
          className={`rounded-sm px-6 py-3 text-sm font-medium tracking-[0.14em] uppercase disabled:cursor-wait disabled:opacity-60 ${
            dark ? "bg-paper text-ink hover:bg-white" : "bg-ink text-ivory hover:bg-wine"
          }`}
        >
          Iscriviti
        </button>
      </div>
      <p
        id={`${id}-message`}
        aria-live="polite"
        className={`text-sm ${dark ? "text-white" : "text-sale"} ${error ? "mt-2" : ""}`}
      >
        {error}
      </p>
      <p id={`${id}-consent`} className={`mt-3 text-xs leading-relaxed ${muted}`}>
        {newsletterConsent.statement} Leggi l'
        <Link to="/privacy" className={`underline underline-offset-2 ${dark ? "hover:text-white" : "hover:text-ink"}`}>
          {newsletterConsent.privacyLinkLabel}
        </Link>
        .
      </p>
    </fetcher.Form>
  );
}

/** The newsletter band with its title: across the footer (dark) or as a block of the home page (light). */
export function NewsletterSection({ variant }: { variant: "footer" | "home" }) {
  const { pathname } = useLocation();
  const dark = variant === "footer";
  // /subscribe is the form itself, and the home page has its own block: no second one in their footer.
  if (pathname === "/subscribe" || (dark && pathname === "/")) return null;
  const titleId = `newsletter-${variant}-title`;
  return (
    <section aria-labelledby={titleId} className={dark ? "border-b border-paper/15" : "bg-blush"}>
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-12 sm:px-6 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id={titleId} className={`text-2xl sm:text-3xl ${dark ? "text-white" : "text-ink"}`}>
            Iscriviti alla newsletter
          </h2>
          <p className={`mt-2 max-w-md text-sm leading-relaxed ${dark ? "text-paper-soft" : "text-ink-soft"}`}>
            Nuove collezioni, consigli di stile e promozioni riservate, una o due volte al mese.
          </p>
        </div>
        <NewsletterForm variant={variant} />
      </div>
    </section>
  );
}

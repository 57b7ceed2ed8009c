import { useEffect, useState } from "react";
import { useConsent } from "~/components/consent/consent-provider";
import { NEWSLETTER_POPUP_DELAY_MS } from "~/modules/shop/constants";

const SHOWN_KEY = "newsletter-popup-shown";

function alreadyShown(): boolean {
  try {
    return window.localStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    // Storage blocked: better never than on every page.
    return true;
  }
}

function rememberShown(): void {
  try {
    window.localStorage.setItem(SHOWN_KEY, "1");
  } catch {
    // Nothing to remember it in.
  }
}

/**
 * Whether the newsletter popup is open: once per browser (not per tab, or a shopper opening products in
 * new tabs meets it again and again), 2 seconds after the page opens, and never over an unanswered
 * cookie banner: then 2 seconds after the answer.
 */
export function useNewsletterPopup(): { open: boolean; close: () => void } {
  const { choicePending } = useConsent();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (choicePending || alreadyShown()) return;
    const timer = window.setTimeout(() => {
      rememberShown();
      setOpen(true);
    }, NEWSLETTER_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [choicePending]);
  return { open, close: () => setOpen(false) };
}

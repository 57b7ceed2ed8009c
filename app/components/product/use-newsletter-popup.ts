import { useEffect, useState } from "react";
import { NEWSLETTER_POPUP_DELAY_MS } from "~/modules/shop/constants";

const SHOWN_KEY = "newsletter-popup-shown";

function alreadyShown(): boolean {
  try {
    return window.sessionStorage.getItem(SHOWN_KEY) !== null;
  } catch {
    // Storage blocked: better never than on every page.
    return true;
  }
}

function rememberShown(): void {
  try {
    window.sessionStorage.setItem(SHOWN_KEY, "1");
  } catch {
    // Nothing to remember it in.
  }
}

/** Whether the newsletter popup is open: once per browser session, 2 seconds after the page opens. */
export function useNewsletterPopup(): { open: boolean; close: () => void } {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (alreadyShown()) return;
    const timer = window.setTimeout(() => {
      rememberShown();
      setOpen(true);
    }, NEWSLETTER_POPUP_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);
  return { open, close: () => setOpen(false) };
}

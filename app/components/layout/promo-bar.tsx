import X from "lucide-react/icons/x";
import { useState } from "react";
import { useShopSettings } from "~/components/use-shop-settings";

// A technical preference cookie rather than localStorage: the server then leaves the bar out of the
// page for whoever closed it, instead of showing it and taking it away after hydration. The shop
// sets it too once a visitor has ordered: the bar speaks of the first purchase.
export const PROMO_DISMISSED_COOKIE = "promo-bar-dismissed";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isPromoDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => cookie.trim() === `${PROMO_DISMISSED_COOKIE}=1`);
}

/** The cookie that keeps the bar away, as a Set-Cookie header or document.cookie text. */
export function promoDismissedCookie(secure: boolean): string {
  return `${PROMO_DISMISSED_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** `hidden`: closed before, or the visitor has ordered already (root.tsx). */
export function PromoBar({ hidden }: { hidden: boolean }) {
  const [closed, setClosed] = useState(false);
  const { promoBar } = useShopSettings();
  if (hidden || closed || !promoBar.enabled) return null;

  function dismiss() {
    // biome-ignore lint/suspicious/noDocumentCookie: one simple cookie; the Cookie Store API is not in every browser yet.
    document.cookie = promoDismissedCookie(window.location.protocol === "https:");
    setClosed(true);
  }

  return (
    <aside aria-label="Promozione" className="bg-wine text-ivory">
      <div className="relative mx-auto flex max-w-7xl items-center justify-center px-12 py-2 text-center text-[0.8rem] tracking-wide">
        <p>{promoBar.text}</p>
        <button
          type="button"
          onClick={dismiss}
          aria-label="Chiudi la promozione"
          className="absolute right-2 flex size-8 items-center justify-center rounded-full hover:bg-wine-dark"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
    </aside>
  );
}

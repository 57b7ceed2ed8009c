import X from "lucide-react/icons/x";
import { useState } from "react";
import { useShopSettings } from "~/components/use-shop-settings";

// A technical preference cookie rather than localStorage: the server then leaves the bar out of the
// page for whoever closed it, instead of showing it and taking it away after hydration.
export const PROMO_DISMISSED_COOKIE = "promo-bar-dismissed";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isPromoDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => cookie.trim() === `${PROMO_DISMISSED_COOKIE}=1`);
}

export function PromoBar({ initiallyDismissed }: { initiallyDismissed: boolean }) {
  const [dismissed, setDismissed] = useState(initiallyDismissed);
  const { promoBar } = useShopSettings();
  if (dismissed || !promoBar.enabled) return null;

  function dismiss() {
    const secure = window.location.protocol === "https:" ? "; Secure" : "";
    // biome-ignore lint/suspicious/noDocumentCookie: one simple cookie; the Cookie Store API is not in every browser yet.
    document.cookie = `${PROMO_DISMISSED_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`;
    setDismissed(true);
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

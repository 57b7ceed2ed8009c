import X from "lucide-react/icons/x";
import { useState } from "react";
import { useShopSettings } from "~/components/use-shop-settings";
import { promoDismissedCookie } from "~/modules/settings/promo-bar-cookie";

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

import { FileDown } from "lucide-react";
import type { MouseEvent } from "react";
import { showToast } from "~/components/toast";

type LabelDownloadLinkProps = {
  /** The label's signed link, as the page's loader gave it. */
  href: string;
  /** The error toast's title, as the area names it ('Errore Download Etichetta' for customers). */
  errorTitle: string;
  className?: string;
};

const fallbackMessage = "Impossibile scaricare l'etichetta.";

/**
 * Opens the order's shipping label (a PDF) in a new tab. Once hydrated it asks for the label's
 * short-lived download link first (app/routes/order-label.ts), so a failure becomes a toast with the
 * server's message instead of an error page in a new tab; the link may lead to the shop or to its bucket.
 */
export function LabelDownloadLink({ href, errorTitle, className }: LabelDownloadLinkProps) {
  async function open(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const response = await fetch(href, { headers: { Accept: "application/json" } });
      if (!response.ok) {
        const plainText = response.headers.get("Content-Type")?.startsWith("text/plain");
        const message = plainText ? (await response.text()).trim() : "";
        void showToast({ title: errorTitle, description: message || fallbackMessage }, "error");
        return;
      }
      const { url } = (await response.json()) as { url: string };
      // A blocked popup falls back to this tab.
      if (!window.open(url, "_blank")) window.location.assign(url);
    } catch {
      void showToast({ title: errorTitle, description: fallbackMessage }, "error");
    }
  }

  return (
    <a href={href} target="_blank" rel="noopener" onClick={open} className={className}>
      <FileDown aria-hidden className="size-4" strokeWidth={1.5} />
      Scarica etichetta
    </a>
  );
}

import { X } from "lucide-react";
import { Link } from "react-router";
import { useHydrated } from "~/components/use-hydrated";

type CookieBannerProps = {
  onAcceptAll: () => void;
  onNecessaryOnly: () => void;
  onCustomize: () => void;
};

const buttonBase = "rounded-sm px-4 py-2.5 text-sm font-medium transition-colors disabled:cursor-wait";

/** Per the Garante's 2021 guidelines closing with X keeps only the necessary cookies, like 'Solo Necessari'. */
export function CookieBanner({ onAcceptAll, onNecessaryOnly, onCustomize }: CookieBannerProps) {
  // The banner comes with the server's HTML; its buttons answer once the page's scripts run, and say
  // so until then rather than swallow a click.
  const waiting = !useHydrated();
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-4"
      data-testid="cookie-banner"
    >
      <div className="relative mx-auto max-w-4xl rounded-md border border-sand bg-white p-4 pr-11 shadow-xl sm:p-6 sm:pr-14">
        <button
          type="button"
          disabled={waiting}
          onClick={onNecessaryOnly}
          aria-label="Chiudi e accetta solo i cookie necessari"
          className="absolute top-2 right-2 flex size-9 items-center justify-center rounded-full text-ink-soft hover:bg-linen hover:text-ink sm:top-3 sm:right-3"
        >
          <X aria-hidden className="size-5" />
        </button>
        <h2 id="cookie-banner-title" className="text-lg text-ink">
          Rispettiamo la tua privacy
        </h2>
        <p className="mt-1.5 text-sm leading-relaxed text-ink-soft">
          Usiamo cookie tecnici necessari e, solo con il tuo consenso, cookie analitici (Google Analytics e Microsoft
          Clarity) per migliorare il sito. Chiudendo l'avviso restano attivi solo quelli necessari. Puoi cambiare idea
          in ogni momento da «Preferenze cookie» in fondo alla pagina.{" "}
          <Link to="/privacy" className="text-wine underline underline-offset-2">
            Informativa sulla Privacy
          </Link>
        </p>
        <div className="mt-4 grid grid-cols-2 gap-2 sm:flex sm:justify-end">
          <button
            type="button"
            disabled={waiting}
            onClick={onCustomize}
            className={`${buttonBase} col-span-2 row-start-2 text-ink underline underline-offset-4 sm:mr-auto sm:no-underline sm:hover:underline`}
          >
            Personalizza
          </button>
          <button
            type="button"
            disabled={waiting}
            onClick={onNecessaryOnly}
            className={`${buttonBase} border border-ink text-ink hover:bg-linen`}
          >
            Solo Necessari
          </button>
          <button
            type="button"
            disabled={waiting}
            onClick={onAcceptAll}
            className={`${buttonBase} border border-ink bg-ink text-ivory hover:bg-wine`}
          >
            Accetta Tutti
          </button>
        </div>
      </div>
    </section>
  );
}

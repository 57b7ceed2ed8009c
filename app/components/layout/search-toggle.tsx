import ArrowRight from "lucide-react/icons/arrow-right";
import Search from "lucide-react/icons/search";
import { type FormEvent, useRef } from "react";
import { useNavigate } from "react-router";
import { useDetailsDisclosure } from "./use-details-disclosure";

/**
 * The header search: a <details> disclosure around a GET form to /shop, so it opens and submits
 * even before the page is hydrated. Once hydrated, blank terms are ignored and the field closes.
 */
export function SearchToggle() {
  const input = useRef<HTMLInputElement>(null);
  const { detailsProps, summaryRef, close } = useDetailsDisclosure(() => input.current?.focus());
  const navigate = useNavigate();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    if (!term) return;
    event.currentTarget.reset();
    close();
    navigate(`/shop?${new URLSearchParams({ search: term })}`);
  }

  return (
    <details {...detailsProps}>
      <summary
        ref={summaryRef}
        aria-label="Cerca"
        className="flex size-10 cursor-pointer items-center justify-center rounded-full text-ink hover:bg-linen"
      >
        <Search aria-hidden className="size-5" strokeWidth={1.5} />
      </summary>
      <div className="absolute inset-x-0 top-full z-30 border-y border-sand bg-ivory shadow-sm">
        <search>
          <form
            method="get"
            action="/shop"
            onSubmit={handleSubmit}
            className="mx-auto flex max-w-3xl items-center gap-2 px-4 py-4"
          >
            <label htmlFor="header-search" className="sr-only">
              Cerca nel negozio
            </label>
            <input
              ref={input}
              id="header-search"
              type="search"
              name="search"
              placeholder="Cerca prodotti, marchi, colori…"
              autoComplete="off"
              enterKeyHint="search"
              className="min-w-0 flex-1 border-b border-ink/40 bg-transparent px-1 py-2 text-base placeholder:text-ink-soft focus:border-ink"
            />
            <button
              type="submit"
              aria-label="Mostra i risultati"
              className="flex size-10 items-center justify-center rounded-full bg-ink text-ivory hover:bg-wine"
            >
              <ArrowRight aria-hidden className="size-5" strokeWidth={1.5} />
            </button>
          </form>
        </search>
      </div>
    </details>
  );
}

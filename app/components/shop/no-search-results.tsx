import { Link } from "react-router";
import { type CatalogFilters, filtersToSearchParams } from "~/modules/catalog/filters";
import { GENDERS } from "~/modules/shop/constants";

const wayOutLinkClass = "text-ink underline underline-offset-4 hover:text-wine";

/** A search that found nothing: without it, with an everyday word the shop knows, or by category. */
export function NoSearchResults({ filters, suggestions }: { filters: CatalogFilters; suggestions: string[] }) {
  const withoutSearch = filtersToSearchParams({ ...filters, search: "" }).toString();
  return (
    <section aria-label="Nessun risultato" className="mt-8 space-y-6 text-sm text-ink">
      <p>
        <Link to={`/shop${withoutSearch ? `?${withoutSearch}` : ""}`} className={wayOutLinkClass}>
          Cancella la ricerca
        </Link>{" "}
        e guarda tutti i prodotti{withoutSearch ? " con gli altri filtri" : ""}.
      </p>
      {suggestions.length > 0 && (
        <div>
          <h2
            id="search-suggestions"
            className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase"
          >
            Prova a cercare
          </h2>
          <ul aria-labelledby="search-suggestions" className="mt-3 flex flex-wrap gap-2">
            {suggestions.map((word) => (
              <li key={word}>
                <Link
                  to={`/shop?${new URLSearchParams({ search: word })}`}
                  className="block rounded-full border border-sand px-4 py-1.5 hover:border-ink"
                >
                  {word}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">Oppure sfoglia</h2>
        <ul className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {[
            ...GENDERS.map((gender) => ({ label: gender, href: `/${gender.toLowerCase()}` })),
            { label: "Nuova Collezione", href: "/nuova-collezione" },
            { label: "Fine Serie", href: "/outlet" },
          ].map(({ label, href }) => (
            <li key={href}>
              <Link to={href} className={wayOutLinkClass}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

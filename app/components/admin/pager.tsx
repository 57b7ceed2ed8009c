import { Link } from "react-router";

const linkClass = "rounded-sm border border-sand px-3 py-1.5 text-sm text-ink hover:border-ink";

/**
 * Previous / next links and where the list stands ("Pagina 2 di 40 · 1.987 ordini"); `href` gives the
 * address of a page, so the links keep the filters. `noun` names what is listed (orders by default).
 */
export function Pager({
  page,
  pageCount,
  totalCount,
  href,
  noun = { one: "ordine", many: "ordini" },
}: {
  page: number;
  pageCount: number;
  totalCount: number;
  href: (page: number) => string;
  noun?: { one: string; many: string };
}) {
  const total = `${totalCount.toLocaleString("it-IT")} ${totalCount === 1 ? noun.one : noun.many}`;
  return (
    <nav
      aria-label={`Pagine degli ${noun.many}`}
      className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-ink-soft">
        Pagina {page} di {pageCount} · {total}
      </p>
      <div className="flex gap-2">
        {page > 1 && (
          <Link to={href(page - 1)} rel="prev" className={linkClass}>
            ← Precedente
          </Link>
        )}
        {page < pageCount && (
          <Link to={href(page + 1)} rel="next" className={linkClass}>
            Successiva →
          </Link>
        )}
      </div>
    </nav>
  );
}

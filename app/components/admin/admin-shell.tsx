import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { LogoutForm } from "~/components/accounts/logout-form";
import { shop } from "~/modules/shop/identity";

const sections = [
  { to: "/admin", label: "Admin Panel" },
  { to: "/admin/orders", label: "Ordini" },
  { to: "/admin/returns", label: "Resi e recessi" },
  { to: "/admin/products", label: "Prodotti" },
  { to: "/admin/analytics", label: "Statistiche" },
  { to: "/admin/settings", label: "Impostazioni" },
];

const linkClass = "block whitespace-nowrap rounded-sm px-2.5 py-1.5 text-sm hover:bg-linen lg:px-3 lg:py-2";

/**
 * The admin area's own frame, instead of the storefront's (root.tsx leaves that out under /admin): a
 * compact header with the shop's name, the sections and the Logout, over the 'Dashboard' page. On a
 * phone the sections wrap in two short rows, Logout in sight; from lg they become a sidebar.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // The section whose route the path starts with, the longest such (the spec's rule): only that one is
  // highlighted, not also 'Admin Panel', whose /admin every path starts with.
  const current = sections.filter((section) => pathname.startsWith(section.to)).at(-1);

  return (
    <div className="flex flex-1 flex-col lg:mx-auto lg:grid lg:w-full lg:max-w-7xl lg:grid-cols-[14rem_1fr] lg:gap-8 lg:px-6 lg:py-8">
      <header className="sticky top-0 z-40 border-b border-sand bg-ivory lg:static lg:border-r lg:border-b-0 lg:pr-6">
        <Link
          to="/"
          className="block px-4 pt-3 font-display text-lg tracking-[0.2em] text-ink uppercase lg:px-3 lg:pt-0"
        >
          {shop.name}
        </Link>
        <nav aria-label="Amministrazione" className="px-2 py-2 lg:mt-4 lg:p-0">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  aria-current={section === current ? "page" : undefined}
                  className={`${linkClass} ${section === current ? "bg-linen font-medium text-wine" : "text-ink"}`}
                >
                  {section.label}
                </Link>
              </li>
            ))}
            <li>
              <LogoutForm className={`${linkClass} flex w-full items-center gap-2 text-left text-ink`} />
            </li>
          </ul>
        </nav>
      </header>
      <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 focus:outline-none sm:px-6 lg:p-0">
        <header className="border-b border-sand pb-4">
          <p className="font-display text-2xl text-ink">Dashboard</p>
        </header>
        <div className="pt-6">{children}</div>
      </main>
    </div>
  );
}

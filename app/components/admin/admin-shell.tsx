import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { LogoutForm } from "~/components/accounts/logout-form";

const sections = [
  { to: "/admin", label: "Admin Panel" },
  { to: "/admin/orders", label: "Ordini" },
  { to: "/admin/products", label: "Prodotti" },
  { to: "/admin/analytics", label: "Statistiche" },
  { to: "/admin/settings", label: "Impostazioni" },
];

const linkClass = "block rounded-sm px-3 py-2 text-sm hover:bg-linen";

/** The admin area's frame: the sidebar of sections and the 'Dashboard' header. */
export function AdminShell({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  // Highlighted when the path starts with the link's route (spec); the closest one is the current page.
  const current = sections.filter((section) => pathname.startsWith(section.to)).at(-1);

  return (
    <div className="mx-auto grid max-w-7xl gap-8 px-4 py-8 sm:px-6 lg:grid-cols-[14rem_1fr]">
      <aside className="lg:border-r lg:border-sand lg:pr-6">
        <nav aria-label="Amministrazione">
          <ul className="flex flex-wrap gap-1 lg:flex-col">
            {sections.map((section) => (
              <li key={section.to}>
                <Link
                  to={section.to}
                  aria-current={section === current ? "page" : undefined}
                  className={`${linkClass} ${pathname.startsWith(section.to) ? "bg-linen font-medium text-wine" : "text-ink"}`}
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
      </aside>
      <div className="min-w-0">
        <header className="border-b border-sand pb-4">
          <p className="font-display text-2xl text-ink">Dashboard</p>
        </header>
        <div className="pt-6">{children}</div>
      </div>
    </div>
  );
}

import { NavLink, useLocation } from "react-router";
import { AccountMenu } from "~/components/accounts/account-menu";
import { CartLink } from "./cart-link";
import { Logo } from "./logo";
import { MobileMenu } from "./mobile-menu";
import { mainNavigation, navigationToneClass } from "./navigation";
import { SearchToggle } from "./search-toggle";

export function SiteHeader() {
  // Keyed by the URL, the menu and the search field start closed on every page.
  const location = useLocation();
  const pageKey = location.pathname + location.search;

  return (
    <header className="sticky top-0 z-40 border-b border-sand bg-ivory/95 backdrop-blur supports-[backdrop-filter]:bg-ivory/85">
      <div className="relative mx-auto grid h-16 max-w-7xl grid-cols-[1fr_auto_1fr] items-center px-2 sm:px-4 xl:flex xl:h-20 xl:gap-8 xl:px-6">
        <div className="flex items-center xl:hidden">
          <MobileMenu key={pageKey} />
        </div>
        <div className="justify-self-center xl:shrink-0">
          <Logo />
        </div>
        <nav aria-label="Principale" className="hidden flex-1 justify-center xl:flex">
          <ul className="flex items-center gap-7">
            {mainNavigation.map((link) => (
              <li key={link.to}>
                <NavLink
                  to={link.to}
                  className={`whitespace-nowrap text-[0.8rem] tracking-[0.16em] uppercase underline-offset-8 hover:underline aria-[current=page]:underline ${navigationToneClass[link.tone ?? "plain"]}`}
                >
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center justify-end gap-0.5">
          <SearchToggle key={pageKey} />
          <AccountMenu />
          <CartLink />
        </div>
      </div>
    </header>
  );
}

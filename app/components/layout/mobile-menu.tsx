import Menu from "lucide-react/icons/menu";
import X from "lucide-react/icons/x";
import { NavLink } from "react-router";
import { MobileAccountLink } from "~/components/accounts/mobile-account-link";
import { mainNavigation, navigationToneClass } from "./navigation";
import { useDetailsDisclosure } from "./use-details-disclosure";

/** The collapsible menu of small screens: a <details> disclosure, so it opens before hydration too. */
export function MobileMenu() {
  const { detailsProps, summaryRef, close } = useDetailsDisclosure();

  return (
    <details {...detailsProps} className="group xl:hidden">
      <summary
        ref={summaryRef}
        aria-label="Menu"
        className="flex size-10 cursor-pointer items-center justify-center rounded-full text-ink hover:bg-linen"
      >
        <Menu aria-hidden className="size-6 group-open:hidden" strokeWidth={1.5} />
        <X aria-hidden className="hidden size-6 group-open:block" strokeWidth={1.5} />
      </summary>
      <nav
        aria-label="Menu principale"
        className="absolute inset-x-0 top-full z-30 max-h-[calc(100dvh-4rem)] overflow-y-auto border-y border-sand bg-ivory shadow-md"
      >
        <ul className="divide-y divide-sand/70 px-4">
          {mainNavigation.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={close}
                className={`block py-3.5 font-display text-lg ${navigationToneClass[link.tone ?? "plain"]}`}
              >
                {link.label}
              </NavLink>
            </li>
          ))}
          <li>
            <MobileAccountLink onNavigate={close} className="block py-3.5 text-base text-ink-soft" />
          </li>
        </ul>
      </nav>
    </details>
  );
}

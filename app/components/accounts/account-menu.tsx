import UserRound from "lucide-react/icons/user-round";
import { lazy, Suspense, useRef } from "react";
import { Link } from "react-router";
import { useDetailsDisclosure } from "~/components/layout/use-details-disclosure";
import { closeAuthDialog, openAuthDialog, opensDialog, useAuthDialogState } from "./auth-dialog-state";
import { LogoutForm } from "./logout-form";
import { useCurrentUser } from "./use-current-user";

// The dialog, with its forms and validation, downloads the first time a guest opens it.
const AuthDialog = lazy(() => import("./auth-dialog"));

const iconClass = "flex size-10 items-center justify-center rounded-full text-ink hover:bg-linen";

/** The header's account icon: the login dialog for guests, the 'Il mio account' menu for customers. */
export function AccountMenu() {
  const user = useCurrentUser();
  const dialog = useAuthDialogState();

  return (
    <>
      {user ? (
        <UserMenu firstName={user.firstName} />
      ) : (
        <Link
          to="/auth"
          aria-label="Accedi / Registrati"
          onClick={(event) => {
            if (!opensDialog(event)) return;
            event.preventDefault();
            openAuthDialog("login");
          }}
          className={iconClass}
        >
          <UserRound aria-hidden className="size-5" strokeWidth={1.5} />
        </Link>
      )}
      {dialog.open && (
        <Suspense>
          <AuthDialog initialTab={dialog.tab} onClose={closeAuthDialog} />
        </Suspense>
      )}
    </>
  );
}

const menuLinkClass = "flex items-center gap-2 px-4 py-2.5 text-sm text-ink hover:bg-linen";

function UserMenu({ firstName }: { firstName: string }) {
  const { detailsProps, summaryRef, close } = useDetailsDisclosure();
  const menu = useRef<HTMLDetailsElement>(null);

  return (
    <details
      {...detailsProps}
      ref={menu}
      onBlur={(event) => {
        // Closes when focus leaves the menu (Tab past its last item, or a click elsewhere).
        if (!menu.current?.contains(event.relatedTarget as Node | null)) close();
      }}
      className="relative"
    >
      <summary ref={summaryRef} aria-label="Il mio account" className={`${iconClass} cursor-pointer`}>
        <UserRound aria-hidden className="size-5 fill-ink/10" strokeWidth={1.5} />
      </summary>
      <div className="absolute right-0 z-50 mt-2 w-56 rounded-md border border-sand bg-white py-2 shadow-lg">
        <p className="px-4 pt-1 pb-2 text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">Il mio account</p>
        {firstName && <p className="px-4 pb-2 text-sm text-ink">Ciao, {firstName}</p>}
        <nav aria-label="Menu del mio account" className="border-t border-sand pt-1">
          <Link to="/profile" onClick={close} className={menuLinkClass}>
            Profilo
          </Link>
          <Link to="/orders" onClick={close} className={menuLinkClass}>
            I miei ordini
          </Link>
          <LogoutForm onDone={close} className={`${menuLinkClass} w-full text-left`} />
        </nav>
      </div>
    </details>
  );
}

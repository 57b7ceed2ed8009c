import { Link } from "react-router";
import { openAuthDialog, opensDialog } from "./auth-dialog-state";
import { useCurrentUser } from "./use-current-user";

/** The mobile menu's account entry: the login dialog for guests, the profile for customers. */
export function MobileAccountLink({ onNavigate, className }: { onNavigate: () => void; className: string }) {
  const user = useCurrentUser();
  if (user) {
    return (
      <Link to="/profile" onClick={onNavigate} className={className}>
        Il mio account
      </Link>
    );
  }
  return (
    <Link
      to="/auth"
      onClick={(event) => {
        onNavigate();
        if (!opensDialog(event)) return;
        event.preventDefault();
        openAuthDialog("login");
      }}
      className={className}
    >
      Accedi / Registrati
    </Link>
  );
}

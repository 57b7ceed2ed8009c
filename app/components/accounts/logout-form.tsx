import LogOut from "lucide-react/icons/log-out";
import { useFetcher, useNavigate } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { logoutToasts } from "~/modules/accounts/logout-messages";
import type { ActionResult } from "~/modules/forms/action-result";

// Every Logout button shares one fetcher, known by this key to the whole app: logging out reloads
// the page's data, which can take the button away (the profile turns into the login prompt), so the
// answer is handled by LogoutAnswer in the layout, which always stays.
const LOGOUT_FETCHER = "logout";

/** The Logout button: ends the session on the server; LogoutAnswer then goes to the home page. */
export function LogoutForm({ className, onDone }: { className?: string; onDone?: () => void }) {
  const fetcher = useFetcher<ActionResult>({ key: LOGOUT_FETCHER });
  const hydrated = useHydrated();

  return (
    <fetcher.Form method="post" action="/logout" onSubmit={() => onDone?.()}>
      {!hydrated && <input type="hidden" name="redirectTo" value="/" />}
      <button type="submit" disabled={fetcher.state !== "idle"} className={className}>
        <LogOut aria-hidden className="size-4" strokeWidth={1.5} />
        Logout
      </button>
    </fetcher.Form>
  );
}

/** The answer to a logout, wherever its button was: a toast, then the home page. */
export function LogoutAnswer() {
  const fetcher = useFetcher<ActionResult>({ key: LOGOUT_FETCHER });
  const navigate = useNavigate();
  useFetcherAnswer(fetcher.data, (answer) => {
    if (answer.ok) {
      void showToast(logoutToasts.loggedOut, "success");
      void navigate("/");
    } else if (answer.notice) {
      void showToast(answer.notice, "error");
    }
  });
  return null;
}

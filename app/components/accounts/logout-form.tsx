import { LogOut } from "lucide-react";
import { useFetcher, useNavigate } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { accountToasts } from "~/modules/accounts/error-messages";
import type { FormResult } from "~/modules/forms/form-result";

/** The Logout button: ends the session on the server, then goes to the home page. */
export function LogoutForm({ className, onDone }: { className?: string; onDone?: () => void }) {
  const fetcher = useFetcher<FormResult>();
  const hydrated = useHydrated();
  const navigate = useNavigate();

  useFetcherAnswer(fetcher.data, (answer) => {
    if (answer.ok) {
      void showToast(accountToasts.loggedOut, "success");
      onDone?.();
      navigate("/");
    } else if (answer.error) {
      void showToast(answer.error, "error");
    }
  });

  return (
    <fetcher.Form method="post" action="/logout">
      {!hydrated && <input type="hidden" name="redirectTo" value="/" />}
      <button type="submit" disabled={fetcher.state !== "idle"} className={className}>
        <LogOut aria-hidden className="size-4" strokeWidth={1.5} />
        Logout
      </button>
    </fetcher.Form>
  );
}

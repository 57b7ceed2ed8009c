import { LogOut } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher, useNavigate } from "react-router";
import { showToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { accountToasts } from "~/modules/accounts/error-messages";
import type { FormResult } from "~/modules/forms/form-result";

/** The Logout button: ends the session on the server, then goes to the home page. */
export function LogoutForm({ className, onDone }: { className?: string; onDone?: () => void }) {
  const fetcher = useFetcher<FormResult>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;

  useEffect(() => {
    if (!fetcher.data) return;
    if (fetcher.data.ok) {
      void showToast(accountToasts.loggedOut, "success");
      onDoneRef.current?.();
      navigate("/");
    } else if (fetcher.data.error) {
      void showToast(fetcher.data.error, "error");
    }
  }, [fetcher.data, navigate]);

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

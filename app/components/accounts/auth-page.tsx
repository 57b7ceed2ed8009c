import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { useFetcher, useLocation, useNavigate } from "react-router";
import type { AuthTab } from "~/components/accounts/auth-dialog-state";
import { AuthPanel } from "~/components/accounts/auth-panel";
import { buttonClass } from "~/components/ui/button";
import { invalidConfirmationLink } from "~/modules/accounts/error-messages";
import type { AuthResult } from "~/modules/accounts/form-results";
import { adminIdleMinutes } from "~/modules/accounts/second-factor";

/** What /auth's loader tells the page. */
export type AuthPageData = {
  tab: AuthTab;
  /** 'Password dimenticata?' without JavaScript is a link to /auth?tab=reset. */
  startWithReset: boolean;
  /** A confirmation link was opened: its token waits for the click. */
  confirmationPending: boolean;
  redirectTo: string;
  sessionExpired: boolean;
};

export function AuthPage({
  loaderData,
  nativeAnswer: actionData,
}: {
  loaderData: AuthPageData;
  /** The action's answer to a form posted before the page's scripts ran. */
  nativeAnswer: AuthResult | undefined;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  // Other pages can open the register tab through navigation state, like ?tab=register.
  const stateTab = (location.state as { tab?: AuthTab } | null)?.tab;
  const [tab, setTab] = useState<AuthTab>(
    actionData?.intent === "register" ? "register" : stateTab === "register" ? "register" : loaderData.tab,
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <h1 className="text-center text-3xl text-ink sm:text-4xl">
        {tab === "login" ? "Accedi al tuo Account" : "Crea un Account"}
      </h1>
      {loaderData.sessionExpired && (
        <p role="status" className="mt-6 rounded-sm border border-sand bg-linen p-4 text-sm text-ink">
          La sessione di amministrazione è scaduta dopo {adminIdleMinutes} minuti di inattività: accedi di nuovo.
        </p>
      )}
      <EmailConfirmation
        pending={loaderData.confirmationPending}
        nativeAnswer={actionData?.intent === "confirm-email" ? actionData : undefined}
      />
      <div className="mt-8 rounded-md border border-sand bg-white p-6 sm:p-8">
        <AuthPanel
          tab={tab}
          onTabChange={setTab}
          idPrefix="auth-page"
          redirectTo={loaderData.redirectTo}
          nativeAnswer={actionData}
          startWithReset={loaderData.startWithReset}
          onLoggedIn={() => navigate(loaderData.redirectTo, { replace: true })}
        />
      </div>
    </div>
  );
}

/** The last step of the confirmation link: one button, so only a person (not a mail scanner) confirms. */
function EmailConfirmation({ pending, nativeAnswer }: { pending: boolean; nativeAnswer?: AuthResult }) {
  const fetcher = useFetcher<AuthResult>();
  const answer = fetcher.data ?? nativeAnswer;
  if (answer?.ok) {
    return (
      <p
        role="status"
        className="mt-6 flex gap-3 rounded-sm border border-green-700/30 bg-green-50 p-4 text-sm text-green-900"
      >
        <CircleCheck aria-hidden className="size-5 shrink-0" />
        <span>
          <strong>Email confermata!</strong> Il tuo account è attivo: ora puoi accedere.
        </span>
      </p>
    );
  }
  if (answer && !answer.ok) {
    return (
      <p role="alert" className="mt-6 flex gap-3 rounded-sm border border-sale/30 bg-blush p-4 text-sm text-sale">
        <CircleAlert aria-hidden className="size-5 shrink-0" />
        <span>{invalidConfirmationLink.description}</span>
      </p>
    );
  }
  if (!pending) return null;
  return (
    <fetcher.Form method="post" action="/auth" className="mt-6 rounded-sm border border-sand bg-white p-4 text-center">
      <input type="hidden" name="intent" value="confirm-email" />
      <p className="text-sm text-ink">Ultimo passo: conferma il tuo indirizzo email per attivare il tuo account.</p>
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${buttonClass.primary} mt-4`}>
        Conferma email
      </button>
    </fetcher.Form>
  );
}

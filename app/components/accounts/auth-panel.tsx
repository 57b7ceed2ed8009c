import { MailCheck } from "lucide-react";
import { type FormEvent, type ReactNode, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { describedControl } from "~/components/forms/field-props";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Tabs } from "~/components/ui/tabs";
import { useHydrated } from "~/components/use-hydrated";
import { accountToasts } from "~/modules/accounts/error-messages";
import type { AuthResult } from "~/modules/accounts/form-results";
import { secondStepPath } from "~/modules/accounts/second-factor";
import { accountSchema } from "./account-rules";
import { type AuthTab, closeAuthDialog } from "./auth-dialog-state";
import { NativeError } from "./native-error";

// Login, registration and password-reset request, as the /auth page and the header dialog show
// them. Every form posts to the /auth action.

type AuthPanelProps = {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
  onLoggedIn: () => void;
  /** Makes ids unique when the page and the dialog are both on screen. */
  idPrefix: string;
  /** Where a login sent before hydration lands (the action redirects there). */
  redirectTo?: string;
  /** The action's answer to a form posted before hydration. */
  nativeAnswer?: AuthResult;
  /** Opens on the password-reset request (/auth?tab=reset, the link without JavaScript). */
  startWithReset?: boolean;
};

const submitClass = `${buttonClass.primary} w-full disabled:cursor-wait disabled:opacity-60`;
const linkButtonClass = "text-sm text-wine underline underline-offset-4 hover:text-wine-dark";

const emailField = { name: "email", type: "email", label: "Email", autoComplete: "email", required: true } as const;

const registerFields = [
  { idSuffix: "name", name: "name", label: "Nome", autoComplete: "name" },
  { idSuffix: "email", ...emailField },
  { idSuffix: "password", name: "password", type: "password", label: "Password", autoComplete: "new-password" },
  {
    idSuffix: "confirm-password",
    name: "confirmPassword",
    type: "password",
    label: "Conferma Password",
    autoComplete: "new-password",
  },
] as const;

const answerTo = (intent: AuthResult["intent"], answer?: AuthResult) =>
  answer?.intent === intent ? answer : undefined;

export function AuthPanel({
  tab,
  onTabChange,
  onLoggedIn,
  idPrefix,
  redirectTo,
  nativeAnswer,
  startWithReset = false,
}: AuthPanelProps) {
  const [loginView, setLoginView] = useState<"form" | "reset" | "reset-sent">(() => {
    const reset = answerTo("reset-request", nativeAnswer);
    return reset ? (reset.ok ? "reset-sent" : "reset") : startWithReset ? "reset" : "form";
  });
  const registered = answerTo("register", nativeAnswer);
  const [verifyEmail, setVerifyEmail] = useState(registered?.ok ? registered.data?.email : undefined);

  return (
    <Tabs<AuthTab>
      label="Accesso o registrazione"
      listClassName="grid grid-cols-2"
      panelClassName="pt-6"
      tabs={[
        { value: "login", label: "Accedi" },
        { value: "register", label: "Registrati" },
      ]}
      value={tab}
      onChange={onTabChange}
    >
      {tab === "login" ? (
        <>
          {loginView === "form" && (
            <LoginForm
              idPrefix={idPrefix}
              redirectTo={redirectTo}
              nativeAnswer={answerTo("login", nativeAnswer)}
              onLoggedIn={onLoggedIn}
              onForgotPassword={() => setLoginView("reset")}
            />
          )}
          {loginView === "form" && (
            <p className="mt-6 text-center text-sm text-ink-soft">
              Non hai un account?{" "}
              <PanelLink href="/auth?tab=register" onClick={() => onTabChange("register")}>
                Registrati
              </PanelLink>
            </p>
          )}
          {loginView === "reset" && (
            <ResetRequestForm
              idPrefix={idPrefix}
              nativeAnswer={answerTo("reset-request", nativeAnswer)}
              onSent={() => setLoginView("reset-sent")}
              onCancel={() => setLoginView("form")}
            />
          )}
          {loginView === "reset-sent" && (
            <div className="space-y-4 text-center">
              <MailCheck aria-hidden className="mx-auto size-10 text-wine" strokeWidth={1.5} />
              <h3 className="text-xl text-ink">Controlla la tua email</h3>
              <p className="text-ink-soft">
                Se hai un account, riceverai un'email con un link per reimpostare la password.
              </p>
              <PanelLink href="/auth" onClick={() => setLoginView("form")} className={buttonClass.secondary}>
                Torna al login
              </PanelLink>
            </div>
          )}
        </>
      ) : verifyEmail ? (
        <div className="space-y-4 text-center">
          <MailCheck aria-hidden className="mx-auto size-10 text-wine" strokeWidth={1.5} />
          <h3 className="text-xl text-ink">Verifica la tua email</h3>
          <p className="text-ink-soft">
            Ti abbiamo inviato un link di verifica all'indirizzo <strong className="text-ink">{verifyEmail}</strong>.
            Apri l'email e clicca sul link per attivare il tuo account. Se non la trovi, controlla anche nella cartella
            spam.
          </p>
          <ResendConfirmation email={verifyEmail} nativeAnswer={answerTo("resend-confirmation", nativeAnswer)} />
        </div>
      ) : (
        <>
          <RegisterForm idPrefix={idPrefix} nativeAnswer={registered} onRegistered={(email) => setVerifyEmail(email)} />
          <p className="mt-6 text-center text-sm text-ink-soft">
            Hai già un account?{" "}
            <PanelLink href="/auth" onClick={() => onTabChange("login")}>
              Accedi
            </PanelLink>
          </p>
        </>
      )}
    </Tabs>
  );
}

/**
 * A link to the /auth page in the state it names, so that the views are reachable without
 * JavaScript; once hydrated, a click switches the view in place (the page or the header dialog).
 */
function PanelLink({
  href,
  onClick,
  className = linkButtonClass,
  children,
}: {
  href: string;
  onClick: () => void;
  className?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={href}
      onClick={(event) => {
        event.preventDefault();
        onClick();
      }}
      className={className}
    >
      {children}
    </a>
  );
}

function IntentField({ intent }: { intent: AuthResult["intent"] }) {
  return <input type="hidden" name="intent" value={intent} />;
}

function LoginForm({
  idPrefix,
  redirectTo,
  nativeAnswer,
  onLoggedIn,
  onForgotPassword,
}: {
  idPrefix: string;
  redirectTo?: string;
  nativeAnswer?: AuthResult;
  onLoggedIn: () => void;
  onForgotPassword: () => void;
}) {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  // An admin's login goes on at the second step's page, which lands where this login would have.
  const [secondStep, setSecondStep] = useState<string | null>(null);
  const form = useCheckedForm<AuthResult>({
    schema: accountSchema((rules) => rules.loginSchema),
    action: "/auth",
    nativeAnswer,
    onSuccess: (answer) => {
      if (answer.ok && answer.data?.next) {
        setSecondStep(secondStepPath(answer.data.next, redirectTo ?? `${location.pathname}${location.search}`));
        return;
      }
      void showToast(accountToasts.loginSucceeded, "success");
      onLoggedIn();
    },
  });
  // Only once the page has reloaded its data after the login: that reload cancels a navigation to a
  // page the browser has not loaded the route of yet.
  const reloading = form.fetcher.state !== "idle";
  useEffect(() => {
    if (!secondStep || reloading) return;
    closeAuthDialog();
    void navigate(secondStep);
  }, [secondStep, reloading, navigate]);
  const answer = form.fetcher.data ?? nativeAnswer;
  const unconfirmed = answer && !answer.ok && answer.data?.unconfirmed;

  return (
    <div className="space-y-4">
      <form method="post" action="/auth" noValidate {...form.formProps} className="space-y-4">
        <IntentField intent="login" />
        {/* Only a native post is redirected by the action; once hydrated, the page moves on by itself. */}
        {!hydrated && redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
        <NativeError error={form.nativeError} />
        <Field id={`${idPrefix}-login-email`} {...emailField} error={form.errors.email} />
        <Field
          id={`${idPrefix}-login-password`}
          name="password"
          type="password"
          label="Password"
          autoComplete="current-password"
          required
          error={form.errors.password}
        />
        <div className="text-right">
          <PanelLink href="/auth?tab=reset" onClick={onForgotPassword}>
            Password dimenticata?
          </PanelLink>
        </div>
        <button type="submit" disabled={form.busy} className={submitClass}>
          {form.busy ? "Accesso in corso…" : "Accedi"}
        </button>
      </form>
      {unconfirmed && <ResendConfirmation email={answer.data?.email ?? ""} />}
    </div>
  );
}

function ResetRequestForm({
  idPrefix,
  nativeAnswer,
  onSent,
  onCancel,
}: {
  idPrefix: string;
  nativeAnswer?: AuthResult;
  onSent: () => void;
  onCancel: () => void;
}) {
  const form = useCheckedForm<AuthResult>({
    schema: accountSchema((rules) => rules.emailOnlySchema),
    action: "/auth",
    nativeAnswer,
    onSuccess: () => {
      void showToast(accountToasts.resetEmailSent, "success");
      onSent();
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const email = new FormData(event.currentTarget).get("email");
    if (String(email ?? "").trim() === "") {
      event.preventDefault();
      void showToast(accountToasts.emailRequired, "error");
      return;
    }
    form.formProps.onSubmit(event);
  }

  return (
    <form method="post" action="/auth" noValidate {...form.formProps} onSubmit={onSubmit} className="space-y-4">
      <IntentField intent="reset-request" />
      <p className="text-sm text-ink-soft">
        Inserisci l'email del tuo account: ti invieremo un link per reimpostare la password.
      </p>
      <NativeError error={form.nativeError} />
      <Field id={`${idPrefix}-reset-email`} {...emailField} error={form.errors.email} />
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <button type="submit" disabled={form.busy} className={submitClass}>
          {form.busy ? "Invio in corso…" : "Invia link di reset"}
        </button>
        <PanelLink href="/auth" onClick={onCancel} className={`${buttonClass.secondary} w-full`}>
          Annulla
        </PanelLink>
      </div>
    </form>
  );
}

function RegisterForm({
  idPrefix,
  nativeAnswer,
  onRegistered,
}: {
  idPrefix: string;
  nativeAnswer?: AuthResult;
  onRegistered: (email: string) => void;
}) {
  const form = useCheckedForm<AuthResult>({
    schema: accountSchema((rules) => rules.registerSchema),
    action: "/auth",
    nativeAnswer,
    onSuccess: (answer) => {
      void showToast(accountToasts.registered, "success");
      if (answer.data?.email) onRegistered(answer.data.email);
    },
  });
  const id = (name: string) => `${idPrefix}-register-${name}`;
  const checkbox = (name: "termsAccepted" | "privacyAccepted", before: string, href: string, text: string) => (
    <div>
      <div className="flex items-start gap-2">
        <input
          {...describedControl(id(name), form.errors[name])}
          name={name}
          type="checkbox"
          required
          className="mt-1 size-4 accent-wine"
        />
        <label htmlFor={id(name)} className="text-sm text-ink">
          {/* No space after an elided article: "l'Informativa". */}
          {before.endsWith("'") ? before : `${before} `}
          <a href={href} target="_blank" rel="noopener" className="text-wine underline underline-offset-2">
            {text}
          </a>
        </label>
      </div>
      {form.errors[name] && (
        <p id={`${id(name)}-error`} className="mt-1 text-sm text-sale">
          {form.errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form method="post" action="/auth" noValidate {...form.formProps} className="space-y-4">
      <IntentField intent="register" />
      <NativeError error={form.nativeError} />
      {registerFields.map(({ idSuffix, ...field }) => (
        <Field key={field.name} id={id(idSuffix)} required error={form.errors[field.name]} {...field} />
      ))}
      {checkbox("termsAccepted", "Accetto i", "/terms", "Termini di Servizio")}
      {checkbox("privacyAccepted", "Ho letto e accetto l'", "/privacy", "Informativa sulla Privacy")}
      <button type="submit" disabled={form.busy} className={submitClass}>
        {form.busy ? "Registrazione in corso…" : "Registrati"}
      </button>
    </form>
  );
}

/** Sends the confirmation e-mail again; the answer never says whether the address has an account. */
function ResendConfirmation({ email, nativeAnswer }: { email: string; nativeAnswer?: AuthResult }) {
  const [sent, setSent] = useState(nativeAnswer?.ok === true);
  const form = useCheckedForm<AuthResult>({
    schema: accountSchema((rules) => rules.emailOnlySchema),
    action: "/auth",
    nativeAnswer,
    onSuccess: () => {
      setSent(true);
      void showToast(
        { title: "Email inviata", description: "Se l'account non è ancora confermato, riceverai una nuova email." },
        "success",
      );
    },
  });
  return (
    <form method="post" action="/auth" noValidate {...form.formProps} className="text-sm text-ink-soft">
      <IntentField intent="resend-confirmation" />
      <input type="hidden" name="email" value={email} />
      <NativeError error={form.nativeError} />
      {sent ? (
        <p role="status">Se l'account non è ancora confermato, riceverai una nuova email di conferma.</p>
      ) : (
        <p>
          Non hai ricevuto l'email?{" "}
          <button type="submit" disabled={form.busy} className={linkButtonClass}>
            Invia di nuovo l'email di conferma
          </button>
        </p>
      )}
    </form>
  );
}

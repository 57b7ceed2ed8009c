import { ShieldCheck } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link, redirect } from "react-router";
import { accountSchema } from "~/components/accounts/account-rules";
import { NativeError } from "~/components/accounts/native-error";
import { QrCode } from "~/components/accounts/qr-code";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { accountToasts, wrongPasswordMessage } from "~/modules/accounts/error-messages";
import type { SecondFactorSetupResult } from "~/modules/accounts/form-results";
import { checkRateLimits, secondFactorLimits } from "~/modules/accounts/rate-limits.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { getAdminWithoutSecondFactor, getCurrentUser } from "~/modules/accounts/session.server";
import {
  type AuthenticatorSetup,
  confirmSecondFactorSetup,
  pendingSecondFactorSetup,
  startSecondFactorSetup,
} from "~/modules/accounts/two-factor.server";
import { passwordConfirmationSchema, totpCodeSchema } from "~/modules/accounts/validation";
import { type FormFailure, fieldErrors } from "~/modules/forms/form-result";
import { readForm } from "~/modules/forms/read-form.server";
import { clientIp, tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { shop } from "~/modules/shop/identity";
import { services } from "~/services.server";
import type { Route } from "./+types/two-factor-setup";

// An admin's first login sets up the second factor: the password again, then the authenticator app
// (QR code, or its key typed by hand), then a first code; the recovery codes are shown once at the end.

export function meta() {
  return [
    ...pageMeta("Attiva la verifica in due passaggi", "Collega un'app di autenticazione al tuo account."),
    { name: "robots", content: "noindex" },
  ];
}

type Step =
  | { step: "password"; email: string }
  | { step: "code"; email: string; setup: AuthenticatorSetup }
  /** Nothing to set up here: an admin whose second factor is on, or a visitor who is not an admin. */
  | { step: "active" | "not-admin" };

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/admin");
  const admin = await getAdminWithoutSecondFactor(request);
  if (admin) {
    const setup = await pendingSecondFactorSetup(admin);
    const step: Step = setup ? { step: "code", email: admin.email, setup } : { step: "password", email: admin.email };
    return { redirectTo, ...step };
  }
  // No redirect: right after a set-up posted before hydration, this page renders the recovery codes
  // for a request whose session the set-up has just replaced.
  const step: Step = { step: (await getCurrentUser(request))?.role === "admin" ? "active" : "not-admin" };
  return { redirectTo, ...step };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "start" && intent !== "confirm") throw data("Richiesta non valida.", { status: 400 });
  const admin = await getAdminWithoutSecondFactor(request);
  if (!admin) throw redirect("/auth");
  const failed = (failure: Omit<FormFailure, "ok">, status: number, init?: ResponseInit | null) =>
    data<SecondFactorSetupResult>({ intent, ok: false, ...failure }, { ...init, status });

  const limited = await checkRateLimits(services(context).db, "second_factor_setup", [
    [secondFactorLimits.perIp, clientIp(request)],
  ]);
  const setupFailed = (description: string) => ({ title: accountToasts.secondFactorSetupFailedTitle, description });
  if (limited) return failed({ error: setupFailed(tooManyRequestsMessage) }, 429, limited.init);

  const fields = Object.fromEntries(form);
  if (intent === "start") {
    const parsed = passwordConfirmationSchema.safeParse(fields);
    if (!parsed.success) return failed({ fieldErrors: fieldErrors(parsed.error) }, 400);
    const result = await startSecondFactorSetup(parsed.data.password, request.headers);
    if (result.ok) return data<SecondFactorSetupResult>({ intent, ok: true });
    if (result.message === wrongPasswordMessage) return failed({ fieldErrors: { password: result.message } }, 401);
    return failed({ error: setupFailed(result.message) }, 500);
  }

  const parsed = totpCodeSchema.safeParse(fields);
  if (!parsed.success) return failed({ fieldErrors: fieldErrors(parsed.error) }, 400);
  const result = await confirmSecondFactorSetup(admin.id, parsed.data.code, request.headers);
  if (!result.ok) return failed({ fieldErrors: { code: result.message } }, 401);
  return data<SecondFactorSetupResult>(
    { intent, ok: true, recoveryCodes: result.recoveryCodes },
    { headers: result.headers },
  );
}

export default function SecondFactorSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  // The query keeps the landing page when a form posted before hydration comes back.
  const action = `/auth/attiva-due-passaggi?${new URLSearchParams({ redirectTo })}`;
  const answerTo = (intent: SecondFactorSetupResult["intent"]) =>
    actionData?.intent === intent ? actionData : undefined;
  // Kept by the page, not by the code step: once confirmed, the page's data says "active" and the
  // recovery codes come from this answer.
  const confirmForm = useCheckedForm<SecondFactorSetupResult>({
    schema: accountSchema((rules) => rules.totpCodeSchema),
    action,
    nativeAnswer: answerTo("confirm"),
  });
  const confirmed = confirmForm.fetcher.data ?? answerTo("confirm");
  if (confirmed?.ok && confirmed.recoveryCodes) {
    return <RecoveryCodes codes={confirmed.recoveryCodes} redirectTo={redirectTo} />;
  }

  switch (loaderData.step) {
    case "password":
      return <PasswordStep email={loaderData.email} action={action} nativeAnswer={answerTo("start")} />;
    case "code":
      return (
        <Frame title="Attiva la verifica in due passaggi">
          <ol className="mt-6 list-decimal space-y-6 pl-5 text-sm text-ink">
            <li>
              <p>Nell'app di autenticazione aggiungi un account inquadrando questo codice QR:</p>
              <div className="mt-3 inline-block border border-sand p-2">
                <QrCode
                  {...loaderData.setup.qr}
                  label={`Codice QR per aggiungere ${loaderData.email} all'app di autenticazione`}
                />
              </div>
              <p className="mt-3">Non puoi inquadrarlo? Inserisci a mano questa chiave:</p>
              <p className="mt-1 font-mono text-base tracking-wider break-all" translate="no">
                {loaderData.setup.secret.match(/.{1,4}/g)?.join(" ")}
              </p>
              <p className="mt-3">Oppure apri con l'app questo indirizzo:</p>
              <p className="mt-1 font-mono text-xs break-all text-ink-soft" translate="no">
                {loaderData.setup.uri}
              </p>
            </li>
            <li>
              <form method="post" action={action} noValidate {...confirmForm.formProps} className="space-y-4">
                <input type="hidden" name="intent" value="confirm" />
                <NativeError error={confirmForm.nativeError} />
                <Field
                  id="second-factor-setup-code"
                  name="code"
                  label={`Codice di 6 cifre che l'app mostra per ${shop.name}`}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  required
                  error={confirmForm.errors.code}
                />
                <button type="submit" disabled={confirmForm.busy} className={submitClass}>
                  {confirmForm.busy ? "Attivazione in corso…" : "Attiva la verifica"}
                </button>
              </form>
            </li>
          </ol>
        </Frame>
      );
    case "active":
      return (
        <Frame title="Verifica in due passaggi attiva">
          <p className="mt-3 text-ink-soft">La verifica in due passaggi è già attiva per il tuo account.</p>
          <Link to={redirectTo} className={`${buttonClass.primary} mt-6`}>
            Continua
          </Link>
        </Frame>
      );
    case "not-admin":
      return (
        <Frame title="Verifica in due passaggi">
          <p className="mt-3 text-ink-soft">
            Accedi con il tuo account di amministratore per attivare la verifica in due passaggi.
          </p>
          <Link to={`/auth?${new URLSearchParams({ redirectTo })}`} className={`${buttonClass.primary} mt-6`}>
            Vai al login
          </Link>
        </Frame>
      );
  }
}

const submitClass = `${buttonClass.primary} w-full disabled:cursor-wait disabled:opacity-60`;

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-lg px-4 py-12 sm:py-16">
      <div className="rounded-md border border-sand bg-white p-6 sm:p-8">
        <ShieldCheck aria-hidden className="size-10 text-wine" strokeWidth={1.5} />
        <h1 className="mt-4 text-3xl text-ink">{title}</h1>
        {children}
      </div>
    </div>
  );
}

function PasswordStep({
  email,
  action,
  nativeAnswer,
}: {
  email: string;
  action: string;
  nativeAnswer?: SecondFactorSetupResult;
}) {
  const form = useCheckedForm<SecondFactorSetupResult>({
    schema: accountSchema((rules) => rules.passwordConfirmationSchema),
    action,
    nativeAnswer,
  });
  return (
    <Frame title="Attiva la verifica in due passaggi">
      <p className="mt-3 text-sm text-ink-soft">
        Per entrare nell'amministrazione, oltre alla password serve un codice che cambia ogni 30 secondi, creato da
        un'app di autenticazione sul telefono (ad esempio Google Authenticator, Microsoft Authenticator, Aegis o 2FAS).
      </p>
      <form method="post" action={action} noValidate {...form.formProps} className="mt-6 space-y-4">
        <input type="hidden" name="intent" value="start" />
        {/* For password managers: the account whose password this is (not sent). */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <NativeError error={form.nativeError} />
        <Field
          id="second-factor-setup-password"
          name="password"
          type="password"
          label="Per iniziare, conferma la tua password"
          autoComplete="current-password"
          required
          error={form.errors.password}
        />
        <button type="submit" disabled={form.busy} className={submitClass}>
          {form.busy ? "Attendi…" : "Continua"}
        </button>
      </form>
    </Frame>
  );
}

function RecoveryCodes({ codes, redirectTo }: { codes: string[]; redirectTo: string }) {
  return (
    <Frame title="Verifica in due passaggi attiva">
      <div role="status">
        <p className="mt-3 text-sm text-ink">
          Da ora, a ogni accesso, dopo la password ti chiederemo il codice dell'app.
        </p>
        <p className="mt-3 text-sm text-ink">
          <strong>Conserva questi codici di recupero</strong> in un posto sicuro, lontano dal telefono (un gestore di
          password o un foglio stampato): se perdi il telefono, ognuno ti fa entrare una volta al posto del codice
          dell'app. Non li mostreremo più.
        </p>
      </div>
      <ol aria-label="Codici di recupero" className="mt-4 grid grid-cols-2 gap-2 font-mono text-base" translate="no">
        {codes.map((code) => (
          <li key={code} className="rounded-sm bg-linen px-3 py-2 text-center">
            {code}
          </li>
        ))}
      </ol>
      <Link to={redirectTo} className={`${buttonClass.primary} mt-6`}>
        Ho salvato i codici: continua
      </Link>
    </Frame>
  );
}

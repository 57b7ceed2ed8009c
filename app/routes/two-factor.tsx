import { ShieldCheck } from "lucide-react";
import { data, Link, redirect, useNavigate } from "react-router";
import { accountSchema } from "~/components/accounts/account-rules";
import { NativeError } from "~/components/accounts/native-error";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { accountToasts } from "~/modules/accounts/error-messages";
import type { SecondFactorResult } from "~/modules/accounts/form-results";
import { checkRateLimits, secondFactorLimits } from "~/modules/accounts/rate-limits.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { hasSecondFactorChallenge, verifySecondFactor } from "~/modules/accounts/two-factor.server";
import { recoveryCodeSchema, totpCodeSchema } from "~/modules/accounts/validation";
import { fieldErrors, handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { clientIp, tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { services } from "~/services.server";
import type { Route } from "./+types/two-factor";

// The second step of an admin's login, after a correct password (see modules/accounts/second-factor.ts).

export function meta() {
  return [
    ...pageMeta("Verifica in due passaggi", "Inserisci il codice della tua app di autenticazione."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo);
  // No login waiting for its code (never started, or its 10 minutes are over): start from the password.
  if (!(await hasSecondFactorChallenge(request.headers))) {
    throw redirect(`/auth?${new URLSearchParams({ redirectTo })}`);
  }
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return handleIntent(form, { totp: verify, recovery: verify });

  async function verify(intent: "totp" | "recovery") {
    const failed = (description: string, status: number, init?: ResponseInit | null) =>
      data<SecondFactorResult>(
        { intent, ok: false, notice: { title: accountToasts.secondFactorFailedTitle, description } },
        { ...init, status },
      );

    const parsed = (intent === "totp" ? totpCodeSchema : recoveryCodeSchema).safeParse(Object.fromEntries(form));
    if (!parsed.success) {
      return data<SecondFactorResult>({ intent, ok: false, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
    }
    const limited = await checkRateLimits(services(context).db, "second_factor", [
      [secondFactorLimits.perIp, clientIp(request)],
    ]);
    if (limited) return failed(tooManyRequestsMessage, 429, limited.init);

    const result = await verifySecondFactor(intent, parsed.data.code, request.headers);
    if (!result.ok) return failed(result.message, 401);
    // Sent only by a form posted before hydration: the browser must load the next page itself.
    const redirectTo = form.get("redirectTo");
    if (typeof redirectTo === "string") throw redirect(safeRedirectPath(redirectTo), { headers: result.headers });
    return data<SecondFactorResult>({ intent, ok: true }, { headers: result.headers });
  }
}

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;
  const navigate = useNavigate();
  const hydrated = useHydrated();
  // The query keeps the landing page when a form posted before hydration comes back with an error.
  const action = `/auth/codice?${new URLSearchParams({ redirectTo })}`;
  const onSuccess = () => {
    void showToast(accountToasts.loginSucceeded, "success");
    void navigate(redirectTo, { replace: true });
  };
  const answerTo = (intent: SecondFactorResult["intent"]) => (actionData?.intent === intent ? actionData : undefined);
  const codeForm = useCheckedForm<SecondFactorResult>({
    schema: accountSchema((rules) => rules.totpCodeSchema),
    action,
    nativeAnswer: answerTo("totp"),
    onSuccess,
  });
  const recoveryForm = useCheckedForm<SecondFactorResult>({
    schema: accountSchema((rules) => rules.recoveryCodeSchema),
    action,
    nativeAnswer: answerTo("recovery"),
    onSuccess,
  });
  const nativeFields = (intent: SecondFactorResult["intent"]) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      {!hydrated && <input type="hidden" name="redirectTo" value={redirectTo} />}
    </>
  );

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      <div className="rounded-md border border-sand bg-white p-6 sm:p-8">
        <ShieldCheck aria-hidden className="size-10 text-wine" strokeWidth={1.5} />
        <h1 className="mt-4 text-3xl text-ink">Verifica in due passaggi</h1>
        <p className="mt-2 text-sm text-ink-soft">
          Apri l'app di autenticazione sul telefono e inserisci il codice di 6 cifre che mostra ora.
        </p>
        <form method="post" action={action} noValidate {...codeForm.formProps} className="mt-6 space-y-4">
          {nativeFields("totp")}
          <NativeError error={codeForm.nativeError} />
          <Field
            id="second-factor-code"
            name="code"
            label="Codice di verifica"
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            error={codeForm.errors.code}
          />
          <button
            type="submit"
            disabled={codeForm.busy}
            className={`${buttonClass.primary} w-full disabled:cursor-wait disabled:opacity-60`}
          >
            {codeForm.busy ? "Verifica in corso…" : "Verifica"}
          </button>
        </form>

        <details open={answerTo("recovery") ? true : undefined} className="mt-6 border-t border-sand pt-4">
          <summary className="cursor-pointer text-sm text-wine underline underline-offset-4">
            Non hai il telefono? Usa un codice di recupero
          </summary>
          <form method="post" action={action} noValidate {...recoveryForm.formProps} className="mt-4 space-y-4">
            {nativeFields("recovery")}
            <p className="text-sm text-ink-soft">
              Uno dei codici di recupero che hai salvato attivando la verifica: ognuno vale una volta sola.
            </p>
            <NativeError error={recoveryForm.nativeError} />
            <Field
              id="second-factor-recovery-code"
              name="code"
              label="Codice di recupero"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              required
              error={recoveryForm.errors.code}
            />
            <button
              type="submit"
              disabled={recoveryForm.busy}
              className={`${buttonClass.secondary} w-full disabled:cursor-wait disabled:opacity-60`}
            >
              {recoveryForm.busy ? "Verifica in corso…" : "Accedi con il codice di recupero"}
            </button>
          </form>
        </details>

        <p className="mt-6 text-center text-sm">
          <Link to="/auth" className="text-wine underline underline-offset-4 hover:text-wine-dark">
            Annulla e torna al login
          </Link>
        </p>
      </div>
    </div>
  );
}

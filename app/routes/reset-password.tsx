import { CircleAlert, CircleCheck } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import { accountSchema } from "~/components/accounts/account-rules";
import { NativeError } from "~/components/accounts/native-error";
import { useCheckedForm } from "~/components/forms/use-checked-form";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { useHydrated } from "~/components/use-hydrated";
import { refuseCommonPasswords } from "~/modules/accounts/common-passwords.server";
import { passwordResetAccount, resetPassword } from "~/modules/accounts/credentials.server";
import { accountToasts } from "~/modules/accounts/error-messages";
import { readLinkToken, resetTokenCookie } from "~/modules/accounts/link-token-cookies.server";
import { invalidRecoveryToken, newPasswordSchema } from "~/modules/accounts/validation";
import { type ActionResult, fieldErrors } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { pageMeta } from "~/modules/seo/meta";
import type { Route } from "./+types/reset-password";

/** After a successful reset the page moves on to /auth after this long. */
const redirectDelaySeconds = 3;

export function meta() {
  return [
    ...pageMeta("Reimposta la password", "Scegli una nuova password per il tuo account."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const cookie = resetTokenCookie();
  // The e-mail's link: keep its token in a cookie and continue on a clean URL.
  const fromLink = url.searchParams.get("token");
  if (fromLink) throw redirect("/reset-password", { headers: { "Set-Cookie": await cookie.serialize(fromLink) } });
  const token = await readLinkToken(cookie, request);
  // The form names the account, so nobody sets a password on the wrong one; null: the link is void.
  return { email: token ? await passwordResetAccount(token) : null };
}

// The browser checks the form with newPasswordSchema; the server also refuses common passwords.
const serverNewPasswordSchema = refuseCommonPasswords(newPasswordSchema);

export async function action({ request }: Route.ActionArgs) {
  const cookie = resetTokenCookie();
  const token = await readLinkToken(cookie, request);
  if (!token) {
    return data<ActionResult>(
      { ok: false, notice: { title: accountToasts.passwordResetFailed.title, description: invalidRecoveryToken } },
      { status: 400 },
    );
  }
  const parsed = serverNewPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<ActionResult>({ ok: false, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  if (!(await resetPassword(token, parsed.data.password))) {
    return data<ActionResult>({ ok: false, notice: accountToasts.passwordResetFailed }, { status: 400 });
  }
  return data<ActionResult>({ ok: true }, { headers: { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) } });
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [done, setDone] = useState(actionData?.ok === true);
  const form = useCheckedForm<ActionResult>({
    schema: accountSchema((rules) => rules.newPasswordSchema),
    action: "/reset-password",
    nativeAnswer: actionData,
    onSuccess: () => setDone(true),
  });

  return (
    <div className="mx-auto max-w-md px-4 py-12 sm:py-16">
      {done ? (
        <Updated />
      ) : !loaderData.email ? (
        <div className="rounded-md border border-sand bg-white p-6 text-center sm:p-8">
          <CircleAlert aria-hidden className="mx-auto size-10 text-sale" strokeWidth={1.5} />
          <h1 className="mt-4 text-3xl text-ink">Link non valido</h1>
          <p className="mt-3 text-ink-soft">
            Il link per reimpostare la password non è valido o è scaduto. Richiedi un nuovo link dalla pagina di
            accesso, con «Password dimenticata?».
          </p>
          <Link to="/auth" className={`${buttonClass.primary} mt-6`}>
            Vai al login
          </Link>
        </div>
      ) : (
        <div className="rounded-md border border-sand bg-white p-6 sm:p-8">
          <h1 className="text-3xl text-ink">Reimposta la password</h1>
          <p className="mt-2 text-ink">
            Nuova password per <strong>{loaderData.email}</strong>
          </p>
          <p className="mt-2 text-sm text-ink-soft">
            Scegli una nuova password: almeno 8 caratteri, con maiuscole, minuscole, numeri e caratteri speciali.
          </p>
          <form method="post" action="/reset-password" noValidate {...form.formProps} className="mt-6 space-y-4">
            {/* For password managers: the account whose password this is (not sent). */}
            <input type="email" autoComplete="username" value={loaderData.email} readOnly hidden />
            <NativeError error={form.nativeError} />
            <Field
              id="reset-password"
              name="password"
              type="password"
              label="Nuova password"
              autoComplete="new-password"
              required
              error={form.errors.password}
            />
            <Field
              id="reset-confirm-password"
              name="confirmPassword"
              type="password"
              label="Conferma nuova password"
              autoComplete="new-password"
              required
              error={form.errors.confirmPassword}
            />
            <button
              type="submit"
              disabled={form.busy}
              className={`${buttonClass.primary} w-full disabled:cursor-wait disabled:opacity-60`}
            >
              {form.busy ? "Aggiornamento in corso…" : "Aggiorna password"}
            </button>
          </form>
        </div>
      )}
    </div>
  );
}

function Updated() {
  const navigate = useNavigate();
  const hydrated = useHydrated();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/auth"), redirectDelaySeconds * 1000);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <div role="status" className="rounded-md border border-sand bg-white p-6 text-center sm:p-8">
      {/* Without JavaScript the browser moves on by itself. */}
      {!hydrated && <meta httpEquiv="refresh" content={`${redirectDelaySeconds};url=/auth`} />}
      <CircleCheck aria-hidden className="mx-auto size-10 text-green-700" strokeWidth={1.5} />
      <h1 className="mt-4 text-3xl text-ink">{accountToasts.passwordUpdatedTitle}</h1>
      <p className="mt-3 text-ink-soft">
        La tua password è stata aggiornata. Tra pochi secondi ti porteremo alla pagina di accesso.
      </p>
      <Link to="/auth" className={`${buttonClass.primary} mt-6`}>
        Vai al login
      </Link>
    </div>
  );
}

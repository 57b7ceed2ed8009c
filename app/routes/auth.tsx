import { CircleAlert, CircleCheck } from "lucide-react";
import { useState } from "react";
import { data, redirect, useFetcher, useLocation, useNavigate } from "react-router";
import type { AuthTab } from "~/components/accounts/auth-dialog-state";
import { AuthPanel } from "~/components/accounts/auth-panel";
import { buttonClass } from "~/components/ui/button";
import type { Database } from "~/db/client.server";
import { refuseCommonPasswords } from "~/modules/accounts/common-passwords.server";
import {
  confirmEmail,
  requestPasswordReset,
  resendConfirmationEmail,
  signIn,
  signUp,
} from "~/modules/accounts/credentials.server";
import { accountToasts, emailNotConfirmedMessage, existingEmailMessage } from "~/modules/accounts/error-messages";
import type { AuthFormResult, AuthIntent } from "~/modules/accounts/form-results";
import { confirmationTokenCookie, readLinkToken } from "~/modules/accounts/link-token-cookies.server";
import {
  checkLoginLimits,
  checkRateLimits,
  checkSignUpLimits,
  clearLoginLimits,
  confirmationEmailLimits,
  countExistingAddressAnswer,
  passwordResetLimits,
} from "~/modules/accounts/rate-limits.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { adminIdleMinutes, secondStepPath } from "~/modules/accounts/second-factor";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { emailOnlySchema, loginSchema, registerSchema } from "~/modules/accounts/validation";
import { fieldErrors } from "~/modules/forms/form-result";
import { readForm } from "~/modules/forms/read-form.server";
import { clientIp, tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { services } from "~/services.server";
import type { Route } from "./+types/auth";

export function meta() {
  return [
    ...pageMeta("Accedi o registrati", "Accedi al tuo account o creane uno nuovo."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  // The link of the confirmation e-mail: keep its token and ask for a click (see link-token-cookies.server.ts).
  const confirmationCookie = confirmationTokenCookie();
  const token = url.searchParams.get("token");
  if (token) throw redirect("/auth", { headers: { "Set-Cookie": await confirmationCookie.serialize(token) } });

  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getCurrentUser(request)) throw redirect(redirectTo);
  const pendingToken = await readLinkToken(confirmationCookie, request);
  return {
    tab: (url.searchParams.get("tab") === "register" ? "register" : "login") as AuthTab,
    // 'Password dimenticata?' without JavaScript is a link to /auth?tab=reset.
    startWithReset: url.searchParams.get("tab") === "reset",
    confirmationPending: pendingToken !== null,
    redirectTo,
    // An admin's session ended after adminIdleMinutes without a request (see requireAdmin).
    sessionExpired: url.searchParams.get("sessione") === "scaduta",
  };
}

type Answer = ReturnType<typeof data<AuthFormResult>>;

function failed(
  intent: AuthIntent,
  failure: Omit<Extract<AuthFormResult, { ok: false }>, "intent" | "ok">,
  status: number,
  init?: ResponseInit,
): Answer {
  return data({ intent, ok: false, ...failure }, { ...init, status });
}

const formFields = (form: FormData) => Object.fromEntries(form);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db } = services(context);
  switch (form.get("intent")) {
    case "login":
      return login(db, form, request);
    case "register":
      return register(db, form, request);
    case "reset-request":
      return requestReset(db, form, request);
    case "resend-confirmation":
      return resendConfirmation(db, form, request);
    case "confirm-email":
      return confirm(request);
    default:
      throw data("Richiesta non valida.", { status: 400 });
  }
}

async function login(db: Database, form: FormData, request: Request) {
  const parsed = loginSchema.safeParse(formFields(form));
  if (!parsed.success) return failed("login", { fieldErrors: fieldErrors(parsed.error) }, 400);
  const ip = clientIp(request);
  const limited = await checkLoginLimits(db, ip, parsed.data.email);
  if (limited) {
    return failed(
      "login",
      { error: { title: accountToasts.loginFailedTitle, description: tooManyRequestsMessage } },
      429,
      limited.init ?? undefined,
    );
  }

  const result = await signIn(parsed.data, request.headers);
  if (!result.ok) {
    const unconfirmed = result.message === emailNotConfirmedMessage;
    return failed(
      "login",
      {
        error: { title: accountToasts.loginFailedTitle, description: result.message },
        unconfirmed,
        email: parsed.data.email,
      },
      unconfirmed ? 403 : 401,
    );
  }
  await clearLoginLimits(db, ip, parsed.data.email);
  // Sent only by a form posted before hydration: the browser must load the next page itself (an
  // admin's second step first).
  const redirectTo = form.get("redirectTo");
  if (typeof redirectTo === "string") {
    const landing = safeRedirectPath(redirectTo);
    throw redirect(result.next ? secondStepPath(result.next, landing) : landing, { headers: result.headers });
  }
  return data<AuthFormResult>(
    result.next ? { intent: "login", ok: true, next: result.next } : { intent: "login", ok: true },
    { headers: result.headers },
  );
}

// The browser checks the form with registerSchema; the server also refuses common passwords.
const serverRegisterSchema = refuseCommonPasswords(registerSchema);

async function register(db: Database, form: FormData, request: Request) {
  const parsed = serverRegisterSchema.safeParse(formFields(form));
  if (!parsed.success) return failed("register", { fieldErrors: fieldErrors(parsed.error) }, 400);
  const ip = clientIp(request);
  const limited = await checkSignUpLimits(db, ip, parsed.data.email);
  if (limited) {
    return failed(
      "register",
      { error: { title: accountToasts.registrationFailedTitle, description: tooManyRequestsMessage } },
      429,
      limited.init ?? undefined,
    );
  }
  const result = await signUp(parsed.data, request.headers);
  if (!result.ok) {
    if (result.message === existingEmailMessage) await countExistingAddressAnswer(db, ip);
    return failed(
      "register",
      { error: { title: accountToasts.registrationFailedTitle, description: result.message } },
      422,
    );
  }
  return data<AuthFormResult>({ intent: "register", ok: true, email: parsed.data.email });
}

/** Parses the one address of the reset and confirmation requests and applies their rate limits. */
async function checkEmailRequest(
  db: Database,
  intent: AuthIntent,
  form: FormData,
  request: Request,
  limits: typeof passwordResetLimits,
): Promise<{ email: string } | { answer: Answer }> {
  if (String(form.get("email") ?? "").trim() === "")
    return { answer: failed(intent, { error: accountToasts.emailRequired }, 400) };
  const parsed = emailOnlySchema.safeParse(formFields(form));
  if (!parsed.success) return { answer: failed(intent, { fieldErrors: fieldErrors(parsed.error) }, 400) };
  const limited = await checkRateLimits(db, intent, [
    [limits.perIp, clientIp(request)],
    [limits.perAddress, parsed.data.email],
  ]);
  if (limited) {
    return {
      answer: failed(
        intent,
        { error: { title: accountToasts.resetRequestFailedTitle, description: tooManyRequestsMessage } },
        429,
        limited.init ?? undefined,
      ),
    };
  }
  return { email: parsed.data.email };
}

// The same answer whether or not the address has an account.
async function requestReset(db: Database, form: FormData, request: Request) {
  const checked = await checkEmailRequest(db, "reset-request", form, request, passwordResetLimits);
  if ("answer" in checked) return checked.answer;
  await requestPasswordReset(checked.email);
  return data<AuthFormResult>({ intent: "reset-request", ok: true });
}

async function resendConfirmation(db: Database, form: FormData, request: Request) {
  const checked = await checkEmailRequest(db, "resend-confirmation", form, request, confirmationEmailLimits);
  if ("answer" in checked) return checked.answer;
  await resendConfirmationEmail(checked.email);
  return data<AuthFormResult>({ intent: "resend-confirmation", ok: true, email: checked.email });
}

async function confirm(request: Request) {
  const cookie = confirmationTokenCookie();
  const token = await readLinkToken(cookie, request);
  const confirmed = token !== null && (await confirmEmail(token));
  const headers = { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) };
  if (!confirmed) return failed("confirm-email", { error: invalidConfirmationLink }, 400, { headers });
  return data<AuthFormResult>({ intent: "confirm-email", ok: true }, { headers });
}

const invalidConfirmationLink = {
  title: "Link non valido",
  description:
    "Il link di conferma non è valido o è scaduto. Se il tuo account non è ancora confermato, accedi con email e password per riceverne uno nuovo.",
};

export default function AuthPage({ loaderData, actionData }: Route.ComponentProps) {
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
function EmailConfirmation({ pending, nativeAnswer }: { pending: boolean; nativeAnswer?: AuthFormResult }) {
  const fetcher = useFetcher<AuthFormResult>();
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

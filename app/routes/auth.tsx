import { data, redirect } from "react-router";
import type { AuthTab } from "~/components/accounts/auth-dialog-state";
import { AuthPage } from "~/components/accounts/auth-page";
import type { Database } from "~/db/client.server";
import { refuseCommonPasswords } from "~/modules/accounts/common-passwords.server";
import {
  confirmEmail,
  requestPasswordReset,
  resendConfirmationEmail,
  signIn,
  signUp,
} from "~/modules/accounts/credentials.server";
import {
  accountToasts,
  emailNotConfirmedMessage,
  existingEmailMessage,
  invalidConfirmationLink,
} from "~/modules/accounts/error-messages";
import type { AuthIntent, AuthResult } from "~/modules/accounts/form-results";
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
import { secondStepPath } from "~/modules/accounts/second-factor";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { emailOnlySchema, loginSchema, registerSchema } from "~/modules/accounts/validation";
import { fieldErrors, handleIntent } from "~/modules/forms/action-result";
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

type Answer = ReturnType<typeof data<AuthResult>>;

function failed(
  intent: AuthIntent,
  failure: Omit<AuthResult, "intent" | "ok">,
  status: number,
  init?: ResponseInit,
): Answer {
  return data({ intent, ok: false, ...failure }, { ...init, status });
}

const formFields = (form: FormData) => Object.fromEntries(form);

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const { db } = services(context);
  return handleIntent(form, {
    login: () => login(db, form, request),
    register: () => register(db, form, request),
    "reset-request": () => requestReset(db, form, request),
    "resend-confirmation": () => resendConfirmation(db, form, request),
    "confirm-email": () => confirm(request),
  });
}

async function login(db: Database, form: FormData, request: Request) {
  const parsed = loginSchema.safeParse(formFields(form));
  if (!parsed.success) return failed("login", { fieldErrors: fieldErrors(parsed.error) }, 400);
  const ip = clientIp(request);
  const limited = await checkLoginLimits(db, ip, parsed.data.email);
  if (limited) {
    return failed(
      "login",
      { notice: { title: accountToasts.loginFailedTitle, description: tooManyRequestsMessage } },
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
        notice: { title: accountToasts.loginFailedTitle, description: result.message },
        data: { unconfirmed, email: parsed.data.email },
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
  return data<AuthResult>(
    result.next ? { intent: "login", ok: true, data: { next: result.next } } : { intent: "login", ok: true },
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
      { notice: { title: accountToasts.registrationFailedTitle, description: tooManyRequestsMessage } },
      429,
      limited.init ?? undefined,
    );
  }
  const result = await signUp(parsed.data, request.headers);
  if (!result.ok) {
    if (result.message === existingEmailMessage) await countExistingAddressAnswer(db, ip);
    return failed(
      "register",
      { notice: { title: accountToasts.registrationFailedTitle, description: result.message } },
      422,
    );
  }
  return data<AuthResult>({ intent: "register", ok: true, data: { email: parsed.data.email } });
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
    return { answer: failed(intent, { notice: accountToasts.emailRequired }, 400) };
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
        { notice: { title: accountToasts.resetRequestFailedTitle, description: tooManyRequestsMessage } },
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
  return data<AuthResult>({ intent: "reset-request", ok: true });
}

async function resendConfirmation(db: Database, form: FormData, request: Request) {
  const checked = await checkEmailRequest(db, "resend-confirmation", form, request, confirmationEmailLimits);
  if ("answer" in checked) return checked.answer;
  await resendConfirmationEmail(checked.email);
  return data<AuthResult>({ intent: "resend-confirmation", ok: true, data: { email: checked.email } });
}

async function confirm(request: Request) {
  const cookie = confirmationTokenCookie();
  const token = await readLinkToken(cookie, request);
  const confirmed = token !== null && (await confirmEmail(token));
  const headers = { "Set-Cookie": await cookie.serialize("", { maxAge: 0 }) };
  if (!confirmed) return failed("confirm-email", { notice: invalidConfirmationLink }, 400, { headers });
  return data<AuthResult>({ intent: "confirm-email", ok: true }, { headers });
}

export default function Auth({ loaderData, actionData }: Route.ComponentProps) {
  return <AuthPage loaderData={loaderData} nativeAnswer={actionData} />;
}

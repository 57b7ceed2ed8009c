import { data, redirect } from "react-router";
import { SecondFactorSetupPage, type SecondFactorSetupStep } from "~/components/accounts/second-factor-setup-page";
import { accountToasts, wrongPasswordMessage } from "~/modules/accounts/error-messages";
import type { SecondFactorSetupResult } from "~/modules/accounts/form-results";
import { checkRateLimits, secondFactorLimits } from "~/modules/accounts/rate-limits.server";
import { safeRedirectPath } from "~/modules/accounts/redirect";
import { getAdminWithoutSecondFactor, getCurrentUser } from "~/modules/accounts/session.server";
import {
  confirmSecondFactorSetup,
  pendingSecondFactorSetup,
  startSecondFactorSetup,
} from "~/modules/accounts/two-factor.server";
import { passwordConfirmationSchema, totpCodeSchema } from "~/modules/accounts/validation";
import { type ActionResult, fieldErrors, handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { clientIp, tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
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

export async function loader({ request, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"), "/admin");
  const admin = await getAdminWithoutSecondFactor(request);
  if (admin) {
    const setup = await pendingSecondFactorSetup(admin);
    const step: SecondFactorSetupStep = setup
      ? { step: "code", email: admin.email, setup }
      : { step: "password", email: admin.email };
    return { redirectTo, ...step };
  }
  // No redirect: right after a set-up posted before hydration, this page renders the recovery codes
  // for a request whose session the set-up has just replaced.
  const step: SecondFactorSetupStep = {
    step: (await getCurrentUser(request))?.role === "admin" ? "active" : "not-admin",
  };
  return { redirectTo, ...step };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  return handleIntent(form, { start: setUp, confirm: setUp });

  async function setUp(intent: "start" | "confirm") {
    const admin = await getAdminWithoutSecondFactor(request);
    if (!admin) throw redirect("/auth");
    const failed = (failure: Omit<ActionResult, "ok">, status: number, init?: ResponseInit | null) =>
      data<SecondFactorSetupResult>({ intent, ok: false, ...failure }, { ...init, status });

    const limited = await checkRateLimits(services(context).db, "second_factor_setup", [
      [secondFactorLimits.perIp, clientIp(request)],
    ]);
    const setupFailed = (description: string) => ({ title: accountToasts.secondFactorSetupFailedTitle, description });
    if (limited) return failed({ notice: setupFailed(tooManyRequestsMessage) }, 429, limited.init);

    const fields = Object.fromEntries(form);
    if (intent === "start") {
      const parsed = passwordConfirmationSchema.safeParse(fields);
      if (!parsed.success) return failed({ fieldErrors: fieldErrors(parsed.error) }, 400);
      const result = await startSecondFactorSetup(parsed.data.password, request.headers);
      if (result.ok) return data<SecondFactorSetupResult>({ intent, ok: true });
      if (result.message === wrongPasswordMessage) return failed({ fieldErrors: { password: result.message } }, 401);
      return failed({ notice: setupFailed(result.message) }, 500);
    }

    const parsed = totpCodeSchema.safeParse(fields);
    if (!parsed.success) return failed({ fieldErrors: fieldErrors(parsed.error) }, 400);
    const result = await confirmSecondFactorSetup(admin.id, parsed.data.code, request.headers);
    if (!result.ok) return failed({ fieldErrors: { code: result.message } }, 401);
    return data<SecondFactorSetupResult>(
      { intent, ok: true, data: { recoveryCodes: result.recoveryCodes } },
      { headers: result.headers },
    );
  }
}

export default function SecondFactorSetup({ loaderData, actionData }: Route.ComponentProps) {
  return <SecondFactorSetupPage loaderData={loaderData} nativeAnswer={actionData} />;
}

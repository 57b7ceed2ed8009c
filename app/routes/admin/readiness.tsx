import { ReadinessPage } from "~/components/admin/readiness/readiness-page";
import { config } from "~/config.server";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { type ActionResult, handleIntent, succeeded } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { mailTransportFor } from "~/modules/mail/transport.server";
import type { ReadinessCheck } from "~/modules/readiness/checks";
import { localChecks, outsideChecks } from "~/modules/readiness/readiness.server";
import { services } from "~/services.server";
import type { Route } from "./+types/readiness";

export function meta() {
  return [{ title: "Pronto per vendere?" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  return { checks: await localChecks(services(context), config(), request.headers) };
}

// Stripe, GLS and the mail server are asked only here, when the owner presses 'Verifica'.
export async function action({ request, context }: Route.ActionArgs) {
  currentAdmin(context);
  return handleIntent(await readForm(request), {
    verify: async (intent): Promise<ActionResult<"verify", ReadinessCheck[]>> =>
      succeeded({ intent, data: await outsideChecks(services(context), mailTransportFor(config())) }),
  });
}

export default function AdminReadiness({ loaderData, actionData }: Route.ComponentProps) {
  return <ReadinessPage localChecks={loaderData.checks} outsideChecks={actionData?.data ?? null} />;
}

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { DeleteAccountPanel } from "~/components/accounts/my-data";
import { logger } from "~/logger.server";
import { signOut } from "~/modules/accounts/credentials.server";
import { deleteAccount, deletionLimit, deletionMessages } from "~/modules/accounts/personal-data.server";
import { checkRateLimits } from "~/modules/accounts/rate-limits.server";
import { requireUser } from "~/modules/accounts/session.server";
import type { ActionResult } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { pageMeta } from "~/modules/seo/meta";
import { services } from "~/services.server";
import type { Route } from "./+types/profile-delete";

// /profile/elimina-account: the confirmation step of deleting one's own account (GDPR art. 17).
// The customer confirms with their password; the session's account is the only one it can delete.

export function meta() {
  return [
    ...pageMeta("Elimina il mio account", "Elimina il tuo account e i tuoi dati."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, url }: Route.LoaderArgs) {
  const user = await requireUser(request, url);
  return { email: user.email };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const { db } = services(context);
  const form = await readForm(request);
  // The password is checked here: a stolen session alone must not guess its way to the deletion.
  const limited = await checkRateLimits(db, "account-deletion", [[deletionLimit, user.id]]);
  if (limited) return limited;
  const password = form.get("password");
  const result = await deleteAccount(db, user.id, typeof password === "string" ? password : "");
  if (!result.ok) {
    logger.info({ event: "account_deletion_refused", userId: user.id, reason: result.reason }, "auth event");
    const message = deletionMessages[result.reason];
    return result.reason === "wrongPassword"
      ? data<ActionResult>({ ok: false, fieldErrors: { password: message } }, { status: 400 })
      : data<ActionResult>({ ok: false, notice: { title: "Errore", description: message } }, { status: 403 });
  }
  logger.info({ event: "account_deleted", userId: user.id }, "auth event");
  // The sessions are gone with the account; this clears the browser's cookie too.
  const ended = await signOut(request.headers);
  const headers = ended.ok ? ended.headers : undefined;
  // A form posted before hydration needs the redirect; a hydrated page shows the toast and moves on.
  if (form.has("redirectTo")) throw redirect("/", { headers });
  return data<ActionResult>({ ok: true }, { headers });
}

// Once the account is gone this page's loader would send the visitor to the login: the page itself
// goes home instead.
export function shouldRevalidate({ actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if ((actionResult as ActionResult | undefined)?.ok) return false;
  return defaultShouldRevalidate;
}

export default function DeleteAccountPage({ loaderData, actionData }: Route.ComponentProps) {
  return <DeleteAccountPanel email={loaderData.email} nativeAnswer={actionData} />;
}

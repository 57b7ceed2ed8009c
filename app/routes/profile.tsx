import { data } from "react-router";
import { ProfilePage } from "~/components/accounts/profile-page";
import { logger } from "~/logger.server";
import { accountToasts } from "~/modules/accounts/error-messages";
import { getProfile, updateProfile } from "~/modules/accounts/profile.server";
import { getCurrentUser, requireUser } from "~/modules/accounts/session.server";
import { profileSchema } from "~/modules/accounts/validation";
import { provinceOptions } from "~/modules/address/provinces";
import { type ActionResult, fieldErrors } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { listCustomerOrders } from "~/modules/orders/customer-orders.server";
import { pageMeta } from "~/modules/seo/meta";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import { services } from "~/services.server";
import type { Route } from "./+types/profile";

export function meta() {
  return [...pageMeta("Il mio profilo", "I tuoi dati e i tuoi ordini."), { name: "robots", content: "noindex" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, clock } = services(context);
  const user = await getCurrentUser(request);
  // Guests see the access-required prompt, not a redirect.
  if (!user) return { account: null };
  const { tracking } = await readSettings(db);
  const trackingUrl = (code: string) => trackingLink(tracking, code);
  const [profile, orders] = await Promise.all([
    getProfile(db, user.id),
    listCustomerOrders(db, user.id, { now: clock.now(), trackingUrl }),
  ]);
  if (!profile) return { account: null };
  return { account: { profile, orders }, provinces: provinceOptions() };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = await requireUser(request, url);
  const parsed = profileSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data<ActionResult>({ ok: false, fieldErrors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    await updateProfile(services(context).db, user.id, parsed.data);
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "profile update failed");
    return data<ActionResult>({ ok: false, notice: accountToasts.profileUpdateFailed }, { status: 500 });
  }
  return data<ActionResult>({ ok: true });
}

export default function Profile({ loaderData, actionData }: Route.ComponentProps) {
  return <ProfilePage loaderData={loaderData} nativeAnswer={actionData} />;
}

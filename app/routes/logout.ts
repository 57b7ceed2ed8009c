import { data, redirect } from "react-router";
import { signOut } from "~/modules/accounts/credentials.server";
import { logoutToasts } from "~/modules/accounts/logout-messages";
import type { ActionResult } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import type { Route } from "./+types/logout";

// POST only: a link or an image on another page cannot log anyone out.
export async function action({ request }: Route.ActionArgs) {
  const form = await readForm(request);
  const result = await signOut(request.headers);
  if (!result.ok) return data<ActionResult>({ ok: false, notice: logoutToasts.logoutFailed }, { status: 500 });
  // A form posted before hydration needs the redirect; a hydrated page moves on by itself.
  if (form.has("redirectTo")) throw redirect("/", { headers: result.headers });
  return data<ActionResult>({ ok: true }, { headers: result.headers });
}

// A typed or bookmarked /logout: home, still signed in (only the Logout button's POST ends a session).
export const loader = () => redirect("/");

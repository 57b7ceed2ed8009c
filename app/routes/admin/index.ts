import { redirect } from "react-router";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import type { Route } from "./+types/index";

export function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  throw redirect("/admin/orders");
}

import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { adminGuard, currentAdmin } from "~/modules/accounts/admin-guard.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Amministrazione" }, { name: "robots", content: "noindex, nofollow" }];
}

// The whole admin branch's guard: the role, the second factor and the idle time, checked on the
// server before any admin loader or action runs, including a data request for one child route.
export const middleware: Route.MiddlewareFunction[] = [adminGuard];

export function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

import { Outlet } from "react-router";
import { AdminShell } from "~/components/admin/admin-shell";
import { requireAdmin } from "~/modules/accounts/session.server";
import type { Route } from "./+types/layout";

export function meta() {
  return [{ title: "Amministrazione" }, { name: "robots", content: "noindex, nofollow" }];
}

// Each admin route's own loader checks too (the role, the second factor, the idle time): a data
// request may skip this one.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function AdminLayout() {
  return (
    <AdminShell>
      <Outlet />
    </AdminShell>
  );
}

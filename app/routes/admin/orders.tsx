import { data } from "react-router";
import { BulkShippingForm } from "~/components/admin/bulk-shipping-form";
import { AdminAnswerNotice, CloseDayButton } from "~/components/admin/order-actions";
import { OrdersTable } from "~/components/admin/orders-table";
import { config } from "~/config.server";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { readForm } from "~/modules/forms/read-form.server";
import { runAdminOrderAction } from "~/modules/orders/admin-actions.server";
import { listAllOrders } from "~/modules/orders/admin-orders.server";
import { labelLink } from "~/modules/orders/labels.server";
import { services } from "~/services.server";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Gestione Ordini" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const now = clock.now();
  const rows = await listAllOrders(db);
  return { orders: rows.map((row) => ({ ...row, labelUrl: row.hasLabel ? labelLink(row.id, now) : null })) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const answer = await runAdminOrderAction(services(context), config().dataDir, admin, await readForm(request));
  return data(answer, { status: answer.ok ? 200 : 422 });
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl text-ink">Gestione Ordini</h1>
        <CloseDayButton />
      </div>
      <AdminAnswerNotice answer={actionData} />
      {orders.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nessun ordine.</p>
      ) : (
        <div className="mt-6 space-y-4">
          <BulkShippingForm answer={actionData} />
          <OrdersTable orders={orders} />
        </div>
      )}
    </>
  );
}

import { data, Link, redirect } from "react-router";
import { BulkShippingForm } from "~/components/admin/orders/bulk-shipping-form";
import { AdminAnswerNotice, adminActionClass, CloseDayButton } from "~/components/admin/orders/order-actions";
import { OrderFilters } from "~/components/admin/orders/order-filters";
import { OrdersTable } from "~/components/admin/orders/orders-table";
import { Pager } from "~/components/admin/pager";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { readForm } from "~/modules/forms/read-form.server";
import { runAdminOrderAction } from "~/modules/orders/admin-actions.server";
import { listOrders } from "~/modules/orders/admin-orders.server";
import { labelLink } from "~/modules/orders/labels.server";
import { hasOrderFilters, orderFiltersQuery, parseOrderListFilters } from "~/modules/orders/order-list-filters";
import { services } from "~/services.server";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Gestione Ordini" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const { filters, errors } = parseOrderListFilters(new URL(request.url).searchParams);
  const { rows, ...page } = await listOrders(db, filters);
  // A page past the end (the list shrank, or a hand-made address): the last page instead.
  if (rows.length === 0 && filters.page > page.pageCount) {
    throw redirect(withQuery("/admin/orders", orderFiltersQuery(filters, { page: page.pageCount })));
  }
  const now = clock.now();
  const orders = rows.map((row) => ({ ...row, labelUrl: row.hasLabel ? labelLink(row.id, now) : null }));
  return { orders, ...page, filters, errors };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const answer = await runAdminOrderAction(services(context), admin, await readForm(request));
  return data(answer, { status: answer.ok ? 200 : 422 });
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

export default function AdminOrders({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, filters, errors, page, pageCount, totalCount } = loaderData;
  const exportHref = withQuery("/admin/orders/export.csv", orderFiltersQuery(filters, { page: 1 }));
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl text-ink">Gestione Ordini</h1>
        <CloseDayButton />
      </div>
      <AdminAnswerNotice answer={actionData} />
      <OrderFilters key={orderFiltersQuery(filters)} filters={filters} errors={errors} />
      <p className="mt-4 text-sm">
        <a href={exportHref} download className={adminActionClass}>
          Esporta CSV ({totalCount.toLocaleString("it-IT")} {totalCount === 1 ? "ordine" : "ordini"})
        </a>
      </p>
      {orders.length === 0 ? (
        <p className="mt-6 text-ink-soft">
          {hasOrderFilters(filters) ? "Nessun ordine trovato." : "Nessun ordine."}{" "}
          {hasOrderFilters(filters) && (
            <Link to="/admin/orders" className={adminActionClass}>
              Azzera filtri
            </Link>
          )}
        </p>
      ) : (
        <div className="mt-6 space-y-4">
          <BulkShippingForm answer={actionData} />
          <OrdersTable orders={orders} />
        </div>
      )}
      {totalCount > 0 && (
        <Pager
          page={page}
          pageCount={pageCount}
          totalCount={totalCount}
          href={(to) => withQuery("/admin/orders", orderFiltersQuery(filters, { page: to }))}
        />
      )}
    </>
  );
}

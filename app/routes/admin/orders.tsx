import { Link, redirect } from "react-router";
import { OrderFilters } from "~/components/admin/order-filters";
import { Pager } from "~/components/admin/pager";
import { LabelDownloadLink } from "~/components/orders/label-download-link";
import { StatusBadge } from "~/components/orders/status-badge";
import { requireAdmin } from "~/modules/accounts/session.server";
import { listOrders } from "~/modules/orders/admin-orders.server";
import { hasOrderFilters, orderFiltersQuery, parseOrderListFilters } from "~/modules/orders/order-list-filters";
import { shortOrderId } from "~/modules/orders/order-views";
import { orderStatusLabel } from "~/modules/orders/status";
import { CARRIER_NAME, formatDate, formatEuro } from "~/modules/shop/constants";
import { services } from "~/services.server";
import type { Route } from "./+types/orders";

export function meta() {
  return [{ title: "Gestione Ordini" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request);
  const { filters, errors } = parseOrderListFilters(new URL(request.url).searchParams);
  const { rows, ...page } = await listOrders(services(context).db, filters);
  // A page past the end (the list shrank, or a hand-made address): the last page instead.
  if (rows.length === 0 && filters.page > page.pageCount) {
    throw redirect(withQuery("/admin/orders", orderFiltersQuery(filters, { page: page.pageCount })));
  }
  return { orders: rows, ...page, filters, errors };
}

function withQuery(path: string, query: string): string {
  return query ? `${path}?${query}` : path;
}

const cellClass = "px-3 py-3 text-left align-middle";
const actionClass =
  "inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders, filters, errors, page, pageCount, totalCount } = loaderData;
  const exportHref = withQuery("/admin/orders/export.csv", orderFiltersQuery(filters, { page: 1 }));
  return (
    <>
      <h1 className="text-3xl text-ink">Gestione Ordini</h1>
      <OrderFilters key={orderFiltersQuery(filters)} filters={filters} errors={errors} />
      <p className="mt-4 text-sm">
        <a href={exportHref} download className={actionClass}>
          Esporta CSV ({totalCount.toLocaleString("it-IT")} {totalCount === 1 ? "ordine" : "ordini"})
        </a>
      </p>
      {orders.length === 0 ? (
        <p className="mt-6 text-ink-soft">
          {hasOrderFilters(filters) ? "Nessun ordine trovato." : "Nessun ordine."}{" "}
          {hasOrderFilters(filters) && (
            <Link to="/admin/orders" className={actionClass}>
              Azzera filtri
            </Link>
          )}
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-md border border-sand bg-white">
          <table className="w-full min-w-[48rem] text-sm">
            <thead className="border-b border-sand bg-linen text-xs tracking-[0.1em] text-ink-soft uppercase">
              <tr>
                {["Ordine", "Data", "Cliente", "Totale", "Stato", `Tracking ${CARRIER_NAME}`, "Azioni"].map((title) => (
                  <th key={title} scope="col" className={`${cellClass} font-medium`}>
                    {title}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-sand">
              {orders.map((order) => (
                <tr key={order.id}>
                  <td className={`${cellClass} font-mono`}>{shortOrderId(order.id)}</td>
                  <td className={cellClass}>{formatDate(order.createdAt)}</td>
                  <td className={cellClass}>{order.customerName ?? "N/A"}</td>
                  <td className={cellClass}>{formatEuro(order.totalCents)}</td>
                  <td className={cellClass}>
                    <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
                  </td>
                  <td className={`${cellClass} font-mono`}>{order.shippingTracking ?? "N/D"}</td>
                  <td className={cellClass}>
                    <div className="flex flex-wrap gap-x-4 gap-y-1">
                      <Link to={`/admin/orders/${order.id}`} className={actionClass}>
                        Dettagli
                      </Link>
                      {order.hasLabel && (
                        <LabelDownloadLink orderId={order.id} errorTitle="Errore Download" className={actionClass} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
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

import { Link } from "react-router";
import { LabelDownloadLink } from "~/components/orders/label-download-link";
import { StatusBadge } from "~/components/orders/status-badge";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { listAllOrders } from "~/modules/orders/admin-orders.server";
import { labelLink } from "~/modules/orders/labels.server";
import { shortOrderId } from "~/modules/orders/order-views";
import { orderStatusLabel } from "~/modules/orders/status";
import { CARRIER_NAME, formatDate, formatEuro } from "~/modules/shop/constants";
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

const cellClass = "px-3 py-3 text-left align-middle";
const actionClass =
  "inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark";

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  return (
    <>
      <h1 className="text-3xl text-ink">Gestione Ordini</h1>
      {orders.length === 0 ? (
        <p className="mt-6 text-ink-soft">Nessun ordine.</p>
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
                      {order.labelUrl && (
                        <LabelDownloadLink href={order.labelUrl} errorTitle="Errore Download" className={actionClass} />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}

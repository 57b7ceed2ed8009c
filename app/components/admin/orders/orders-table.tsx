import { Link } from "react-router";
import { LabelDownloadLink } from "~/components/orders/label-download-link";
import { StatusBadge } from "~/components/orders/status-badge";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import type { AdminOrderRow } from "~/modules/orders/order-views";
import { shortOrderId } from "~/modules/orders/order-views";
import { orderStatusLabel } from "~/modules/orders/status";
import { CARRIER_NAME } from "~/modules/shop/constants";
import { adminActionClass, CreateShipmentButton, OrderActionButton } from "./order-actions";

export type OrdersTableRow = AdminOrderRow & { labelUrl: string | null };

/** The id of the bulk shipping form, which the rows' checkboxes belong to. */
export const bulkShippingFormId = "spedizioni-selezionate";

const cellClass = "px-3 py-3 text-left align-middle";

/** Staff can ship it now: paid, being prepared, for home delivery. */
export const canShip = (order: AdminOrderRow) => order.status === "processing" && order.deliveryMethod === "shipping";

/** The orders table: Ordine, Data, Cliente, Totale, Stato, Tracking GLS, Azioni; a box to select what can ship. */
export function OrdersTable({ orders }: { orders: OrdersTableRow[] }) {
  return (
    <div className="overflow-x-auto rounded-md border border-sand bg-white">
      <table className="w-full min-w-[52rem] text-sm">
        <thead className="border-b border-sand bg-linen text-xs tracking-[0.1em] text-ink-soft uppercase">
          <tr>
            <th scope="col" className={`${cellClass} w-8`}>
              <span className="sr-only">Seleziona</span>
            </th>
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
              <td className={cellClass}>
                {canShip(order) && (
                  <input
                    type="checkbox"
                    name="orderId"
                    value={order.id}
                    form={bulkShippingFormId}
                    aria-label={`Seleziona l'ordine ${shortOrderId(order.id)}`}
                    className="size-4 accent-wine"
                  />
                )}
              </td>
              <td className={`${cellClass} font-mono`}>{shortOrderId(order.id)}</td>
              <td className={cellClass}>{formatDate(order.createdAt)}</td>
              <td className={cellClass}>{order.customerName ?? "N/A"}</td>
              <td className={cellClass}>{formatEuro(order.totalCents)}</td>
              <td className={cellClass}>
                <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
              </td>
              <td className={`${cellClass} font-mono`}>{order.shippingTracking ?? "N/D"}</td>
              <td className={cellClass}>
                <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                  {canShip(order) && <CreateShipmentButton orderId={order.id} />}
                  {order.status === "reserved" && (
                    <OrderActionButton orderId={order.id} intent="complete" label="Segna come completato" />
                  )}
                  {order.status === "processing" && order.deliveryMethod === "pickup" && (
                    <OrderActionButton orderId={order.id} intent="complete" label="Segna come ritirato" />
                  )}
                  {order.status === "gls_closed" && (
                    <OrderActionButton orderId={order.id} intent="mark-delivered" label="Segna come consegnato" />
                  )}
                  {order.labelUrl && (
                    <LabelDownloadLink
                      href={order.labelUrl}
                      errorTitle="Errore Download"
                      className={adminActionClass}
                    />
                  )}
                  <Link to={`/admin/orders/${order.id}`} className={adminActionClass}>
                    Dettagli
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

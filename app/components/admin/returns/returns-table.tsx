import { Link } from "react-router";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { shortOrderId } from "~/modules/orders/order-views";
import { returnStateLabels } from "~/modules/withdrawals/return-views";
import type { ReturnRow } from "~/modules/withdrawals/returns.server";
import { adminActionClass } from "../orders/order-actions";

const cellClass = "px-3 py-3 text-left align-middle";

/** Serialized by the loader: the date arrives as a string. */
type Row = Omit<ReturnRow, "createdAt"> & { createdAt: Date | string };

export function ReturnStateBadge({ state }: { state: ReturnRow["state"] }) {
  return (
    <span className="inline-block rounded-full border border-sand bg-linen px-2.5 py-0.5 text-xs text-ink">
      {returnStateLabels[state]}
    </span>
  );
}

/** Every request: when, which order, who, what kind, its state and what was refunded. */
export function ReturnsTable({ requests }: { requests: Row[] }) {
  return (
    <div className="mt-6 overflow-x-auto rounded-md border border-sand bg-white">
      <table className="w-full min-w-[48rem] text-sm">
        <thead className="border-b border-sand bg-linen text-xs tracking-[0.1em] text-ink-soft uppercase">
          <tr>
            {["Data", "Ordine", "Cliente", "Recesso", "Stato", "Rimborsato", "Azioni"].map((title) => (
              <th key={title} scope="col" className={`${cellClass} font-medium`}>
                {title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-sand">
          {requests.map((request) => (
            <tr key={request.id}>
              <td className={cellClass}>{formatDate(request.createdAt)}</td>
              <td className={`${cellClass} font-mono`}>
                <Link to={`/admin/orders/${request.orderId}`} className={adminActionClass}>
                  {shortOrderId(request.orderId)}
                </Link>
              </td>
              <td className={cellClass}>
                {request.name}
                <span className="block text-ink-soft">{request.email}</span>
              </td>
              <td className={cellClass}>
                {request.wholeOrder
                  ? "Intero ordine"
                  : `${request.itemCount} ${request.itemCount === 1 ? "articolo" : "articoli"}`}
              </td>
              <td className={cellClass}>
                <ReturnStateBadge state={request.state} />
              </td>
              <td className={cellClass}>{request.refundedCents === null ? "—" : formatEuro(request.refundedCents)}</td>
              <td className={cellClass}>
                <Link to={`/admin/returns/${request.id}`} className={adminActionClass}>
                  Apri
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

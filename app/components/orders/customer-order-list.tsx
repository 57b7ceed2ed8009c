import { ChevronDown, Package } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { type CustomerOrder, shortOrderId } from "~/modules/orders/order-views";
import { customerOrderStatusLabel, paymentStatusLabel } from "~/modules/orders/status";
import { CARRIER_NAME } from "~/modules/shop/constants";
import { withdrawalPossibleFor } from "~/modules/withdrawals/window";
import { LabelDownloadLink } from "./label-download-link";
import { OrderAmounts } from "./order-amounts";
import { StatusBadge } from "./status-badge";

/** A customer's orders, one disclosure each (it opens without JavaScript too), newest first. */
export function CustomerOrderList({ orders }: { orders: CustomerOrder[] }) {
  if (orders.length === 0) {
    return (
      <div className="rounded-md border border-sand bg-white p-8 text-center">
        <Package aria-hidden className="mx-auto size-10 text-ink-soft" strokeWidth={1.5} />
        <p className="mt-4 text-ink">Non hai ancora effettuato ordini.</p>
        <Link to="/shop" className={`${buttonClass.primary} mt-6`}>
          Scopri il negozio
        </Link>
      </div>
    );
  }
  return (
    <ul className="space-y-3">
      {orders.map((order) => (
        <li key={order.id}>
          <details className="group rounded-md border border-sand bg-white">
            <summary className="flex cursor-pointer flex-wrap items-center gap-x-6 gap-y-2 px-4 py-4 sm:px-6">
              <span className="font-medium text-ink">Ordine {shortOrderId(order.id)}</span>
              <span className="text-sm text-ink-soft">{formatDate(order.createdAt)}</span>
              <StatusBadge status={order.status} label={customerOrderStatusLabel(order.status)} />
              <span className="ml-auto font-medium text-ink">{formatEuro(order.totalCents)}</span>
              <ChevronDown aria-hidden className="size-5 text-ink-soft transition-transform group-open:rotate-180" />
            </summary>
            <div className="space-y-5 border-t border-sand px-4 py-5 sm:px-6">
              <OrderAmounts className="space-y-2 text-sm" breakdown={order.breakdown} testId="order" />
              <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="text-ink-soft">Pagamento</dt>
                <dd>
                  <StatusBadge status={order.paymentStatus} label={paymentStatusLabel(order.paymentStatus)} />
                </dd>
                {order.shippingTracking && (
                  <>
                    <dt className="text-ink-soft">Tracking {CARRIER_NAME}</dt>
                    <dd className="font-mono text-ink">
                      {order.trackingUrl ? (
                        <a
                          href={order.trackingUrl}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="text-wine underline underline-offset-4 hover:text-wine-dark"
                        >
                          {order.shippingTracking}
                        </a>
                      ) : (
                        order.shippingTracking
                      )}
                    </dd>
                  </>
                )}
              </dl>
              {order.labelUrl && (
                <LabelDownloadLink
                  href={order.labelUrl}
                  errorTitle="Errore Download Etichetta"
                  className={`${buttonClass.secondary} gap-2`}
                />
              )}
              {withdrawalPossibleFor(order.status) && (
                <Link
                  to={`/recesso?${new URLSearchParams({ ordine: order.id.slice(0, 8) })}`}
                  className="block text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
                >
                  Recedi dal contratto qui
                </Link>
              )}
            </div>
          </details>
        </li>
      ))}
    </ul>
  );
}

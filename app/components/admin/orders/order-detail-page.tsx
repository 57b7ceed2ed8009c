import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { CancelAndRefund, type RefundableMoney } from "~/components/admin/orders/cancel-and-refund";
import { AdminAnswerNotice, OrderActionButton } from "~/components/admin/orders/order-actions";
import { OrderNotes } from "~/components/admin/orders/order-notes";
import { OrderTimeline } from "~/components/admin/orders/order-timeline";
import { ShipmentDetails } from "~/components/admin/orders/shipment-details";
import { OrderAmounts } from "~/components/orders/order-amounts";
import { StatusBadge } from "~/components/orders/status-badge";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";
import { type AdminOrderDetail, deliveryLabel, shortOrderId } from "~/modules/orders/order-views";
import { orderStatusLabel, paymentStatusLabel } from "~/modules/orders/status";
import type { StaffNote, TimelineEntry } from "~/modules/orders/timeline";
import { confirmationResendStatuses } from "~/modules/orders/transitions";
import { returnStateLabels } from "~/modules/withdrawals/return-views";
import type { ReturnRow } from "~/modules/withdrawals/returns.server";

/** What /admin/orders/:orderId's loader gives the page: without an order, only `order: null`. */
export type OrderDetailPageData = {
  order:
    | (AdminOrderDetail & {
        labelUrl: string | null;
        trackingUrl: string | null;
        cancellable: boolean;
        money: RefundableMoney;
      })
    | null;
  timeline?: TimelineEntry[];
  notes?: StaffNote[];
  returns?: ReturnRow[];
};

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-md border border-sand bg-white p-5">
      <h2 id={id} className="text-lg text-ink">
        {title}
      </h2>
      <div className="mt-3 text-sm">{children}</div>
    </section>
  );
}

export function OrderDetailPage({
  loaderData,
  answer: actionData,
}: {
  loaderData: OrderDetailPageData;
  /** The action's answer to a form posted without JavaScript. */
  answer: AdminOrderResult | undefined;
}) {
  const { order } = loaderData;
  const back = (
    <Link
      to="/admin/orders"
      className="inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Torna a tutti gli ordini
    </Link>
  );
  if (!order) {
    return (
      <>
        {back}
        <p className="mt-6 text-ink">Ordine non trovato.</p>
      </>
    );
  }
  const address = order.shippingAddress;
  const { breakdown } = order;
  return (
    <>
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <h1 className="text-3xl text-ink">Dettaglio Ordine {shortOrderId(order.id)}</h1>
        <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {formatDate(order.createdAt, "dateTime")} · {deliveryLabel(order.deliveryMethod)}
      </p>
      <AdminAnswerNotice answer={actionData} />
      <div className="mt-4 flex flex-wrap gap-x-6 gap-y-2">
        {order.status === "reserved" && (
          <OrderActionButton orderId={order.id} intent="complete" label="Segna come completato" />
        )}
        {order.status === "processing" && order.deliveryMethod === "pickup" && (
          <OrderActionButton orderId={order.id} intent="complete" label="Segna come ritirato" />
        )}
        {order.status === "gls_closed" && (
          <OrderActionButton orderId={order.id} intent="mark-delivered" label="Segna come consegnato" />
        )}
        {confirmationResendStatuses.includes(order.status) && (
          <OrderActionButton orderId={order.id} intent="resend-confirmation" label="Invia di nuovo la conferma" />
        )}
      </div>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Section id="order-address" title="Indirizzo di spedizione">
          <address className="space-y-0.5 not-italic text-ink">
            {[
              address.name,
              address.address,
              [address.postalCode, address.city, address.province && `(${address.province})`].filter(Boolean).join(" "),
              address.country,
              address.phone,
              address.email,
            ]
              .filter(Boolean)
              .map((line, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed lines of one address
                <span key={index} className="block">
                  {line}
                </span>
              ))}
          </address>
        </Section>
        <Section id="order-summary" title="Riepilogo">
          <OrderAmounts className="space-y-1.5 text-ink" breakdown={breakdown} withLines={false} testId="admin-order" />
          <dl className="mt-3 flex items-center justify-between gap-4 text-ink">
            <dt>Stato Pagamento</dt>
            <dd>
              <StatusBadge status={order.paymentStatus} label={paymentStatusLabel(order.paymentStatus)} />
            </dd>
          </dl>
        </Section>
      </div>

      <div className="mt-6">
        {order.deliveryMethod === "shipping" && (
          <Section id="spedizione" title="Spedizione">
            <ShipmentDetails order={order} />
          </Section>
        )}
      </div>

      <div className="mt-6">
        <Section id="order-lines" title="Prodotti Ordinati">
          <ul className="divide-y divide-sand">
            {breakdown.lines.map((line) => (
              <li key={line.id} className="flex flex-wrap justify-between gap-4 py-3">
                <div>
                  <p className="font-medium text-ink">{line.productName}</p>
                  <p className="text-ink-soft">
                    Qtà: {line.quantity} · Taglia: {line.size ?? "N/D"} · Colore: {line.color ?? "N/D"}
                  </p>
                </div>
                <p className="text-ink">{formatEuro(line.lineTotalCents)}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
      <div className="mt-6">
        <Section id="order-money" title="Annullamento e rimborsi">
          <CancelAndRefund orderId={order.id} cancellable={order.cancellable} money={order.money} />
        </Section>
      </div>
      {(loaderData.returns ?? []).length > 0 && (
        <div className="mt-6">
          <Section id="order-returns" title="Resi e recessi">
            <ul className="space-y-1">
              {(loaderData.returns ?? []).map((request) => (
                <li key={request.id}>
                  <Link
                    to={`/admin/returns/${request.id}`}
                    className="text-wine underline underline-offset-4 hover:text-wine-dark"
                  >
                    Recesso del {formatDate(request.createdAt)}: {returnStateLabels[request.state]}
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        </div>
      )}

      <div className="mt-6 grid gap-6 lg:grid-cols-[3fr_2fr]">
        <Section id="order-timeline" title="Cronologia">
          <OrderTimeline entries={loaderData.timeline ?? []} />
        </Section>
        <Section id="order-notes" title="Note interne">
          <OrderNotes orderId={order.id} notes={loaderData.notes ?? []} />
        </Section>
      </div>
    </>
  );
}

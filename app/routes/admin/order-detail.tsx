import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { CancelAndRefund } from "~/components/admin/cancel-and-refund";
import { AdminAnswerNotice, OrderActionButton } from "~/components/admin/order-actions";
import { OrderNotes } from "~/components/admin/order-notes";
import { OrderTimeline } from "~/components/admin/order-timeline";
import { ShipmentDetails } from "~/components/admin/shipment-details";
import { OrderAmounts } from "~/components/orders/order-amounts";
import { StatusBadge } from "~/components/orders/status-badge";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { readForm } from "~/modules/forms/read-form.server";
import { runAdminOrderAction } from "~/modules/orders/admin-actions.server";
import { getOrderDetail } from "~/modules/orders/admin-orders.server";
import { labelLink } from "~/modules/orders/labels.server";
import { deliveryLabel, shortOrderId } from "~/modules/orders/order-views";
import { providerLabel, refundableAmount } from "~/modules/orders/refunds.server";
import { orderStatusLabel, paymentStatusLabel } from "~/modules/orders/status";
import { orderStaffNotes, orderTimeline } from "~/modules/orders/timeline.server";
import { confirmationResendStatuses, nextStatus } from "~/modules/orders/transitions";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import { returnStateLabels } from "~/modules/withdrawals/return-views";
import { listReturnRequests } from "~/modules/withdrawals/returns.server";
import { services } from "~/services.server";
import type { Route } from "./+types/order-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.order ? `Dettaglio Ordine ${shortOrderId(loaderData.order.id)}` : "Ordine non trovato";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db, clock } = services(context);
  const order = await getOrderDetail(db, params.orderId);
  if (!order) return data({ order: null }, { status: 404 });
  const [timeline, notes, refundable, returns, { tracking }] = await Promise.all([
    orderTimeline(db, order.id),
    orderStaffNotes(db, order.id),
    refundableAmount(db, order.id),
    listReturnRequests(db, { state: null, orderId: order.id }),
    readSettings(db),
  ]);
  return {
    order: {
      ...order,
      labelUrl: order.hasLabel ? labelLink(order.id, clock.now()) : null,
      trackingUrl: order.shippingTracking ? trackingLink(tracking, order.shippingTracking) : null,
      cancellable: nextStatus(order, "cancelled_by_staff") !== null,
      money: refundable && {
        paidCents: refundable.paidCents,
        refundedCents: refundable.refundedCents,
        refundableCents: refundable.refundableCents,
        provider: providerLabel[refundable.provider],
      },
    },
    timeline,
    notes,
    returns,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const form = await readForm(request);
  // The page's own order, whatever the form says.
  form.set("orderId", params.orderId);
  const answer = await runAdminOrderAction(services(context), admin, form);
  return data(answer, { status: answer.ok ? 200 : 422 });
}

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

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
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

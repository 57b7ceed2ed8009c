import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { data, Link } from "react-router";
import { StatusBadge } from "~/components/orders/status-badge";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { getOrderDetail } from "~/modules/orders/admin-orders.server";
import { shortOrderId } from "~/modules/orders/order-views";
import { orderStatusLabel, paymentStatusLabel } from "~/modules/orders/status";
import { formatDate, formatEuro } from "~/modules/shop/constants";
import { services } from "~/services.server";
import type { Route } from "./+types/order-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.order ? `Dettaglio Ordine ${shortOrderId(loaderData.order.id)}` : "Ordine non trovato";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const order = await getOrderDetail(services(context).db, params.orderId);
  return data({ order }, { status: order ? 200 : 404 });
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

export default function AdminOrderDetail({ loaderData }: Route.ComponentProps) {
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
  return (
    <>
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <h1 className="text-3xl text-ink">Dettaglio Ordine {shortOrderId(order.id)}</h1>
        <StatusBadge status={order.status} label={orderStatusLabel(order.status)} />
      </div>
      <p className="mt-1 text-sm text-ink-soft">{formatDate(order.createdAt, "dateTime")}</p>

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Section id="order-address" title="Indirizzo di spedizione">
          <address className="space-y-0.5 not-italic text-ink">
            {[
              address.name,
              address.address,
              [address.postalCode, address.city].filter(Boolean).join(" "),
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
          <dl className="grid grid-cols-[1fr_auto] gap-y-1.5 text-ink">
            <dt>Subtotale</dt>
            <dd className="text-right">{formatEuro(order.totalCents - order.shippingCostCents)}</dd>
            <dt>Spedizione</dt>
            <dd className="text-right">{formatEuro(order.shippingCostCents)}</dd>
            <dt className="font-medium">Totale</dt>
            <dd className="text-right font-medium">{formatEuro(order.totalCents)}</dd>
            <dt>Stato Pagamento</dt>
            <dd className="text-right">
              <StatusBadge status={order.paymentStatus} label={paymentStatusLabel(order.paymentStatus)} />
            </dd>
          </dl>
        </Section>
      </div>

      <div className="mt-6">
        <Section id="order-lines" title="Prodotti Ordinati">
          <ul className="divide-y divide-sand">
            {order.items.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-4 py-3">
                <div>
                  <p className="font-medium text-ink">{item.productName}</p>
                  <p className="text-ink-soft">
                    Qtà: {item.quantity} · Taglia: {item.size ?? "N/D"} · Colore: {item.color ?? "N/D"}
                  </p>
                </div>
                <p className="text-ink">{formatEuro(item.unitPriceCents * item.quantity)}</p>
              </li>
            ))}
          </ul>
        </Section>
      </div>
    </>
  );
}

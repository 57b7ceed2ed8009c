import { data } from "react-router";
import { OrderDetailPage } from "~/components/admin/orders/order-detail-page";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { readForm } from "~/modules/forms/read-form.server";
import { runAdminOrderAction } from "~/modules/orders/admin-actions.server";
import { getOrderDetail } from "~/modules/orders/admin-orders.server";
import { labelLink } from "~/modules/orders/labels.server";
import { shortOrderId } from "~/modules/orders/order-views";
import { providerLabel, refundableAmount } from "~/modules/orders/refunds.server";
import { orderStaffNotes, orderTimeline } from "~/modules/orders/timeline.server";
import { nextStatus } from "~/modules/orders/transitions";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
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

export default function AdminOrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetailPage loaderData={loaderData} answer={actionData} />;
}

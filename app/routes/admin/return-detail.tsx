import { ArrowLeft } from "lucide-react";
import { data, Link } from "react-router";
import { ReturnActions } from "~/components/admin/returns/return-actions";
import { ReturnStateBadge } from "~/components/admin/returns/returns-table";
import { currentAdmin, staffActor } from "~/modules/accounts/admin-guard.server";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { readForm } from "~/modules/forms/read-form.server";
import { shortOrderId } from "~/modules/orders/order-views";
import { refundableAmount } from "~/modules/orders/refunds.server";
import { paymentStatusLabel } from "~/modules/orders/status";
import { runReturnAction } from "~/modules/withdrawals/return-actions.server";
import { getReturnRequest } from "~/modules/withdrawals/returns.server";
import { services } from "~/services.server";
import type { Route } from "./+types/return-detail";

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.request
    ? `Recesso ordine ${shortOrderId(loaderData.request.orderId)}`
    : "Richiesta di recesso non trovata";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ params, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db } = services(context);
  const request = await getReturnRequest(db, params.requestId);
  if (!request) return data({ request: null, refundableCents: null }, { status: 404 });
  const refundable = await refundableAmount(db, request.orderId);
  return { request, refundableCents: refundable?.refundableCents ?? null };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = currentAdmin(context);
  const answer = await runReturnAction(services(context), staffActor(admin), params.requestId, await readForm(request));
  return data(answer, { status: answer.ok ? 200 : 422 });
}

export default function AdminReturnDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { request, refundableCents } = loaderData;
  const back = (
    <Link
      to="/admin/returns"
      className="inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
    >
      <ArrowLeft aria-hidden className="size-4" />
      Torna a resi e recessi
    </Link>
  );
  if (!request) {
    return (
      <>
        {back}
        <p className="mt-6 text-ink">Richiesta di recesso non trovata.</p>
      </>
    );
  }
  return (
    <>
      {back}
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <h1 className="text-3xl text-ink">Recesso ordine {shortOrderId(request.orderId)}</h1>
        <ReturnStateBadge state={request.state} />
      </div>
      <p className="mt-1 text-sm text-ink-soft">
        {formatDate(request.createdAt, "dateTime")} · {request.name} · {request.email} ·{" "}
        {request.wholeOrder ? "Intero ordine" : "Parte dell'ordine"}
      </p>
      <dl className="mt-4 grid max-w-md grid-cols-[1fr_auto] gap-y-1 text-sm text-ink">
        <dt>Ordine</dt>
        <dd className="text-right">
          <Link to={`/admin/orders/${request.orderId}`} className="text-wine underline underline-offset-4">
            {shortOrderId(request.orderId)}
          </Link>
        </dd>
        <dt>Stato Pagamento</dt>
        <dd className="text-right">{paymentStatusLabel(request.order.paymentStatus)}</dd>
        <dt>Rimborsabile online</dt>
        <dd className="text-right">{refundableCents === null ? "Non pagato online" : formatEuro(refundableCents)}</dd>
        {request.refundedCents !== null && (
          <>
            <dt className="font-medium">Rimborsato per questo recesso</dt>
            <dd className="text-right font-medium">{formatEuro(request.refundedCents)}</dd>
          </>
        )}
      </dl>
      <ReturnActions request={request} answer={actionData} online={refundableCents !== null} />
    </>
  );
}

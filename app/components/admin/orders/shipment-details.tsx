import { ExternalLink, TriangleAlert } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { LabelDownloadLink } from "~/components/orders/label-download-link";
import { showAnswerToast } from "~/components/toast";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";
import { CARRIER_NAME } from "~/modules/shop/constants";
import { adminActionClass, OrderActionButton, ShipmentFields } from "./order-actions";

type ShippedOrder = {
  id: string;
  status: string;
  shippingTracking: string | null;
  trackingUrl: string | null;
  labelUrl: string | null;
  shipmentWarning: string | null;
  shipmentDeletable: boolean;
};

/**
 * The order's shipment: the form to create it while the order is being prepared (in the page, so it
 * also works without JavaScript), then its tracking, label, the courier's remark and, until the
 * courier's day is closed, the way to cancel it.
 */
export function ShipmentDetails({ order }: { order: ShippedOrder }) {
  if (order.status === "processing") return <CreateShipmentForm orderId={order.id} />;
  if (!order.shippingTracking) return <p className="text-ink-soft">Nessuna spedizione.</p>;
  return (
    <div className="space-y-3">
      <p className="text-ink">
        Tracking {CARRIER_NAME}: <span className="font-mono">{order.shippingTracking}</span>
      </p>
      {order.shipmentWarning && (
        <p className="flex gap-2 rounded-sm bg-amber-50 p-3 text-amber-900">
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          Avviso {CARRIER_NAME}: {order.shipmentWarning}
        </p>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {order.trackingUrl && (
          <a href={order.trackingUrl} target="_blank" rel="noopener noreferrer" className={adminActionClass}>
            <ExternalLink aria-hidden className="size-4" />
            Segui la spedizione
          </a>
        )}
        {order.labelUrl && (
          <LabelDownloadLink href={order.labelUrl} errorTitle="Errore Download" className={adminActionClass} />
        )}
        {order.shipmentDeletable && (
          <OrderActionButton orderId={order.id} intent="delete-shipment" label="Annulla la spedizione" />
        )}
      </div>
    </div>
  );
}

function CreateShipmentForm({ orderId }: { orderId: string }) {
  const fetcher = useFetcher<AdminOrderResult>();
  const [attempts, setAttempts] = useState(0);
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAttempts((count) => count + 1);
  });
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" key={attempts} className="max-w-sm space-y-4">
      <input type="hidden" name="intent" value="create-shipment" />
      <input type="hidden" name="orderId" value={orderId} />
      <ShipmentFields />
      <button
        type="submit"
        disabled={busy}
        className="inline-flex items-center justify-center gap-2 rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60"
      >
        {busy ? "Creazione in corso…" : "Crea spedizione"}
      </button>
    </fetcher.Form>
  );
}

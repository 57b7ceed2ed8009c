import { ChevronDown, FileDown, Truck } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";
import { CARRIER_NAME } from "~/modules/shop/constants";
import { adminActionClass, ShipmentFields } from "./order-actions";
import { bulkShippingFormId } from "./orders-table";

/** Where the labels of several orders come as one PDF. */
export function mergedLabelsHref(orderIds: string[]): string {
  const query = new URLSearchParams();
  for (const orderId of orderIds) query.append("ordine", orderId);
  return `/admin/orders/etichette?${query}`;
}

/**
 * Ships the orders ticked in the table (their checkboxes belong to this form), each with the same
 * weight and parcels, then offers their labels as one PDF.
 */
export function BulkShippingForm({ answer }: { answer?: AdminOrderResult }) {
  const fetcher = useFetcher<AdminOrderResult>();
  const [attempts, setAttempts] = useState(0);
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAttempts((count) => count + 1);
  });
  const shipped = (fetcher.data ?? answer)?.data?.shippedOrderIds ?? [];
  const busy = fetcher.state !== "idle";
  return (
    <details className="group rounded-md border border-sand bg-white p-4">
      {/* A button to look at: it opens the form that ships the ticked orders. */}
      <summary className="inline-flex cursor-pointer list-none items-center gap-2 rounded-sm border border-ink px-4 py-2 text-sm font-medium text-ink hover:border-wine hover:text-wine [&::-webkit-details-marker]:hidden">
        <Truck aria-hidden className="size-4" />
        Spedisci gli ordini selezionati
        <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
      </summary>
      <fetcher.Form method="post" id={bulkShippingFormId} key={attempts} className="mt-4 max-w-md space-y-4">
        <input type="hidden" name="intent" value="create-shipments" />
        <p className="text-sm text-ink-soft">
          Seleziona nella tabella gli ordini In Lavorazione da spedire: ognuno parte con questo peso e questi colli.
        </p>
        <ShipmentFields />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex items-center justify-center gap-2 rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60"
        >
          {busy ? "Creazione in corso…" : `Crea spedizioni ${CARRIER_NAME}`}
        </button>
      </fetcher.Form>
      {shipped.length > 0 && (
        <a href={mergedLabelsHref(shipped)} target="_blank" rel="noopener" className={`${adminActionClass} mt-4`}>
          <FileDown aria-hidden className="size-4" />
          Scarica le etichette ({shipped.length})
        </a>
      )}
    </details>
  );
}

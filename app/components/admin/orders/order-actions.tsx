import { Truck } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import { Dialog } from "~/components/ui/dialog";
import { useHydrated } from "~/components/use-hydrated";
import { formatDecimal } from "~/modules/format/numbers";
import type { ActionResult } from "~/modules/forms/action-result";
import type { AdminOrderIntent, AdminOrderResult, CloseDayResult } from "~/modules/orders/admin-answer";
import { shortOrderId } from "~/modules/orders/order-views";
import { SHIPMENT_PARCELS, SHIPMENT_WEIGHT_KG } from "~/modules/orders/shipment-form";
import { CARRIER_NAME } from "~/modules/shop/constants";

// The buttons of the admin's order pages. Each posts its intent to the page's action through its
// own fetcher and shows the answer as a toast; without JavaScript the same forms post the page and
// AdminAnswerNotice shows the answer in it.

export const adminActionClass =
  "inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark disabled:cursor-wait disabled:opacity-60";
const primaryClass =
  "inline-flex items-center justify-center gap-2 rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60";
const secondaryClass =
  "inline-flex items-center justify-center gap-2 rounded-sm border border-ink px-4 py-2 text-sm font-medium text-ink hover:border-wine hover:text-wine disabled:cursor-wait disabled:opacity-60";
const inputClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink";

/** Shows each new answer of an admin form as a toast. */
export function useAnswerToast(answer: Pick<ActionResult, "ok" | "notice"> | undefined) {
  useFetcherAnswer(answer, showAnswerToast);
}

/** The answer of an admin form posted without JavaScript, in the page (with JavaScript it is a toast). */
export function AdminAnswerNotice({ answer }: { answer: ActionResult<string, AdminOrderResult["data"]> | undefined }) {
  const hydrated = useHydrated();
  if (!answer || hydrated) return null;
  return (
    <div
      role="status"
      className={`mt-4 rounded-md border p-4 text-sm ${answer.ok ? "border-sand bg-linen" : "border-wine bg-white"}`}
    >
      <p className="font-medium text-ink">{answer.notice?.title}</p>
      <p className="mt-1 text-ink">{answer.notice?.description}</p>
      {answer.data?.closeDay && <CloseDayResults results={answer.data.closeDay} />}
    </div>
  );
}

/** A one-click action of an order: complete it, resend its confirmation… */
export function OrderActionButton({
  orderId,
  intent,
  label,
  className = adminActionClass,
}: {
  orderId: string;
  intent: AdminOrderIntent;
  label: string;
  className?: string;
}) {
  const fetcher = useFetcher<AdminOrderResult>();
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="orderId" value={orderId} />
      <button type="submit" className={className} disabled={fetcher.state !== "idle"}>
        {label}
      </button>
    </fetcher.Form>
  );
}

/** The shipment dialog's fields with their defaults (0.5 kg, 1 parcel). */
export function ShipmentFields() {
  return (
    <div className="grid grid-cols-2 gap-4">
      <label className="block text-sm text-ink">
        Peso (kg)
        {/* Text, not a number field: that one writes 0.5 in a browser set to English; staff read 0,5. */}
        <input
          name="weight"
          inputMode="decimal"
          required
          autoComplete="off"
          defaultValue={formatDecimal(SHIPMENT_WEIGHT_KG.default)}
          className={inputClass}
        />
      </label>
      <label className="block text-sm text-ink">
        Colli
        <input
          name="parcels"
          type="number"
          inputMode="numeric"
          required
          min={SHIPMENT_PARCELS.min}
          max={SHIPMENT_PARCELS.max}
          step={1}
          defaultValue={SHIPMENT_PARCELS.default}
          className={inputClass}
        />
      </label>
    </div>
  );
}

/**
 * 'Crea spedizione': a dialog asking weight and parcels, then the courier. The fields go back to
 * their defaults after each attempt. Without JavaScript: the order's page, where the same
 * form sits in the page.
 */
export function CreateShipmentButton({ orderId }: { orderId: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [attempts, setAttempts] = useState(0);
  const fetcher = useFetcher<AdminOrderResult>();
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAttempts((count) => count + 1);
    if (answered.ok) setOpen(false);
  });
  const busy = fetcher.state !== "idle";

  if (!hydrated)
    return (
      <Link to={`/admin/orders/${orderId}#spedizione`} className={adminActionClass}>
        <Truck aria-hidden className="size-4" />
        Crea spedizione
      </Link>
    );
  return (
    <>
      <button type="button" className={adminActionClass} onClick={() => setOpen(true)}>
        <Truck aria-hidden className="size-4" />
        Crea spedizione
      </button>
      {open && (
        <Dialog
          title={`Spedizione ${CARRIER_NAME}`}
          description={`Ordine ${shortOrderId(orderId)}: indica peso e numero di colli.`}
          onClose={() => setOpen(false)}
        >
          <fetcher.Form method="post" key={attempts} className="mt-6 space-y-6">
            <input type="hidden" name="intent" value="create-shipment" />
            <input type="hidden" name="orderId" value={orderId} />
            <ShipmentFields />
            <button type="submit" className={`${primaryClass} w-full`} disabled={busy}>
              {busy ? "Creazione in corso…" : "Crea spedizione"}
            </button>
          </fetcher.Form>
        </Dialog>
      )}
    </>
  );
}

export function CloseDayResults({ results }: { results: CloseDayResult[] }) {
  return (
    <ul className="mt-3 divide-y divide-sand text-sm">
      {results.map((result) => (
        <li key={result.trackingCode} className="flex flex-wrap justify-between gap-2 py-2">
          <span className="font-mono">
            {shortOrderId(result.orderId)} · {result.trackingCode}
          </span>
          <span className={result.closed ? "text-ink" : "text-wine"}>
            {result.closed ? "Successo" : `Errore Chiusura Giornata: ${result.reason}`}
          </span>
        </li>
      ))}
    </ul>
  );
}

const closeDayQuestion = `Chiudere la giornata ${CARRIER_NAME}?`;
const closeDayWarning = `Le spedizioni create e non ancora chiuse vengono affidate a ${CARRIER_NAME}: dopo la chiusura non si possono più annullare.`;

/**
 * 'Chiudi Giornata GLS': confirms the day's parcels to the courier and shows each parcel's outcome.
 * The courier cannot undo it, so it asks first: a dialog, or without JavaScript a disclosure holding
 * the same question and the button that confirms.
 */
export function CloseDayButton() {
  const hydrated = useHydrated();
  const fetcher = useFetcher<AdminOrderResult>();
  const [asking, setAsking] = useState(false);
  const [results, setResults] = useState<CloseDayResult[] | null>(null);
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAsking(false);
    if (answered.data?.closeDay) setResults(answered.data.closeDay);
  });
  const busy = fetcher.state !== "idle";
  const label = `Chiudi Giornata ${CARRIER_NAME}`;
  const confirmForm = (
    <fetcher.Form method="post" className="mt-4 flex flex-wrap gap-3">
      <input type="hidden" name="intent" value="close-day" />
      <button type="submit" className={primaryClass} disabled={busy}>
        {busy ? "Chiusura in corso…" : label}
      </button>
      {hydrated && (
        <button type="button" className={secondaryClass} onClick={() => setAsking(false)} disabled={busy}>
          Annulla
        </button>
      )}
    </fetcher.Form>
  );

  if (!hydrated)
    return (
      <details className="group max-w-sm">
        <summary className={`${primaryClass} cursor-pointer list-none`}>{label}</summary>
        <div className="mt-2 rounded-md border border-sand bg-white p-4 text-sm text-ink">
          <p className="font-medium">{closeDayQuestion}</p>
          <p className="mt-1 text-ink-soft">{closeDayWarning}</p>
          {confirmForm}
        </div>
      </details>
    );
  return (
    <>
      <button type="button" className={primaryClass} onClick={() => setAsking(true)} disabled={busy}>
        {busy ? "Chiusura in corso…" : label}
      </button>
      {asking && (
        <Dialog title={closeDayQuestion} description={closeDayWarning} onClose={() => !busy && setAsking(false)}>
          {confirmForm}
        </Dialog>
      )}
      {results && (
        <Dialog
          title={`Chiusura giornata ${CARRIER_NAME}`}
          description="L'esito di ogni collo."
          onClose={() => setResults(null)}
        >
          <CloseDayResults results={results} />
        </Dialog>
      )}
    </>
  );
}

import { useFetcher } from "react-router";
import { AdminAnswerNotice, useAnswerToast } from "~/components/admin/orders/order-actions";
import { formatEuro } from "~/modules/format/numbers";
import {
  REFUSAL_REASON_MAX,
  type ReturnIntent,
  type ReturnResult,
  returnDecisionLabels,
} from "~/modules/withdrawals/return-views";
import type { ReturnDetail } from "~/modules/withdrawals/returns.server";

// The steps of a return for staff: the parcel is back, a decision per item (a refused one with the
// reason the customer reads, an accepted one back on sale or not), then the refund. Each form posts
// through its own fetcher and answers with a toast; without JavaScript the page shows the answer.

const buttonClass =
  "rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine disabled:cursor-wait disabled:opacity-60";
const inputClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink";

/** Serialized by the loader: dates arrive as strings. */
type Request = Omit<ReturnDetail, "createdAt" | "items"> & {
  items: (Omit<ReturnDetail["items"][number], "restockedAt"> & { restockedAt: Date | string | null })[];
};

function useReturnForm() {
  const fetcher = useFetcher<ReturnResult>();
  useAnswerToast(fetcher.data);
  return { fetcher, busy: fetcher.state !== "idle" };
}

function StepButton({ intent, label, busyLabel }: { intent: ReturnIntent; label: string; busyLabel: string }) {
  const { fetcher, busy } = useReturnForm();
  return (
    <fetcher.Form method="post" className="mt-3">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
    </fetcher.Form>
  );
}

function ItemSummary({ item }: { item: Request["items"][number] }) {
  return (
    <div>
      <p className="font-medium text-ink">
        {item.productName}
        {item.hygieneSealed && (
          <span className="ml-2 rounded-full border border-wine px-2 py-0.5 text-xs text-wine">Sigillo igienico</span>
        )}
      </p>
      <p className="text-ink-soft">
        Qtà: {item.quantity} di {item.orderedQuantity} · Taglia: {item.size ?? "N/D"} · Colore: {item.color ?? "N/D"} ·{" "}
        {formatEuro(item.refundCents)}
      </p>
    </div>
  );
}

function DecisionForm({ request }: { request: Request }) {
  const { fetcher, busy } = useReturnForm();
  return (
    <fetcher.Form method="post" className="mt-3 space-y-4">
      <input type="hidden" name="intent" value="decide" />
      {request.items.map((item) => (
        <fieldset key={item.id} className="rounded-sm border border-sand p-3">
          <legend className="px-1 text-ink">{item.productName}</legend>
          <input type="hidden" name="item" value={item.id} />
          <ItemSummary item={item} />
          {item.hygieneSealed && (
            <p className="mt-1 text-ink-soft">
              Prodotto sigillato: se il sigillo è stato aperto può essere rifiutato (art. 59 Codice del Consumo).
            </p>
          )}
          <div className="mt-2 flex flex-wrap gap-4">
            {(["accepted", "refused"] as const).map((decision) => (
              <label key={decision} className="inline-flex items-center gap-2 text-ink">
                <input
                  type="radio"
                  name={`decision-${item.id}`}
                  value={decision}
                  defaultChecked={item.decision === decision}
                  className="accent-wine"
                />
                {decision === "accepted" ? "Accetta" : "Rifiuta"}
              </label>
            ))}
            <label className="inline-flex items-center gap-2 text-ink">
              <input
                type="checkbox"
                name={`restock-${item.id}`}
                defaultChecked={item.restockedAt !== null}
                disabled={item.restockedAt !== null}
                className="accent-wine"
              />
              {item.restockedAt ? "Rimesso in vendita" : "Rimetti in vendita"}
            </label>
          </div>
          <label className="mt-2 block text-ink">
            Motivo del rifiuto (lo legge il cliente)
            <input
              name={`reason-${item.id}`}
              maxLength={REFUSAL_REASON_MAX}
              defaultValue={item.refusalReason ?? ""}
              className={inputClass}
            />
          </label>
        </fieldset>
      ))}
      <button type="submit" className={buttonClass} disabled={busy}>
        {busy ? "Salvataggio in corso…" : "Salva decisioni"}
      </button>
    </fetcher.Form>
  );
}

export function ReturnActions({
  request,
  answer,
  online,
}: {
  request: Request;
  answer: ReturnResult | undefined;
  /** The order was paid online: the refund goes through the payment provider. */
  online: boolean;
}) {
  const undecided = request.items.some((item) => item.decision === "pending");
  return (
    <div className="mt-6 space-y-6">
      <AdminAnswerNotice answer={answer} />
      <section aria-labelledby="return-items" className="rounded-md border border-sand bg-white p-5 text-sm">
        <h2 id="return-items" className="text-lg text-ink">
          Articoli restituiti
        </h2>
        {request.state === "goods_received" ? (
          <DecisionForm request={request} />
        ) : (
          <ul className="mt-3 divide-y divide-sand">
            {request.items.map((item) => (
              <li key={item.id} className="flex flex-wrap justify-between gap-4 py-3">
                <ItemSummary item={item} />
                <p className="text-ink">
                  {returnDecisionLabels[item.decision]}
                  {item.refusalReason && <span className="block text-ink-soft">{item.refusalReason}</span>}
                  {item.restockedAt && <span className="block text-ink-soft">Rimesso in vendita</span>}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>

      {request.state === "received" && (
        <section aria-labelledby="return-goods" className="rounded-md border border-sand bg-white p-5 text-sm">
          <h2 id="return-goods" className="text-lg text-ink">
            Merce
          </h2>
          <p className="mt-2 text-ink-soft">
            Quando il pacco arriva in negozio, registralo: il cliente riceve un'email.
          </p>
          <StepButton intent="goods-received" label="Merce ricevuta" busyLabel="Registrazione in corso…" />
        </section>
      )}

      {request.state === "goods_received" && (
        <section aria-labelledby="return-refund" className="rounded-md border border-sand bg-white p-5 text-sm">
          <h2 id="return-refund" className="text-lg text-ink">
            Rimborso
          </h2>
          {undecided ? (
            <p className="mt-2 text-ink-soft">Decidi su ogni articolo e salva le decisioni prima del rimborso.</p>
          ) : (
            <>
              <p className="mt-2 text-ink">
                Da rimborsare: <strong>{formatEuro(request.dueCents)}</strong>
                {request.shippingRefundCents > 0 && ` (spedizione inclusa: ${formatEuro(request.shippingRefundCents)})`}
              </p>
              {!online && (
                <p className="mt-1 text-ink-soft">
                  Ordine non pagato online: nessun rimborso tramite il circuito di pagamento, restituisci l'importo in
                  negozio.
                </p>
              )}
              <StepButton
                intent="refund-return"
                label={online && request.dueCents > 0 ? "Rimborsa e chiudi" : "Chiudi la richiesta"}
                busyLabel="Rimborso in corso…"
              />
            </>
          )}
        </section>
      )}
    </div>
  );
}

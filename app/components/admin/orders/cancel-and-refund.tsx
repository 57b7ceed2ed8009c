import { useState } from "react";
import { useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showAnswerToast } from "~/components/toast";
import { formatEuro } from "~/modules/format/numbers";
import { euroInputText } from "~/modules/forms/euro-amount";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";

/** What the order was paid and can still be refunded; null before any payment. */
export type RefundableMoney = {
  paidCents: number;
  refundedCents: number;
  refundableCents: number;
  provider: string;
} | null;

const inputClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink";
const buttonClass =
  "rounded-sm border border-wine px-4 py-2 text-sm text-wine hover:bg-wine hover:text-ivory disabled:cursor-wait disabled:opacity-60";

function useAdminForm() {
  const fetcher = useFetcher<AdminOrderResult>();
  const [answers, setAnswers] = useState(0);
  useFetcherAnswer(fetcher.data, (answered) => {
    showAnswerToast(answered);
    setAnswers((count) => count + 1);
  });
  return { fetcher, key: answers, busy: fetcher.state !== "idle" };
}

/**
 * What the order was paid online and given back, and the two ways to give money back: cancelling the
 * order (stock back, the customer told, a refund of the amount chosen, all of it by default) while
 * it has not left the shop, or a refund alone (partial, e.g. after a return).
 */
export function CancelAndRefund({
  orderId,
  cancellable,
  money,
}: {
  orderId: string;
  cancellable: boolean;
  money: RefundableMoney;
}) {
  const cancel = useAdminForm();
  const refund = useAdminForm();
  return (
    <div className="space-y-5">
      {money ? (
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-ink">
          <dt>Pagato online ({money.provider})</dt>
          <dd className="text-right">{formatEuro(money.paidCents)}</dd>
          <dt>Già rimborsato</dt>
          <dd className="text-right">{formatEuro(money.refundedCents)}</dd>
          <dt>Rimborsabile</dt>
          <dd className="text-right font-medium">{formatEuro(money.refundableCents)}</dd>
        </dl>
      ) : (
        <p className="text-ink-soft">Nessun pagamento online da rimborsare.</p>
      )}

      {cancellable && (
        <details className="rounded-sm border border-sand p-3">
          <summary className="cursor-pointer text-wine">Annulla l'ordine</summary>
          <cancel.fetcher.Form method="post" key={cancel.key} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="cancel-order" />
            <input type="hidden" name="orderId" value={orderId} />
            <p className="text-ink-soft">Gli articoli tornano disponibili e il cliente riceve un'email.</p>
            {money && money.refundableCents > 0 && (
              <label className="block text-ink">
                Importo da rimborsare (€)
                <input
                  name="refund"
                  inputMode="decimal"
                  defaultValue={euroInputText(money.refundableCents)}
                  className={inputClass}
                />
              </label>
            )}
            <button type="submit" className={buttonClass} disabled={cancel.busy}>
              {cancel.busy ? "Annullamento in corso…" : "Conferma annullamento"}
            </button>
          </cancel.fetcher.Form>
        </details>
      )}

      {money && money.refundableCents > 0 && (
        <details className="rounded-sm border border-sand p-3">
          <summary className="cursor-pointer text-wine">Rimborsa</summary>
          <refund.fetcher.Form method="post" key={refund.key} className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="orderId" value={orderId} />
            <label className="block text-ink">
              Importo (€), al massimo {formatEuro(money.refundableCents)}
              <input name="refund" inputMode="decimal" required className={inputClass} />
            </label>
            <label className="block text-ink">
              Motivo (facoltativo)
              <input name="reason" maxLength={500} className={inputClass} />
            </label>
            <button type="submit" className={buttonClass} disabled={refund.busy}>
              {refund.busy ? "Rimborso in corso…" : "Rimborsa"}
            </button>
          </refund.fetcher.Form>
        </details>
      )}
    </div>
  );
}

import { CircleCheck } from "lucide-react";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import type { WithdrawalReceipt } from "~/modules/withdrawals/requests.server";

const stateLabels: Record<WithdrawalReceipt["state"], string> = {
  received: "Ricevuto: aspettiamo gli articoli",
  goods_received: "Articoli ricevuti: li stiamo controllando",
  refunded: "Rimborsato",
  partially_refused: "Rimborsato in parte",
  closed: "Prenotazione annullata",
};

/** The receipt of a withdrawal, as the acknowledgement e-mail states it. */
export function WithdrawalReceiptView({ receipt }: { receipt: WithdrawalReceipt }) {
  return (
    <section aria-labelledby="withdrawal-receipt" className="space-y-6">
      <div className="flex items-start gap-3">
        <CircleCheck aria-hidden className="mt-1 size-6 shrink-0 text-wine" strokeWidth={1.5} />
        <div>
          <h2 id="withdrawal-receipt" className="text-2xl text-ink">
            Recesso ricevuto
          </h2>
          <p className="mt-1 text-ink-soft">
            Abbiamo ricevuto il tuo recesso il {formatDate(receipt.createdAt, "dateTime")} e ti abbiamo mandato la
            conferma a {receipt.email}.
          </p>
        </div>
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-ink-soft">Ordine</dt>
        <dd className="text-ink">{receipt.orderNumber}</dd>
        <dt className="text-ink-soft">Nome</dt>
        <dd className="text-ink">{receipt.name}</dd>
        <dt className="text-ink-soft">Data e ora del recesso</dt>
        <dd className="text-ink">{formatDate(receipt.createdAt, "dateTime")}</dd>
        <dt className="text-ink-soft">Recesso da</dt>
        <dd className="text-ink">{receipt.wholeOrder ? "Tutto l'ordine" : "Alcuni articoli"}</dd>
        <dt className="text-ink-soft">Stato</dt>
        <dd className="text-ink">{stateLabels[receipt.state]}</dd>
      </dl>
      <ul className="divide-y divide-sand rounded-md border border-sand bg-white">
        {receipt.items.map((item) => (
          <li key={item.id} className="flex justify-between gap-4 px-4 py-3 text-sm">
            <span className="text-ink">
              {item.quantity} × {item.productName}
              {(item.size || item.color) && (
                <span className="block text-ink-soft">
                  {[item.size && `Taglia: ${item.size}`, item.color && `Colore: ${item.color}`]
                    .filter(Boolean)
                    .join(" · ")}
                </span>
              )}
              {item.hygieneSealed && (
                <span className="block text-wine">Sigillo igienico: rimborsato solo se intatto.</span>
              )}
            </span>
            <span className="text-ink">{formatEuro(item.unitPriceCents * item.quantity)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

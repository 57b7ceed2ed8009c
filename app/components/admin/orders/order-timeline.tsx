import { formatDate } from "~/modules/format/dates";
import type { TimelineEntry } from "~/modules/orders/timeline";

const kindLabels: Record<TimelineEntry["kind"], string> = {
  status: "Stato",
  payment: "Pagamento",
  carrier: "Corriere",
  email: "Email",
  refund: "Rimborso",
  staff: "Negozio",
  warning: "Avviso",
  withdrawal: "Recesso",
};

/** Everything that happened to the order, oldest first, with who did it. */
export function OrderTimeline({ entries }: { entries: TimelineEntry[] }) {
  if (entries.length === 0) return <p className="text-ink-soft">Nessun evento.</p>;
  return (
    <ol className="space-y-3">
      {entries.map((entry, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the history of one order, in a fixed order
        <li key={index} className="border-l-2 border-sand pl-3" data-kind={entry.kind}>
          <p className="text-xs text-ink-soft">
            {formatDate(entry.at, "dateTime")} · {kindLabels[entry.kind]} · {entry.actor}
          </p>
          <p className={entry.kind === "warning" ? "text-wine" : "text-ink"}>{entry.text}</p>
        </li>
      ))}
    </ol>
  );
}

import { type StatusTone, statusTone } from "~/modules/orders/status";

const toneClass: Record<StatusTone, string> = {
  positive: "bg-green-50 text-green-800 ring-green-700/20",
  waiting: "bg-amber-50 text-amber-900 ring-amber-700/20",
  negative: "bg-blush text-sale ring-sale/20",
  neutral: "bg-linen text-ink-soft ring-ink/10",
};

/** An order or payment status as a coloured badge; `label` is the status's catalogue label. */
export function StatusBadge({ status, label }: { status: string; label: string }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${toneClass[statusTone(status)]}`}
    >
      {label}
    </span>
  );
}

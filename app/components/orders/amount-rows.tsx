import type { ReactNode } from "react";
import { formatEuro } from "~/modules/format/numbers";

/**
 * One line of a money summary: an `item` (a bought line), a plain amount (subtotal, shipping), a
 * `discount` (in the shop's accent, with a minus) or the `total` that closes the list.
 */
export type AmountRow = {
  label: ReactNode;
  cents: number;
  kind?: "item" | "discount" | "total";
  /** What a zero amount reads as, e.g. "Gratuita" for shipping. */
  free?: string;
  /** The amount as already written (an order's rows: amountText), instead of the above. */
  text?: string;
  testId?: string;
};

const rowClass = {
  plain: "flex justify-between gap-4",
  item: "flex justify-between gap-4 text-ink",
  discount: "flex justify-between gap-4 text-wine",
  total: "flex justify-between gap-4 border-t border-sand pt-3 text-base font-semibold text-ink",
};

/**
 * The money summary of the cart, the checkout and the order pages: labels on the left, amounts on
 * the right.
 */
export function AmountRows({ rows, className = "space-y-2 text-sm" }: { rows: AmountRow[]; className?: string }) {
  return (
    <dl className={className}>
      {rows.map((row, index) => (
        // Rows are built in a fixed order for each page: the index is stable.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <div key={index} className={rowClass[row.kind ?? "plain"]}>
          <dt className={row.kind === undefined ? "text-ink-soft" : undefined}>{row.label}</dt>
          <dd data-testid={row.testId} className="whitespace-nowrap">
            {row.text ??
              `${row.kind === "discount" ? "−" : ""}${row.cents === 0 && row.free ? row.free : formatEuro(row.cents)}`}
          </dd>
        </div>
      ))}
    </dl>
  );
}

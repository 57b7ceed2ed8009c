import { amountText, type BreakdownItem, type OrderBreakdown, type SummaryRow } from "~/modules/orders/order-breakdown";
import { type AmountRow, AmountRows } from "./amount-rows";

const rowKind: Record<SummaryRow["part"], AmountRow["kind"]> = {
  subtotal: undefined,
  promo: "discount",
  discount: "discount",
  shipping: undefined,
  total: "total",
};

function LineLabel({ line, testId }: { line: BreakdownItem; testId: string }) {
  const details = [
    `Qtà: ${line.quantity}`,
    line.size && `Taglia: ${line.size}`,
    line.color && `Colore: ${line.color}`,
  ].filter(Boolean);
  return (
    <span data-testid={testId}>
      {line.productName}
      <span className="block text-ink-soft">{details.join(" · ")}</span>
    </span>
  );
}

/**
 * An order's lines and amounts, as orderBreakdown adds them up for every page that shows an order.
 * `testId` names the rows: "<testId>-line", "<testId>-subtotal", "-promo", "-discount", "-shipping", "-total".
 * `withLines: false` shows the amounts only, for a page that lists the lines elsewhere.
 */
export function OrderAmounts({
  breakdown,
  testId,
  withLines = true,
  className,
}: {
  breakdown: OrderBreakdown;
  testId: string;
  withLines?: boolean;
  className?: string;
}) {
  return (
    <AmountRows
      className={className}
      rows={[
        ...(withLines
          ? breakdown.lines.map(
              (line): AmountRow => ({
                kind: "item",
                label: <LineLabel line={line} testId={`${testId}-line`} />,
                cents: line.lineTotalCents,
              }),
            )
          : []),
        ...breakdown.rows.map(
          (row): AmountRow => ({
            label: row.label,
            cents: row.cents,
            kind: rowKind[row.part],
            text: amountText(row),
            testId: `${testId}-${row.part}`,
          }),
        ),
      ]}
    />
  );
}

// A bar chart of one figure per period, drawn by Recharts: axes in Italian formats, each bar's exact
// value in the tooltip, and the same figures in a table for screen readers.
import { CartesianGrid, Bar as RechartsBar, BarChart as RechartsBarChart, Tooltip, XAxis, YAxis } from "recharts";

export type Bar = { label: string; value: number };

// The palette's ink, sand and soft ink (app.css), as Recharts paints with attributes, not classes.
const colors = { bar: "var(--color-ink)", grid: "var(--color-sand)", text: "var(--color-ink-soft)" };

export function BarChart({
  title,
  bars,
  format,
  formatAxis = format,
  valueLabel,
}: {
  title: string;
  bars: Bar[];
  /** A value as the tooltips and the table write it, e.g. "1.234,56 €". */
  format: (value: number) => string;
  /** A gridline's value, e.g. "1.000 €". */
  formatAxis?: (value: number) => string;
  /** The table's heading of the values, e.g. "Ricavi". */
  valueLabel: string;
}) {
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      <div role="img" aria-label={title} className="mt-2">
        <RechartsBarChart
          data={bars}
          responsive
          style={{ width: "100%", aspectRatio: 720 / 260 }}
          margin={{ top: 12, right: 12, bottom: 8, left: 12 }}
          accessibilityLayer={false}
        >
          <CartesianGrid vertical={false} stroke={colors.grid} />
          <XAxis dataKey="label" tick={{ fill: colors.text, fontSize: 11 }} stroke={colors.bar} minTickGap={12} />
          <YAxis
            tickFormatter={formatAxis}
            tick={{ fill: colors.text, fontSize: 11 }}
            stroke={colors.grid}
            width="auto"
            allowDecimals={false}
          />
          <Tooltip
            formatter={(value) => [format(Number(value)), valueLabel]}
            cursor={{ fill: colors.grid, opacity: 0.5 }}
            isAnimationActive={false}
          />
          <RechartsBar dataKey="value" name={valueLabel} fill={colors.bar} isAnimationActive={false} />
        </RechartsBarChart>
      </div>
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">Periodo</th>
            <th scope="col">{valueLabel}</th>
          </tr>
        </thead>
        <tbody>
          {bars.map((bar) => (
            <tr key={bar.label}>
              <th scope="row">{bar.label}</th>
              <td>{format(bar.value)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

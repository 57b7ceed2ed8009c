// A bar chart drawn in SVG, with its axes labelled and every bar's value in a tooltip and in a
// table for screen readers: a few dozen lines instead of a charting library in the admin bundle.

export type Bar = { label: string; value: number };

const width = 720;
const height = 260;
const margin = { top: 12, right: 12, bottom: 40, left: 84 };
const plotWidth = width - margin.left - margin.right;
const plotHeight = height - margin.top - margin.bottom;

/** A round step giving about four gridlines up to `max`. */
function niceStep(max: number): number {
  const rough = max / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const [step] = [1, 2, 2.5, 5, 10].map((factor) => factor * power).filter((candidate) => candidate >= rough);
  return step ?? power * 10;
}

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
  const max = Math.max(0, ...bars.map((bar) => bar.value));
  const step = max > 0 ? niceStep(max) : 1;
  const top = max > 0 ? Math.ceil(max / step) * step : 1;
  const ticks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step);
  const slot = plotWidth / Math.max(bars.length, 1);
  const barWidth = Math.max(1, slot * 0.7);
  // At most about ten labels under the bars, evenly spread.
  const labelEvery = Math.max(1, Math.ceil(bars.length / 10));
  const y = (value: number) => margin.top + plotHeight - (value / top) * plotHeight;
  return (
    <figure className="mt-4">
      <figcaption className="text-sm font-medium text-ink">{title}</figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} className="mt-2 w-full" role="img" aria-label={title}>
        {ticks.map((tick) => (
          <g key={tick}>
            <line x1={margin.left} x2={width - margin.right} y1={y(tick)} y2={y(tick)} className="stroke-sand" />
            <text
              x={margin.left - 6}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-ink-soft text-[11px]"
            >
              {formatAxis(tick)}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          const x = margin.left + i * slot + (slot - barWidth) / 2;
          return (
            <g key={bar.label}>
              <rect x={x} y={y(bar.value)} width={barWidth} height={y(0) - y(bar.value)} className="fill-ink">
                <title>{`${bar.label}: ${format(bar.value)}`}</title>
              </rect>
              {i % labelEvery === 0 && (
                <text
                  x={x + barWidth / 2}
                  y={height - margin.bottom + 16}
                  textAnchor="middle"
                  className="fill-ink-soft text-[11px]"
                >
                  {bar.label}
                </text>
              )}
            </g>
          );
        })}
        <line x1={margin.left} x2={width - margin.right} y1={y(0)} y2={y(0)} className="stroke-ink" />
      </svg>
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

import { type Bar, BarChart } from "~/components/admin/stats/bar-chart";
import { buttonClass } from "~/components/ui/button";
import { formatEuro } from "~/modules/format/numbers";
import { deliveryLabel } from "~/modules/orders/order-views";
import { bucketLabel, granularities, granularityLabels, statsParams, statsQuery } from "~/modules/stats/periods";
import type { BestSeller, SalesStats, SalesTotals, SellThrough } from "~/modules/stats/sales-stats.server";

const number = new Intl.NumberFormat("it-IT");
const percent = new Intl.NumberFormat("it-IT", { style: "percent", maximumFractionDigits: 1 });
const signedPercent = new Intl.NumberFormat("it-IT", {
  style: "percent",
  maximumFractionDigits: 1,
  signDisplay: "exceptZero",
});
const euroAxis = new Intl.NumberFormat("it-IT", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const shortDate = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", dateStyle: "short" });
const dayText = (day: string) => shortDate.format(new Date(`${day}T00:00:00Z`));

const labelClass = "text-xs font-medium tracking-[0.1em] text-ink-soft uppercase";
const controlClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-sm text-ink focus:border-ink";
// A wide table scrolls inside its card, never the page (phones).
const cardClass = "min-w-0 overflow-x-auto rounded-md border border-sand bg-white p-4";

/** "+12,5% rispetto a …" or nothing when the previous period had nothing to compare with. */
function change(current: number, previous: number): string {
  if (previous === 0) return current === 0 ? "invariato" : "nessun confronto (periodo precedente a zero)";
  return signedPercent.format((current - previous) / previous);
}

function Figure({ label, value, compared }: { label: string; value: string; compared?: string }) {
  return (
    <div className={cardClass}>
      <dt className={labelClass}>{label}</dt>
      <dd className="mt-1 text-2xl text-ink">{value}</dd>
      {compared && <dd className="mt-1 text-xs text-ink-soft">{compared}</dd>}
    </div>
  );
}

function Totals({
  totals,
  previous,
  previousText,
}: {
  totals: SalesTotals;
  previous: SalesTotals;
  previousText: string;
}) {
  return (
    <dl className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        label="Ricavi"
        value={formatEuro(totals.revenueCents)}
        compared={`${change(totals.revenueCents, previous.revenueCents)} ${previousText} (${formatEuro(previous.revenueCents)})`}
      />
      <Figure
        label="Ordini"
        value={number.format(totals.orders)}
        compared={`${change(totals.orders, previous.orders)} ${previousText} (${number.format(previous.orders)})`}
      />
      <Figure
        label="Valore medio ordine"
        value={formatEuro(totals.averageOrderCents)}
        compared={`${change(totals.averageOrderCents, previous.averageOrderCents)} ${previousText} (${formatEuro(previous.averageOrderCents)})`}
      />
      <Figure
        label="Rimborsato"
        value={formatEuro(totals.refundedCents)}
        compared={`su ${formatEuro(totals.grossCents)} incassati`}
      />
    </dl>
  );
}

function BestSellers({ title, rows }: { title: string; rows: BestSeller[] }) {
  return (
    <section aria-label={title} className={cardClass}>
      <h2 className="text-lg text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">Nessuna vendita nel periodo.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-ink-soft">
              <th scope="col">Prodotto</th>
              <th scope="col" className="text-right">
                Pezzi
              </th>
              <th scope="col" className="text-right">
                Ricavi
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={`${row.productId}-${row.name}`} className="border-t border-sand">
                <th scope="row" className="py-1 text-left font-normal">
                  {row.name}
                </th>
                <td className="text-right">{number.format(row.units)}</td>
                <td className="text-right">{formatEuro(row.revenueCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function SellThroughTable({ title, heading, rows }: { title: string; heading: string; rows: SellThrough[] }) {
  return (
    <section aria-label={title} className={cardClass}>
      <h2 className="text-lg text-ink">{title}</h2>
      {rows.length === 0 ? (
        <p className="mt-2 text-sm text-ink-soft">Nessuna vendita nel periodo.</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-left text-ink-soft">
              <th scope="col">{heading}</th>
              <th scope="col" className="text-right">
                Venduti
              </th>
              <th scope="col" className="text-right">
                In magazzino
              </th>
              <th scope="col" className="text-right">
                Sell-through
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.group} className="border-t border-sand">
                <th scope="row" className="py-1 text-left font-normal">
                  {row.group}
                </th>
                <td className="text-right">{number.format(row.sold)}</td>
                <td className="text-right">{number.format(row.inStock)}</td>
                <td className="text-right">{percent.format(row.rate)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

export function SalesStatsPage({ stats, errors }: { stats: SalesStats; errors: string[] }) {
  const { period, previous } = stats;
  const previousText = `rispetto al ${dayText(previous.from)}–${dayText(previous.to)}`;
  const label = (start: string) => bucketLabel(start, period.granularity);
  const revenueBars: Bar[] = stats.series.map((bucket) => ({ label: label(bucket.start), value: bucket.revenueCents }));
  const orderBars: Bar[] = stats.series.map((bucket) => ({ label: label(bucket.start), value: bucket.orders }));
  const { reservations, returns } = stats;
  return (
    <>
      <h1 className="text-3xl text-ink">Statistiche di Vendita</h1>
      <form method="get" action="/admin/analytics" className={`mt-6 ${cardClass}`}>
        {errors.length > 0 && (
          <div role="alert" className="mb-4 rounded-sm border border-sale bg-linen px-3 py-2 text-sm text-ink">
            <ul className="list-disc pl-5">
              {errors.map((error) => (
                <li key={error}>{error}</li>
              ))}
            </ul>
          </div>
        )}
        <div className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <div>
            <label htmlFor="stats-from" className={labelClass}>
              Dal
            </label>
            <input
              id="stats-from"
              type="date"
              name={statsParams.from}
              defaultValue={period.from}
              className={controlClass}
            />
          </div>
          <div>
            <label htmlFor="stats-to" className={labelClass}>
              Al
            </label>
            <input id="stats-to" type="date" name={statsParams.to} defaultValue={period.to} className={controlClass} />
          </div>
          <div>
            <label htmlFor="stats-granularity" className={labelClass}>
              Raggruppa per
            </label>
            <select
              id="stats-granularity"
              name={statsParams.granularity}
              defaultValue={period.granularity}
              className={controlClass}
            >
              {granularities.map((granularity) => (
                <option key={granularity} value={granularity}>
                  {granularityLabels[granularity]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonClass.primary}>
            Mostra
          </button>
        </div>
      </form>
      <p className="mt-4 text-sm text-ink-soft">
        Dal {dayText(period.from)} al {dayText(period.to)}. Ricavi: ordini pagati online o in negozio, meno i rimborsi;
        giorni di Roma.{" "}
        <a href={`/admin/analytics/export.csv?${statsQuery(period)}`} download className="text-ink underline">
          Esporta CSV
        </a>
      </p>
      <Totals totals={stats.totals} previous={stats.previousTotals} previousText={previousText} />
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <section className={cardClass}>
          <BarChart
            title="Ricavi per periodo"
            bars={revenueBars}
            valueLabel="Ricavi"
            format={formatEuro}
            formatAxis={(cents) => euroAxis.format(cents / 100)}
          />
        </section>
        <section className={cardClass}>
          <BarChart
            title="Ordini per periodo"
            bars={orderBars}
            valueLabel="Ordini"
            format={(count) => number.format(count)}
          />
        </section>
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-2">
        <BestSellers title="Più venduti per pezzi" rows={stats.bestByUnits} />
        <BestSellers title="Più venduti per ricavi" rows={stats.bestByRevenue} />
        <SellThroughTable title="Sell-through per marca" heading="Marca" rows={stats.brands} />
        <SellThroughTable title="Sell-through per sottocategoria" heading="Sottocategoria" rows={stats.subcategories} />
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-3">
        <section aria-label="Metodo di consegna" className={cardClass}>
          <h2 className="text-lg text-ink">Metodo di consegna</h2>
          <ul className="mt-2 space-y-1 text-sm">
            {stats.delivery.map((row) => (
              <li key={row.method}>
                {deliveryLabel(row.method)}: {number.format(row.orders)} ordini (
                {percent.format(stats.totals.orders === 0 ? 0 : row.orders / stats.totals.orders)}),{" "}
                {formatEuro(row.revenueCents)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-label="Prenotazioni ritirate" className={cardClass}>
          <h2 className="text-lg text-ink">Prenotazioni ritirate</h2>
          <p className="mt-2 text-2xl text-ink">
            {percent.format(reservations.placed === 0 ? 0 : reservations.collected / reservations.placed)}
          </p>
          <p className="text-sm text-ink-soft">
            {number.format(reservations.collected)} ritirate su {number.format(reservations.placed)}; non ritirate{" "}
            {number.format(reservations.notCollected)}, in attesa {number.format(reservations.waiting)}.
          </p>
        </section>
        <section aria-label="Tasso di reso" className={cardClass}>
          <h2 className="text-lg text-ink">Tasso di reso</h2>
          <p className="mt-2 text-2xl text-ink">{percent.format(returns.rate)}</p>
          <p className="text-sm text-ink-soft">
            {number.format(returns.returned)} ordini con recesso su {number.format(returns.orders)}.
          </p>
        </section>
      </div>
      <section aria-label="Scorte in esaurimento" className={`mt-6 ${cardClass}`}>
        <h2 className="text-lg text-ink">Scorte in esaurimento</h2>
        <p className="text-sm text-ink-soft">
          Varianti vendute nel periodo la cui scorta dura meno di 30 giorni a questo ritmo.
        </p>
        {stats.runningOut.length === 0 ? (
          <p className="mt-2 text-sm text-ink-soft">Nessuna.</p>
        ) : (
          <table className="mt-2 w-full text-sm">
            <thead>
              <tr className="text-left text-ink-soft">
                <th scope="col">Prodotto</th>
                <th scope="col">Colore e taglia</th>
                <th scope="col" className="text-right">
                  Venduti
                </th>
                <th scope="col" className="text-right">
                  Scorta
                </th>
                <th scope="col" className="text-right">
                  Giorni rimasti
                </th>
              </tr>
            </thead>
            <tbody>
              {stats.runningOut.map((row) => (
                <tr key={row.variantId} className="border-t border-sand">
                  <th scope="row" className="py-1 text-left font-normal">
                    {row.name}
                  </th>
                  <td>
                    {row.color} {row.size}
                  </td>
                  <td className="text-right">{number.format(row.sold)}</td>
                  <td className="text-right">{number.format(row.stock)}</td>
                  <td className="text-right">{number.format(row.daysLeft)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </>
  );
}

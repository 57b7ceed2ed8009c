import { CSV_BOM, csvEuro, csvLine } from "~/modules/orders/orders-csv";
import type { SalesBucket } from "./sales-stats.server";

// The statistics' CSV export: orders and revenue per bucket of the period, as the chart shows them,
// for Italian Excel (semicolons, decimal comma, byte order mark), like the order list's export.

/** The whole file. */
export function salesSeriesCsv(series: SalesBucket[]): string {
  const lines = series.map((bucket) => csvLine([bucket.start, String(bucket.orders), csvEuro(bucket.revenueCents)]));
  return `${CSV_BOM}${csvLine(["Inizio periodo", "Ordini", "Ricavi (€)"])}${lines.join("")}`;
}

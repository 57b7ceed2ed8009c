import { SECOND_SWIMSUIT_PROMO_LABEL } from "~/modules/cart/pricing";
import { formatDate } from "~/modules/format/dates";
import { CARRIER_NAME } from "~/modules/shop/constants";
import type { AdminOrderExportRow } from "./admin-orders.server";
import { centsByPart, orderBreakdown } from "./order-breakdown";
import { deliveryLabel, shortOrderId } from "./order-views";
import { orderStatusLabel, paymentStatusLabel } from "./status";

// The order list as a CSV file for Excel set to Italian: ';' between cells (',' is the decimal
// separator there), a UTF-8 byte order mark (without it Excel reads the accents as Windows-1252),
// amounts as "57,90" so they stay numbers, and CRLF line ends as RFC 4180 says.

/** Starts the file; Excel needs it to read the rest as UTF-8. */
export const CSV_BOM = "\uFEFF";

const columns = [
  "Ordine",
  "Data",
  "Cliente",
  "E-mail",
  // The amounts of orderBreakdown, as on the order's page: Subtotale − promo − sconto + spedizione = totale.
  "Subtotale (EUR)",
  `${SECOND_SWIMSUIT_PROMO_LABEL} (EUR)`,
  "Sconto",
  "Sconto (EUR)",
  "Spedizione (EUR)",
  "Totale (EUR)",
  "Stato",
  "Pagamento",
  "Consegna",
  `Tracking ${CARRIER_NAME}`,
] as const;

/**
 * One cell. A value that starts like a formula (= + - @, or a tab or carriage return that Excel
 * skips before one) gets a leading apostrophe, so a customer named "=HYPERLINK(…)" stays text;
 * a value holding the separator, quotes or line breaks is quoted.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** 5790 → "57,90": a number for Italian Excel, without the currency sign that would make it text. */
export function csvEuro(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

export function csvLine(cells: string[]): string {
  return `${cells.map(csvCell).join(";")}\r\n`;
}

/** The first line of the file, the byte order mark included. */
export function ordersCsvHeader(): string {
  return `${CSV_BOM}${csvLine([...columns])}`;
}

/** The lines of these orders, in the columns of the header. */
export function ordersCsvRows(rows: AdminOrderExportRow[]): string {
  return rows
    .map((row) => {
      const breakdown = orderBreakdown({ ...row, items: [] });
      const cents = centsByPart(breakdown);
      const discounts = breakdown.rows.filter((amount) => amount.part === "discount");
      return csvLine([
        shortOrderId(row.id),
        formatDate(row.createdAt, "dateTime"),
        row.customerName ?? "N/A",
        row.email,
        csvEuro(cents.subtotal),
        csvEuro(cents.promo),
        discounts.map((discount) => discount.label).join(", "),
        csvEuro(cents.discount),
        csvEuro(cents.shipping),
        csvEuro(cents.total),
        orderStatusLabel(row.status),
        paymentStatusLabel(row.paymentStatus),
        deliveryLabel(row.deliveryMethod),
        row.shippingTracking ?? "N/D",
      ]);
    })
    .join("");
}

import type { OrderDiscount } from "~/db/schema";
import { lineTotalCents, SECOND_SWIMSUIT_PROMO_CODE } from "~/modules/cart/pricing";
import { formatEuro } from "~/modules/format/numbers";
import type { DeliveryMethod } from "./values";

// How every place that shows an order adds it up: the customer's order list, the success page, the
// e-mails, the admin's order page and the orders CSV (and the payment step, for the order about to
// be placed). The lines at their price, 'Subtotale' (their sum, as the cart calls it), the 'Promo
// Extra 2° Costume', the one order-level discount by its name, shipping or pickup, and the total:
// one function, so the figures on every page add up the same way.

/** A line of an order, as every view shows it. */
export type BreakdownItem = {
  productName: string;
  quantity: number;
  size: string | null;
  color: string | null;
  unitPriceCents: number;
};

/** What an order keeps of its amounts (integer cents), with its lines. */
export type OrderAmounts<Item extends BreakdownItem = BreakdownItem> = {
  deliveryMethod: DeliveryMethod;
  items: readonly Item[];
  /** The lines' sum, before any discount. */
  subtotalCents: number;
  /** The promotion and the order-level discount, as the order was placed with them. */
  discounts: readonly OrderDiscount[];
  shippingCostCents: number;
  totalCents: number;
};

/** One amount under the lines; `promo` and `discount` are taken off. */
export type SummaryRow = {
  part: "subtotal" | "promo" | "discount" | "shipping" | "total";
  label: string;
  cents: number;
};

export type OrderBreakdown<Item extends BreakdownItem = BreakdownItem> = {
  lines: (Item & { lineTotalCents: number })[];
  /** Subtotale, the promotion and the order-level discount when the order has them, shipping, total. */
  rows: SummaryRow[];
};

export const TOTAL_LABEL = "Totale (IVA inclusa)";

export function orderBreakdown<Item extends BreakdownItem>(order: OrderAmounts<Item>): OrderBreakdown<Item> {
  const discountRows = order.discounts.map(
    (discount): SummaryRow => ({
      part: discount.code === SECOND_SWIMSUIT_PROMO_CODE ? "promo" : "discount",
      label: discount.label,
      cents: discount.amountCents,
    }),
  );
  return {
    lines: order.items.map((item) => ({ ...item, lineTotalCents: lineTotalCents(item) })),
    rows: [
      { part: "subtotal", label: "Subtotale", cents: order.subtotalCents },
      // The promotion on the lines first, then the discount on what it left.
      ...discountRows.filter((row) => row.part === "promo"),
      ...discountRows.filter((row) => row.part === "discount"),
      {
        part: "shipping",
        label: order.deliveryMethod === "shipping" ? "Spedizione" : "Ritiro in negozio",
        cents: order.shippingCostCents,
      },
      { part: "total", label: TOTAL_LABEL, cents: order.totalCents },
    ],
  };
}

/** The amount of a row as it reads: "−5,99 €" for what is taken off, "Gratuita" for free shipping or pickup. */
export function amountText(row: SummaryRow): string {
  if (row.part === "promo" || row.part === "discount") return `−${formatEuro(row.cents)}`;
  if (row.part === "shipping" && row.cents === 0) return "Gratuita";
  return formatEuro(row.cents);
}

/** Each part's cents (0 for a part the order has none of), e.g. for the columns of the CSV. */
export function centsByPart(breakdown: OrderBreakdown): Record<SummaryRow["part"], number> {
  const cents = { subtotal: 0, promo: 0, discount: 0, shipping: 0, total: 0 };
  for (const row of breakdown.rows) cents[row.part] += row.cents;
  return cents;
}

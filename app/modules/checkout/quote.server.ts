import type { Queryable } from "~/db/client.server";
import { lineProblemMessage } from "~/modules/cart/line-rules";
import { type OrderPricing, pricedDiscounts, priceOrder } from "~/modules/cart/pricing";
import { type QuotedLine, quoteCart } from "~/modules/cart/quote.server";
import type { CartLineRequest } from "~/modules/cart/values";
import { type OrderBreakdown, orderBreakdown } from "~/modules/orders/order-breakdown";
import type { DeliveryMethod } from "~/modules/orders/values";
import { readSettings } from "~/modules/settings/settings.server";
import { cartRules, pricingRules } from "~/modules/settings/shop-settings";
import { type DiscountExplanation, explainDiscounts } from "./discount-explanation";
import { discountOffers } from "./discounts.server";

// What the checkout charges, decided by the server from the database: the session's cart lines,
// checked and priced, the discounts this shopper is entitled to, and the delivery fee.

export type CheckoutLine = QuotedLine & {
  /** This line's share of the order-level discount. */
  orderDiscountCents: number;
};

export type CheckoutQuote = {
  lines: CheckoutLine[];
  /** The amounts of the lines that can be bought. */
  pricing: OrderPricing;
  /** The order these lines would make, added up as its pages and e-mails will show it. */
  breakdown: OrderBreakdown;
  /** Which discount applies and why the others the shopper is entitled to do not. */
  discountNotes: DiscountExplanation;
  /** Why the discount code entered cannot be used, or null. */
  couponProblem: string | null;
  /**
   * One sentence per line that cannot be bought as asked, and one when the lines are too many pieces
   * for one order; the order cannot be placed while there are any.
   */
  problems: string[];
};

/** "«Slip in cotone» (taglia M, colore Nero)" */
export function describeLine(line: Pick<QuotedLine, "name" | "size" | "color">): string {
  return `«${line.name ?? "Articolo non più disponibile"}» (taglia ${line.size}, colore ${line.color})`;
}

function lineProblem(line: QuotedLine): string | null {
  if (line.status !== "ok") return `${describeLine(line)}: ${lineProblemMessage(line.status, line.minQuantity)}`;
  if (line.clamped && line.maxQuantity < line.stock) {
    return `${describeLine(line)}: al massimo ${line.maxQuantity} pezzi per articolo in un ordine.`;
  }
  if (line.clamped) {
    return line.stock === 1
      ? `${describeLine(line)}: è rimasto un solo pezzo.`
      : `${describeLine(line)}: sono rimasti solo ${line.stock} pezzi.`;
  }
  return null;
}

export async function quoteCheckout(
  db: Queryable,
  input: {
    cart: CartLineRequest[];
    delivery: DeliveryMethod;
    email: string;
    userId: string | null;
    couponCode: string | null;
    now: Date;
    /** The checkout asking, when there is one: its own unpaid order is ended before it orders again. */
    checkoutSessionId?: string;
  },
): Promise<CheckoutQuote> {
  // One query after the other: inside a transaction they share one connection.
  const settings = await readSettings(db);
  const rules = pricingRules(settings);
  const { lines, unitsProblem } = await quoteCart(db, { items: input.cart }, cartRules(settings));
  const { offers, couponProblem } = await discountOffers(db, { ...input, discounts: settings.discounts });
  const buyable = lines.filter((line) => line.status === "ok");
  const pricing = priceOrder(
    buyable.map((line) => ({
      unitPriceCents: line.unitPriceCents ?? 0,
      quantity: line.quantity,
      subcategory: line.subcategory ?? "",
    })),
    input.delivery,
    rules,
    offers,
  );
  const orderDiscounts = new Map(buyable.map((line, index) => [line, pricing.orderDiscountCentsByLine[index] ?? 0]));
  return {
    lines: lines.map((line) => ({ ...line, orderDiscountCents: orderDiscounts.get(line) ?? 0 })),
    pricing,
    breakdown: orderBreakdown({
      deliveryMethod: input.delivery,
      items: buyable.map((line) => ({
        productName: line.name ?? "",
        quantity: line.quantity,
        size: line.size,
        color: line.color,
        unitPriceCents: line.unitPriceCents ?? 0,
      })),
      subtotalCents: pricing.subtotalCents,
      discounts: pricedDiscounts(pricing),
      shippingCostCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
    }),
    discountNotes: explainDiscounts({
      offers,
      applied: pricing.orderDiscount,
      promoCents: pricing.promoDiscountCents,
    }),
    couponProblem,
    problems: [
      ...lines.map(lineProblem).filter((problem): problem is string => problem !== null),
      ...(unitsProblem ? [unitsProblem] : []),
    ],
  };
}

// The demo shop's order history: about eighty orders over the sixty days before today, as the
// checkout would have written them (real pricing, lines from the demo catalogue), in the statuses a
// running shop has, so the admin's orders, shipments and statistics have something to show.
// Deterministic for a given day: a test computes the same orders the first start loaded.
import type { OrderStatus, PaymentStatus } from "~/db/schema";
import { type PricedLine, priceOrder } from "~/modules/cart/pricing";
import { addDays, romeMoment } from "~/modules/dates/rome";
import type { DeliveryMethod } from "~/modules/orders/values";
import { defaultPublicSettings, pricingRules } from "~/modules/settings/shop-settings";
import type { DemoProduct } from "./catalog/catalog";
import { seededRandom } from "./product-art";

export const DEMO_ORDER_DAYS = 60;

export type DemoOrderLine = PricedLine & {
  productId: number;
  variantId: number;
  productName: string;
  size: string;
  color: string;
  /** This line's share of the 'Promo Extra 2° Costume'. */
  discountCents: number;
};

export type DemoOrder = {
  /** Its place in the history, oldest first: names its payment session and refund. */
  number: number;
  createdAt: Date;
  name: string;
  email: string;
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  deliveryMethod: DeliveryMethod;
  lines: DemoOrderLine[];
  subtotalCents: number;
  promoDiscountCents: number;
  shippingCostCents: number;
  totalCents: number;
  /** Given back through the payment provider (cancelled after payment, or one line returned). */
  refundedCents: number;
  tracking: string | null;
};

type Kind = {
  status: OrderStatus;
  payment: PaymentStatus;
  delivery: DeliveryMethod;
  weight: number;
  days: [number, number];
};

// Most orders are done; the last days' still wait for the courier or for staff.
const kinds: Kind[] = [
  { status: "completed", payment: "paid", delivery: "shipping", weight: 40, days: [6, DEMO_ORDER_DAYS] },
  { status: "completed", payment: "paid", delivery: "pickup", weight: 8, days: [3, DEMO_ORDER_DAYS] },
  { status: "completed", payment: "paid_in_store", delivery: "pickup_and_pay", weight: 8, days: [3, DEMO_ORDER_DAYS] },
  {
    status: "cancelled",
    payment: "to_be_paid_in_store",
    delivery: "pickup_and_pay",
    weight: 3,
    days: [9, DEMO_ORDER_DAYS],
  },
  { status: "gls_closed", payment: "paid", delivery: "shipping", weight: 4, days: [2, 5] },
  { status: "shipped", payment: "paid", delivery: "shipping", weight: 3, days: [1, 3] },
  { status: "processing", payment: "paid", delivery: "shipping", weight: 3, days: [1, 2] },
  { status: "processing", payment: "paid", delivery: "pickup", weight: 1, days: [1, 2] },
  { status: "payment_failed", payment: "failed", delivery: "shipping", weight: 4, days: [1, DEMO_ORDER_DAYS] },
  { status: "cancelled", payment: "refunded", delivery: "shipping", weight: 2, days: [4, DEMO_ORDER_DAYS] },
  { status: "completed", payment: "partially_refunded", delivery: "shipping", weight: 2, days: [10, DEMO_ORDER_DAYS] },
];

const firstNames = ["Giulia", "Francesca", "Chiara", "Sara", "Elena", "Marco", "Luca", "Paolo", "Anna", "Laura"];
const lastNames = ["Rossi", "Bianchi", "Ferrero", "Gallo", "Bruno", "Costa", "Fontana", "Conti", "Ricci", "Marino"];
const towns = [
  { city: "Fossano", postalCode: "12045", province: "CN" },
  { city: "Cuneo", postalCode: "12100", province: "CN" },
  { city: "Torino", postalCode: "10121", province: "TO" },
  { city: "Savigliano", postalCode: "12038", province: "CN" },
  { city: "Bra", postalCode: "12042", province: "CN" },
];

/** The history was priced by the shop's default fees and promotions. */
const demoPricingRules = pricingRules(defaultPublicSettings);

/** The demo orders of the `DEMO_ORDER_DAYS` days before `today` (a day in Rome, "2026-11-23"), oldest first. */
export function buildDemoOrders(catalog: readonly DemoProduct[], today: string): DemoOrder[] {
  const random = seededRandom(1978);
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const totalWeight = kinds.reduce((sum, kind) => sum + kind.weight, 0);
  const pickKind = (): Kind => {
    let left = random() * totalWeight;
    for (const kind of kinds) {
      left -= kind.weight;
      if (left < 0) return kind;
    }
    return kinds[0] as Kind;
  };
  const forSale = catalog.filter((product) => product.priceCents !== null && product.variants.length > 0);

  const orders = Array.from({ length: 80 }, (): Omit<DemoOrder, "number"> => {
    const kind = pickKind();
    const day = addDays(today, -between(...kind.days));
    const createdAt = romeMoment(day, between(8, 21), between(0, 59));
    const first = pick(firstNames);
    const last = pick(lastNames);
    const lines = Array.from({ length: between(1, 3) }, (): Omit<DemoOrderLine, "discountCents"> => {
      const product = pick(forSale);
      const variant = pick(product.variants);
      return {
        productId: product.id,
        variantId: variant.id,
        productName: product.name,
        size: variant.size,
        color: variant.colorName,
        quantity: Math.max(product.minQuantity, between(1, 2)),
        unitPriceCents: product.priceCents ?? 0,
        subcategory: product.subcategory,
      };
    });
    // One line per variant, as a cart holds them.
    const distinct = lines.filter((line, index) => lines.findIndex((l) => l.variantId === line.variantId) === index);
    const pricing = priceOrder(distinct, kind.delivery, demoPricingRules);
    // A partial refund gives back one piece of the first line.
    const refundedCents =
      kind.payment === "refunded"
        ? pricing.totalCents
        : kind.payment === "partially_refunded"
          ? Math.min(distinct[0]?.unitPriceCents ?? 0, pricing.totalCents)
          : 0;
    const shipped = kind.delivery === "shipping" && ["completed", "shipped", "gls_closed"].includes(kind.status);
    return {
      createdAt,
      name: `${first} ${last}`,
      email: `${first}.${last}${between(1, 99)}@clienti.example`.toLowerCase(),
      status: kind.status,
      paymentStatus: kind.payment,
      deliveryMethod: kind.delivery,
      lines: distinct.map((line, index) => ({ ...line, discountCents: pricing.promoDiscountCentsByLine[index] ?? 0 })),
      subtotalCents: pricing.subtotalCents,
      promoDiscountCents: pricing.promoDiscountCents,
      shippingCostCents: pricing.shippingCents,
      totalCents: pricing.totalCents,
      refundedCents,
      tracking: shipped ? `DEMO${String(between(0, 99_999_999)).padStart(8, "0")}` : null,
    };
  });
  return orders
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
    .map((order, index) => ({ ...order, number: index + 1 }));
}

/** Demo customers' addresses, one per order. */
export function demoAddress(order: DemoOrder) {
  const town = towns[order.number % towns.length] as (typeof towns)[number];
  return {
    name: order.name,
    address: `Via Garibaldi ${(order.number % 90) + 1}`,
    ...town,
    country: "Italia",
    phone: `333 ${String(1_000_000 + order.number * 7919).slice(0, 7)}`,
    email: order.email,
  };
}

import { describe, expect, it } from "vitest";
import { addDays, romeDay, romeMoment } from "~/modules/dates/rome";
import { buildDemoCatalog } from "./catalog/catalog";
import { buildDemoOrders, DEMO_ORDER_DAYS } from "./orders";

const catalog = buildDemoCatalog();
const today = "2026-11-23";
const demo = buildDemoOrders(catalog, today);

describe("the demo order history", () => {
  it("is the same every time for a given day", () => {
    expect(buildDemoOrders(catalog, today)).toEqual(demo);
    expect(demo).toHaveLength(80);
  });

  it("falls on the sixty days before today, oldest first, between 8 and 22 in Rome", () => {
    const days = demo.map((order) => romeDay(order.createdAt));
    expect(days.every((day) => day >= addDays(today, -DEMO_ORDER_DAYS) && day < today)).toBe(true);
    expect(demo.map((order) => order.createdAt.getTime())).toEqual(
      demo.map((order) => order.createdAt.getTime()).sort((a, b) => a - b),
    );
  });

  it("charges what the checkout would: catalogue prices, the promotion, shipping under 100 €", () => {
    for (const order of demo) {
      for (const line of order.lines) {
        const product = catalog.find((candidate) => candidate.id === line.productId);
        expect(product?.priceCents).toBe(line.unitPriceCents);
        expect(product?.variants.some((variant) => variant.id === line.variantId)).toBe(true);
      }
      const subtotal = order.lines.reduce((sum, line) => sum + line.unitPriceCents * line.quantity, 0);
      const promo = order.lines.reduce((sum, line) => sum + line.discountCents, 0);
      expect(order.subtotalCents).toBe(subtotal);
      expect(order.promoDiscountCents).toBe(promo);
      const goods = subtotal - promo;
      expect(order.shippingCostCents).toBe(order.deliveryMethod === "shipping" && goods < 10_000 ? 790 : 0);
      expect(order.totalCents).toBe(goods + order.shippingCostCents);
      expect(order.refundedCents).toBeLessThanOrEqual(order.totalCents);
    }
  });

  it("has the statuses a running shop has, the open ones recent", () => {
    const statuses = new Set(demo.map((order) => order.status));
    expect([...statuses].sort()).toEqual(
      ["cancelled", "completed", "gls_closed", "payment_failed", "processing", "shipped"].sort(),
    );
    const open = demo.filter((order) => ["processing", "shipped", "gls_closed"].includes(order.status));
    expect(open.every((order) => romeDay(order.createdAt) >= addDays(today, -5))).toBe(true);
    expect(demo.some((order) => order.paymentStatus === "partially_refunded" && order.refundedCents > 0)).toBe(true);
  });

  it("places a time of Rome on the right moment in winter and in summer time", () => {
    expect(romeMoment("2026-11-23", 10, 30).toISOString()).toBe("2026-11-23T09:30:00.000Z");
    expect(romeMoment("2026-07-01", 10, 30).toISOString()).toBe("2026-07-01T08:30:00.000Z");
  });
});

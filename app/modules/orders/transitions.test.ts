import { describe, expect, it } from "vitest";
import { type OrderStatus, orderStatuses } from "~/db/schema";
import { endsUnpaid, finalStatuses, nextStatus, type OrderEvent, orderTransitions } from "./transitions";
import { deliveryMethods } from "./values";

const order = (status: OrderStatus, deliveryMethod: "shipping" | "pickup" | "pickup_and_pay" = "shipping") => ({
  status,
  deliveryMethod,
});

describe("the order lifecycle", () => {
  // Each row: event, from status, delivery method → new status and payment status (null: refused).
  it.each<[OrderEvent, OrderStatus, "shipping" | "pickup" | "pickup_and_pay", string | null, string | undefined]>([
    ["payment_succeeded", "pending_payment", "shipping", "processing", "paid"],
    ["payment_succeeded", "pending_payment", "pickup", "processing", "paid"],
    ["payment_succeeded", "cancelled", "shipping", null, undefined],
    ["payment_succeeded", "processing", "shipping", null, undefined],
    ["payment_failed", "pending_payment", "shipping", "payment_failed", "failed"],
    ["payment_failed", "processing", "shipping", null, undefined],
    ["payment_expired", "pending_payment", "shipping", "cancelled", "failed"],
    ["payment_expired", "processing", "shipping", null, undefined],
    ["cancelled_by_staff", "processing", "shipping", "cancelled", undefined],
    ["cancelled_by_staff", "reserved", "pickup_and_pay", "cancelled", undefined],
    ["cancelled_by_staff", "shipped", "shipping", null, undefined],
    ["shipment_created", "processing", "shipping", "shipped", undefined],
    ["shipment_created", "processing", "pickup", null, undefined],
    ["shipment_deleted", "shipped", "shipping", "processing", undefined],
    ["shipment_deleted", "gls_closed", "shipping", null, undefined],
    ["courier_day_closed", "shipped", "shipping", "gls_closed", undefined],
    ["delivered", "gls_closed", "shipping", "completed", undefined],
    ["collected", "processing", "pickup", "completed", undefined],
    ["collected", "processing", "shipping", null, undefined],
    ["collected_and_paid", "reserved", "pickup_and_pay", "completed", "paid_in_store"],
    ["collected_and_paid", "processing", "pickup", null, undefined],
    ["reservation_ended", "reserved", "pickup_and_pay", "cancelled", undefined],
  ])("%s from %s (%s) → %s", (event, status, delivery, to, paymentStatus) => {
    const transition = nextStatus(order(status, delivery), event);
    expect(transition?.to ?? null).toBe(to);
    expect(transition?.paymentStatus).toBe(paymentStatus);
  });

  it("never leaves a final status", () => {
    for (const status of finalStatuses) {
      for (const method of deliveryMethods) {
        for (const event of Object.keys(orderTransitions) as OrderEvent[]) {
          expect(nextStatus(order(status, method), event)).toBeNull();
        }
      }
    }
  });

  it("gives stock back exactly on the ways out of an order that never reached the customer", () => {
    const releasing = Object.entries(orderTransitions)
      .filter(([, transition]) => transition.releasesStock)
      .map(([event]) => event);
    expect(releasing.sort()).toEqual(["cancelled_by_staff", "payment_expired", "payment_failed", "reservation_ended"]);
    for (const event of releasing)
      expect(["cancelled", "payment_failed"]).toContain(orderTransitions[event as OrderEvent].to);
  });

  it("gives a discount code's use back only when an order that was never paid ends", () => {
    const returning = Object.values(orderTransitions).flatMap((transition) =>
      transition.from.filter((from) => endsUnpaid(from, transition.to)).map((from) => `${from} → ${transition.to}`),
    );
    expect([...new Set(returning)].sort()).toEqual([
      "pending_payment → cancelled",
      "pending_payment → payment_failed",
      "reserved → cancelled",
    ]);
  });

  it("only names statuses the database allows", () => {
    for (const transition of Object.values(orderTransitions)) {
      expect(orderStatuses).toContain(transition.to);
      for (const from of transition.from) expect(orderStatuses).toContain(from);
    }
  });
});

import { describe, expect, it } from "vitest";
import { addDays } from "~/modules/dates/rome";
import { reservations, salesTotals } from "~/modules/stats/sales-stats.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { buildDemoCatalog } from "./catalog/catalog";
import { buildDemoOrders, DEMO_ORDER_DAYS } from "./orders";
import { seedDemoOrders } from "./orders.server";

const db = connectTestDatabase();
// A day of the past no other test's orders fall near.
const today = "1990-06-15";
const sold = new Set(["paid", "paid_in_store", "partially_refunded", "refunded"]);

class RolledBack extends Error {}

describe("the demo order history in the database", () => {
  it("gives the statistics the figures summed from the demo orders themselves", async () => {
    const demo = buildDemoOrders(buildDemoCatalog(), today);
    const soldOrders = demo.filter((order) => sold.has(order.paymentStatus));
    const range = { from: addDays(today, -DEMO_ORDER_DAYS), to: addDays(today, -1) };
    // Loaded inside a transaction that is then rolled back: the shared test database stays as it was.
    await expect(
      db.transaction(async (tx) => {
        await seedDemoOrders(tx, today);
        const totals = await salesTotals(tx, range);
        expect(totals.orders).toBe(soldOrders.length);
        expect(totals.grossCents).toBe(soldOrders.reduce((sum, order) => sum + order.totalCents, 0));
        expect(totals.revenueCents).toBe(
          soldOrders.reduce((sum, order) => sum + order.totalCents - order.refundedCents, 0),
        );
        const pickups = demo.filter((order) => order.deliveryMethod === "pickup_and_pay");
        expect(await reservations(tx, range)).toEqual({
          placed: pickups.length,
          collected: pickups.filter((order) => order.status === "completed").length,
          notCollected: pickups.filter((order) => order.status === "cancelled").length,
          waiting: 0,
        });
        throw new RolledBack();
      }),
    ).rejects.toBeInstanceOf(RolledBack);
  });
});

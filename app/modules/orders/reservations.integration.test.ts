import { eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orders, outgoingEmails } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deleteTestVariants, stockOf } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testServices } from "../../../tests/support/services";
import { endLapsedReservations } from "./reservations.server";
import { completeInStore } from "./staff-actions.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const services = testServices(db);
const day = 24 * 3600_000;

async function reservationFrom(daysAgo: number) {
  const placed = await placeTestOrder(db, services, { delivery: "pickup_and_pay", quantity: 2, stock: 5 });
  await db
    .update(orders)
    .set({ createdAt: new Date(Date.now() - daysAgo * day) })
    .where(eq(orders.id, placed.orderId));
  return placed;
}

const statusOf = async (orderId: string) =>
  (await db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe("reservations not collected in time", () => {
  it("end after 7 days: cancelled, the stock back on sale, the customer told; younger ones and collected ones stay", async () => {
    const lapsed = await reservationFrom(8);
    const recent = await reservationFrom(6);
    const collected = await reservationFrom(9);
    await completeInStore(db, collected.orderId, "staff:test");
    expect(await stockOf(db, lapsed.variant.variantId)).toBe(3);

    expect(await endLapsedReservations(db, new Date())).toBeGreaterThanOrEqual(1);
    expect(await statusOf(lapsed.orderId)).toBe("cancelled");
    expect(await stockOf(db, lapsed.variant.variantId)).toBe(5);
    const [mail] = await db
      .select()
      .from(outgoingEmails)
      .where(like(outgoingEmails.subject, `Prenotazione #${lapsed.orderId.slice(0, 8)} scaduta%`));
    expect(mail?.toAddress).toBe(lapsed.email);

    expect(await statusOf(recent.orderId)).toBe("reserved");
    expect(await stockOf(db, recent.variant.variantId)).toBe(3);
    expect(await statusOf(collected.orderId)).toBe("completed");

    // Run again: nothing more to end, no second e-mail.
    await endLapsedReservations(db, new Date());
    expect(
      await db
        .select()
        .from(outgoingEmails)
        .where(like(outgoingEmails.subject, `Prenotazione #${lapsed.orderId.slice(0, 8)}%scaduta%`)),
    ).toHaveLength(1);
  });
});

import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orderActivity, orderStatusChanges, orders, outgoingEmails, shipments } from "~/db/schema";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { readSettings } from "~/modules/settings/settings.server";
import { trackingLink } from "~/modules/settings/shop-settings";
import { glsCarrier } from "~/modules/shipping/gls.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { FakeGls } from "../../../tests/support/fake-gls-server";
import { deleteTestVariants } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { testClock, testServices } from "../../../tests/support/services";
import { labelKey } from "./labels.server";
import { closeCourierDay, deleteShipment, type ShippingDeps, shipOrder } from "./shipments.server";
import { completeInStore, markDelivered } from "./staff-actions.server";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));

const clock = testClock();
const services = testServices(db, clock);
const sandbox = services.payments as SandboxProvider;
const actor = "staff:test";
const halfKilo = { weightGrams: 500, parcelCount: 1 };

let gls: FakeGls;
beforeAll(async () => {
  gls = await new FakeGls().start();
});
afterAll(() => gls.stop());

const withSandbox: ShippingDeps = services;
const withGls = (): ShippingDeps => ({ ...services, carrier: glsCarrier(gls.settings({ timeoutMs: 300 })) });

const paidOrder = async (delivery: "shipping" | "pickup" = "shipping") =>
  (await placeTestOrder(db, services, { delivery, pay: (sessionId) => sandbox.act(sessionId, "pay") })).orderId;

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}
const shipmentsOf = (orderId: string) =>
  db.select().from(shipments).where(eq(shipments.orderId, orderId)).orderBy(asc(shipments.id));
const activityOf = async (orderId: string) =>
  (
    await db
      .select({ kind: orderActivity.kind, message: orderActivity.message })
      .from(orderActivity)
      .where(eq(orderActivity.orderId, orderId))
      .orderBy(asc(orderActivity.id))
  ).map((line) => `${line.kind}: ${line.message}`);

describe("shipping an order", () => {
  it("makes a paid home delivery shipped, with tracking, label, timeline and the customer's e-mail", async () => {
    const orderId = await paidOrder();
    const outcome = await shipOrder(withSandbox, orderId, { weightGrams: 1200, parcelCount: 2 }, actor);
    expect(outcome).toMatchObject({ ok: true, message: "Spedizione GLS creata.", warning: null });

    const order = await orderOf(orderId);
    expect(order).toMatchObject({
      status: "shipped",
      shippingCarrier: "sandbox",
      shippingWeightGrams: 1200,
      shippingParcels: 2,
    });
    expect(order.shippingTracking).toMatch(/^CN6\d{8}$/);
    const label = await services.files.read(labelKey(order.shippingLabelPath ?? "-") ?? "-");
    expect(
      Buffer.from(label ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    const [shipment] = await shipmentsOf(orderId);
    expect(shipment).toMatchObject({ state: "created", parcelCount: 2, weightGrams: 1200, requestedBy: actor });
    expect(shipment?.parcels).toHaveLength(2);

    const [change] = await db
      .select()
      .from(orderStatusChanges)
      .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.event, "shipment_created")));
    expect(change).toMatchObject({ fromStatus: "processing", toStatus: "shipped", actor });

    const activity = await activityOf(orderId);
    expect(activity).toContainEqual(
      expect.stringMatching(/^carrier: Spedizione GLS creata: CN6\d{8}, CN6\d{8} \(2 colli, 1,2 kg\)\.$/),
    );
    expect(activity).toContainEqual(`email: Email "ordine spedito" inviata a ${order.shippingAddress.email}.`);

    const [mail] = await db
      .select()
      .from(outgoingEmails)
      .where(like(outgoingEmails.subject, `Il tuo ordine #${orderId.slice(0, 8)} è stato spedito%`));
    expect(mail?.toAddress).toBe(order.shippingAddress.email);
    expect(mail?.textBody).toContain(trackingLink((await readSettings(db)).tracking, order.shippingTracking ?? ""));
  });

  it("refuses what cannot ship, changing nothing", async () => {
    const pickup = await paidOrder("pickup");
    expect(await shipOrder(withSandbox, pickup, halfKilo, actor)).toEqual({
      ok: false,
      message: "Si può spedire solo un ordine In Lavorazione da consegnare a domicilio.",
    });
    const noProvince = await paidOrder();
    const order = await orderOf(noProvince);
    const { province: _, ...address } = order.shippingAddress;
    await db.update(orders).set({ shippingAddress: address }).where(eq(orders.id, noProvince));
    expect(await shipOrder(withSandbox, noProvince, halfKilo, actor)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Manca la provincia"),
    });
    expect(await shipOrder(withSandbox, "00000000-0000-4000-8000-000000000000", halfKilo, actor)).toEqual({
      ok: false,
      message: "Ordine non trovato.",
    });
    for (const orderId of [pickup, noProvince]) {
      expect((await orderOf(orderId)).status).toBe("processing");
      expect(await shipmentsOf(orderId)).toEqual([]);
    }
  });

  it("ships once when two staff press at the same moment", async () => {
    const orderId = await paidOrder();
    const outcomes = await Promise.all([
      shipOrder(withSandbox, orderId, halfKilo, actor),
      shipOrder(withSandbox, orderId, halfKilo, "staff:other"),
    ]);
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(1);
    // Which refusal depends on how far the first got: under way, shipment made, or order shipped.
    expect(outcomes.find((outcome) => !outcome.ok)?.message).toMatch(
      /già in corso|già una spedizione|Si può spedire solo un ordine In Lavorazione/,
    );
    expect((await shipmentsOf(orderId)).map((row) => row.state)).toEqual(["created"]);
  });

  it("turns GLS's refusal into its reason, the order still to ship and a warning on the timeline", async () => {
    const orderId = await paidOrder();
    gls.failNext("reject");
    const outcome = await shipOrder(withGls(), orderId, halfKilo, actor);
    expect(outcome.ok).toBe(false);
    const [row] = await shipmentsOf(orderId);
    expect(row?.state).toBe("rejected");
    expect(outcome.message).toBe(row?.error);
    expect((await orderOf(orderId)).status).toBe("processing");
    expect((await activityOf(orderId)).filter((line) => line.startsWith("warning"))).toEqual([
      expect.stringMatching(/^warning: GLS ha rifiutato la spedizione: /),
    ]);

    // Staff fix what GLS complained about and try again.
    expect(await shipOrder(withGls(), orderId, halfKilo, actor)).toMatchObject({ ok: true });
  });

  it("ships with GLS's remark when GLS Check will fix the address", async () => {
    const orderId = await paidOrder();
    gls.failNext("glsCheck");
    const outcome = await shipOrder(withGls(), orderId, halfKilo, actor);
    expect(outcome).toMatchObject({ ok: true, warning: expect.any(String) });
    expect(outcome.message).toContain("con un avviso");
    expect((await orderOf(orderId)).status).toBe("shipped");
    expect((await shipmentsOf(orderId))[0]?.warning).toBeTruthy();
    expect(await activityOf(orderId)).toContainEqual(expect.stringMatching(/^warning: Avviso GLS: /));
  });

  it("finds the parcel of an answer that timed out instead of creating it twice", async () => {
    const orderId = await paidOrder();
    gls.failNext({ slow: 1000 });
    const before = gls.parcels.length;
    const outcome = await shipOrder(withGls(), orderId, halfKilo, actor);
    expect(outcome).toMatchObject({ ok: true });
    expect(gls.parcels.length - before).toBe(1);
    expect(
      gls
        .requestsTo("AddParcel")
        .filter((request) => request.xml && JSON.stringify(request.xml).includes(orderId.slice(0, 8).toUpperCase())),
    ).toHaveLength(1);
    expect((await orderOf(orderId)).shippingTracking).toBe(`CN${gls.parcels.at(-1)?.number}`);
  });

  it("after a fault, the next try looks for the earlier attempt's parcel before making one", async () => {
    const orderId = await paidOrder();
    gls.failNext("fault");
    const first = await shipOrder(withGls(), orderId, halfKilo, actor);
    expect(first).toMatchObject({ ok: false, message: expect.stringContaining("GLS non ha risposto") });
    expect((await shipmentsOf(orderId)).map((row) => row.state)).toEqual(["requested"]);

    // Pressed again at once: the first attempt may still be under way.
    expect(await shipOrder(withGls(), orderId, halfKilo, actor)).toMatchObject({
      ok: false,
      message: expect.stringContaining("già in corso"),
    });
    clock.advance(61_000);
    const listsBefore = gls.requestsTo("ListSped").length;
    const second = await shipOrder(withGls(), orderId, halfKilo, actor);
    expect(second, second.message).toMatchObject({ ok: true });
    expect(gls.requestsTo("ListSped").length).toBeGreaterThan(listsBefore);
    expect((await shipmentsOf(orderId)).map((row) => row.state)).toEqual(["rejected", "created"]);
  });
});

describe("the courier's credentials", () => {
  it("never reach the timeline or the shipments, whatever GLS answered above", async () => {
    const stored = JSON.stringify([await db.select().from(orderActivity), await db.select().from(shipments)]);
    expect(stored).toContain("GLS");
    expect(stored).not.toContain(gls.password);
  });
});

describe("closing the courier's day", () => {
  it("confirms every shipped parcel, the orders become Chiuso (GLS), each parcel with its outcome", async () => {
    await closeCourierDay(withSandbox, actor); // what earlier tests left open
    const [one, two] = [await paidOrder(), await paidOrder()];
    for (const orderId of [one, two]) await shipOrder(withSandbox, orderId, halfKilo, actor);
    const outcome = await closeCourierDay(withSandbox, actor);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.results.map((result) => [result.orderId, result.closed, result.reason])).toEqual([
      [one, true, null],
      [two, true, null],
    ]);
    expect(outcome.message).toBe("Operazione di chiusura giornata inviata: 2 di 2 colli chiusi.");
    for (const orderId of [one, two]) {
      expect((await orderOf(orderId)).status).toBe("gls_closed");
      expect((await shipmentsOf(orderId))[0]?.state).toBe("closed");
    }
    expect(await closeCourierDay(withSandbox, actor)).toMatchObject({
      ok: false,
      message: expect.stringContaining("Nessuna spedizione da chiudere"),
    });

    // Staff read the delivery on GLS's page: the order is completed, once.
    expect(await markDelivered(db, one, actor)).toEqual({ ok: true, message: "Ordine segnato come consegnato." });
    expect((await orderOf(one)).status).toBe("completed");
    expect(await markDelivered(db, one, actor)).toMatchObject({ ok: false });
  });

  it("shows GLS's reason for a parcel it would not close, and a refusal of the whole day", async () => {
    await closeCourierDay(withGls(), actor);
    await closeCourierDay(withSandbox, actor);
    const [kept, lost] = [await paidOrder(), await paidOrder()];
    for (const orderId of [kept, lost]) await shipOrder(withGls(), orderId, halfKilo, actor);
    const lostNumber = (await orderOf(lost)).shippingTracking?.slice(2) ?? "";
    const parcel = gls.parcel(lostNumber);
    if (!parcel) throw new Error("no parcel at the fake GLS");
    parcel.state = "deleted";

    const wrongPassword: ShippingDeps = { ...withGls(), carrier: glsCarrier(gls.settings({ password: "sbagliata" })) };
    const refused = await closeCourierDay(wrongPassword, actor);
    expect(refused).toMatchObject({ ok: false, message: expect.stringContaining("Password errata") });
    expect((await orderOf(kept)).status).toBe("shipped");

    const outcome = await closeCourierDay(withGls(), actor);
    if (!outcome.ok) throw new Error(outcome.message);
    expect(outcome.results.find((result) => result.orderId === kept)).toMatchObject({ closed: true, reason: null });
    expect(outcome.results.find((result) => result.orderId === lost)).toMatchObject({
      closed: false,
      reason: "Spedizione inesistente o precedentemente cancellata",
    });
    expect((await orderOf(kept)).status).toBe("gls_closed");
    expect((await orderOf(lost)).status).toBe("shipped");
    expect(await activityOf(lost)).toContainEqual(
      expect.stringMatching(/^warning: Chiusura giornata GLS non riuscita: /),
    );
  });
});

describe("deleting a shipment before the day is closed", () => {
  it("gives the parcel back to the courier and the order back to In Lavorazione", async () => {
    const orderId = await paidOrder();
    await shipOrder(withSandbox, orderId, halfKilo, actor);
    expect(await deleteShipment(withSandbox, orderId, actor)).toMatchObject({ ok: true });
    expect(await orderOf(orderId)).toMatchObject({
      status: "processing",
      shippingTracking: null,
      shippingLabelPath: null,
    });
    expect((await shipmentsOf(orderId)).map((row) => row.state)).toEqual(["deleted"]);
    expect(await deleteShipment(withSandbox, orderId, actor)).toEqual({
      ok: false,
      message: "Questo ordine non ha una spedizione da annullare.",
    });
    // It can ship again.
    expect(await shipOrder(withSandbox, orderId, halfKilo, actor)).toMatchObject({ ok: true });
  });
});

describe("completing an order in the shop", () => {
  it("a reservation is collected and paid; a paid pickup is collected; nothing else", async () => {
    const { orderId: reservation } = await placeTestOrder(db, services, { delivery: "pickup_and_pay" });
    expect(await completeInStore(db, reservation, actor)).toEqual({
      ok: true,
      message: "Ordine segnato come completato.",
    });
    expect(await orderOf(reservation)).toMatchObject({ status: "completed", paymentStatus: "paid_in_store" });

    const pickup = await paidOrder("pickup");
    expect(await completeInStore(db, pickup, actor)).toMatchObject({ ok: true });
    expect(await orderOf(pickup)).toMatchObject({ status: "completed", paymentStatus: "paid" });

    const shipping = await paidOrder();
    for (const orderId of [shipping, reservation]) {
      expect(await completeInStore(db, orderId, actor)).toMatchObject({ ok: false });
    }
    expect((await orderOf(shipping)).status).toBe("processing");
  });
});

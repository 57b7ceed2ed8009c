import { describe, expect, it } from "vitest";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { memoryFileStore } from "~/modules/files/memory-file-store.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { insertOrder, testPassword, testShippingAddress, uniqueEmail } from "../../../tests/support/fixtures";
import { getOrderDetail, listOrders } from "./admin-orders.server";
import { listCustomerOrders } from "./customer-orders.server";
import { findLabel, LABEL_LINK_MINUTES, labelLink } from "./labels.server";
import { noOrderFilters } from "./order-list-filters";

const db = connectTestDatabase();
const files = memoryFileStore();

const customer = (name: string, role: "customer" | "admin" = "customer") =>
  createConfirmedUser(db, { email: uniqueEmail(name), password: testPassword, name, role });

describe("customer orders", () => {
  it("lists only the customer's own orders, newest first, with their lines", async () => {
    const anna = await customer("Anna");
    const luca = await customer("Luca");
    const older = await insertOrder(db, anna, { createdAt: new Date("2026-01-10T10:00:00Z") });
    const newer = await insertOrder(db, anna, {
      createdAt: new Date("2026-03-01T10:00:00Z"),
      status: "shipped",
      shippingTracking: "GLS123",
    });
    await insertOrder(db, luca);

    const links = { now: new Date(), trackingUrl: (code: string) => `https://tracking.test/${code}` };
    const list = await listCustomerOrders(db, anna, links);
    expect(list.map((order) => order.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({
      status: "shipped",
      paymentStatus: "paid",
      totalCents: 5790,
      shippingTracking: "GLS123",
      trackingUrl: "https://tracking.test/GLS123",
      labelUrl: null,
    });
    expect(list[0]?.breakdown.lines).toEqual([
      expect.objectContaining({ productName: "Pigiama in cotone", quantity: 2, size: "M", unitPriceCents: 2000 }),
      expect.objectContaining({ productName: "Calze", size: null, color: null }),
    ]);
    expect(await listCustomerOrders(db, await customer("Nessuno"), links)).toEqual([]);
  });
});

describe("admin orders", () => {
  it("lists every order with the shipping name, and opens one with its lines", async () => {
    const anna = await customer("Anna");
    const guestOrder = await insertOrder(db, null, { shippingAddress: { ...testShippingAddress, name: "" } });
    const annaOrder = await insertOrder(db, anna);

    const { rows } = await listOrders(db, noOrderFilters);
    expect(rows.find((row) => row.id === annaOrder)).toMatchObject({ customerName: "Anna Neri", totalCents: 5790 });
    expect(rows.find((row) => row.id === guestOrder)?.customerName).toBeNull();

    const detail = await getOrderDetail(db, annaOrder);
    expect(detail).toMatchObject({ id: annaOrder, shippingAddress: testShippingAddress });
    expect(detail?.breakdown.lines).toHaveLength(2);
    expect(detail?.breakdown.rows.map((row) => [row.label, row.cents])).toEqual([
      ["Subtotale", 5000],
      ["Spedizione", 790],
      ["Totale (IVA inclusa)", 5790],
    ]);
    expect(await getOrderDetail(db, "00000000-0000-4000-8000-000000000000")).toBeNull();
    expect(await getOrderDetail(db, "not-an-id")).toBeNull();
  });
});

describe("shipping labels", () => {
  it("go to the order's customer and to admins only, and only from the store's labels", async () => {
    const anna = await customer("Anna");
    const luca = await customer("Luca");
    const admin = await customer("Admin", "admin");
    const pdf = new TextEncoder().encode("%PDF-1.4");
    await files.put("labels/label-1.pdf", pdf, "application/pdf");
    // Files of the store outside the labels, which no label path may reach.
    await files.put("outside.pdf", pdf, "application/pdf");
    await files.put("products/1/label.pdf", pdf, "application/pdf");

    const withLabel = await insertOrder(db, anna, { shippingLabelPath: "label-1.pdf" });
    const withoutLabel = await insertOrder(db, anna);
    const lostLabel = await insertOrder(db, anna, { shippingLabelPath: "missing.pdf" });
    const escaping = await insertOrder(db, anna, { shippingLabelPath: "../outside.pdf" });
    const elsewhere = await insertOrder(db, anna, { shippingLabelPath: "../products/1/label.pdf" });

    const asAnna = { id: anna, role: "customer" as const };
    const secret = "label-link-secret-for-tests";
    const now = new Date("2026-11-23T10:00:00Z");
    // The link a page hands out, read back as the label route reads it.
    const linkOf = (orderId: string, at = now) => ({
      query: new URL(labelLink(orderId, at, secret), "http://negozio.test").searchParams,
      now,
      secret,
    });
    expect(await findLabel(db, files, withLabel, asAnna, linkOf(withLabel))).toEqual({
      found: true,
      key: "labels/label-1.pdf",
      downloadName: `etichetta-${withLabel.slice(0, 8)}.pdf`,
    });
    expect(await findLabel(db, files, withLabel, { id: admin, role: "admin" }, linkOf(withLabel))).toMatchObject({
      found: true,
    });
    expect(await findLabel(db, files, withLabel, { id: luca, role: "customer" }, linkOf(withLabel))).toEqual({
      found: false,
      reason: "no-order",
    });
    for (const orderId of [withoutLabel, lostLabel, escaping, elsewhere]) {
      expect(await findLabel(db, files, orderId, asAnna, linkOf(orderId))).toEqual({
        found: false,
        reason: "no-label",
      });
    }
    expect(await findLabel(db, files, "../../etc/passwd", asAnna, linkOf(withLabel))).toEqual({
      found: false,
      reason: "no-order",
    });

    // Links: one made for another order, a tampered expiry, none at all, one signed with another
    // secret, and one from 31 minutes ago.
    const bad = { found: false, reason: "bad-link" };
    const otherOrdersLink = linkOf(withoutLabel);
    expect(await findLabel(db, files, withLabel, asAnna, otherOrdersLink)).toEqual(bad);
    const tampered = linkOf(withLabel);
    tampered.query.set("scade", String(Number(tampered.query.get("scade")) + 3600));
    expect(await findLabel(db, files, withLabel, asAnna, tampered)).toEqual(bad);
    expect(await findLabel(db, files, withLabel, asAnna, { query: new URLSearchParams(), now, secret })).toEqual(bad);
    expect(await findLabel(db, files, withLabel, asAnna, { ...linkOf(withLabel), secret: "another-secret" })).toEqual(
      bad,
    );
    const old = linkOf(withLabel, new Date(now.getTime() - (LABEL_LINK_MINUTES + 1) * 60_000));
    expect(await findLabel(db, files, withLabel, asAnna, old)).toEqual({ found: false, reason: "expired-link" });
  });
});

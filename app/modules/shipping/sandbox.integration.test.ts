import { gte, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sandboxParcels } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { carrierContract, pageCount, shipmentRequest } from "./carrier.contract";
import { sandboxCarrier, sandboxParcelNumber } from "./sandbox.server";

const db = connectTestDatabase();

const startedAt = new Date();
const carrier = () => sandboxCarrier(db);

carrierContract("sandbox", async () => ({
  carrier: carrier(),
  cleanup: async () => {
    await db.delete(sandboxParcels).where(gte(sandboxParcels.createdAt, startedAt));
  },
}));

describe("the sandbox courier", () => {
  it("numbers parcels as GLS does and keeps them waiting for the close", async () => {
    const request = shipmentRequest({ parcelCount: 2, weightGrams: 1001 });
    const outcome = await carrier().createShipment(request);

    const number = sandboxParcelNumber(request.attemptKey, 1);
    expect(number).toMatch(/^\d{9}$/);
    expect(outcome).toMatchObject({
      outcome: "created",
      shipment: { parcels: [{ number, trackingCode: `CN${number}` }, {}] },
    });
    const rows = await db
      .select()
      .from(sandboxParcels)
      .where(inArray(sandboxParcels.attemptKey, [request.attemptKey]));
    expect(rows.map((row) => [row.position, row.state, (row.request as { weightGrams: number }).weightGrams])).toEqual([
      [1, "waiting", 501],
      [2, "waiting", 500],
    ]);
  });

  it("gives the same parcels when asked twice for one attempt", async () => {
    const request = shipmentRequest();
    const first = await carrier().createShipment(request);
    const again = await carrier().createShipment(request);

    expect(again.outcome === "created" && again.shipment.parcels).toEqual(
      first.outcome === "created" && first.shipment.parcels,
    );
    expect(await db.$count(sandboxParcels, inArray(sandboxParcels.attemptKey, [request.attemptKey]))).toBe(1);
  });

  it("refuses an address GLS would refuse, in GLS's words", async () => {
    const base = shipmentRequest();
    const outcome = await carrier().createShipment({ ...base, recipient: { ...base.recipient, province: "Lazio" } });

    expect(outcome).toEqual({ outcome: "rejected", reason: "Provincia non valida: Lazio" });
    expect(await carrier().findShipment(base)).toBeNull();
  });

  it("draws an A6 label for each parcel", async () => {
    const outcome = await carrier().createShipment(shipmentRequest({ parcelCount: 2, weightGrams: 900 }));
    if (outcome.outcome !== "created") throw new Error("not created");

    expect(await pageCount(outcome.shipment.labelPdf)).toBe(2);
    const { PDFDocument } = await import("pdf-lib");
    const [page] = (await PDFDocument.load(outcome.shipment.labelPdf)).getPages();
    expect(page?.getSize()).toEqual({ width: 297.64, height: 419.53 });
  });
});

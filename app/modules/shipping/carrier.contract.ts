// What every courier adapter must do for the shop, as one suite of tests that runs against each
// (gls.integration.test.ts against a fake GLS, sandbox.integration.test.ts): the shipping code may
// then rely on these behaviours whichever courier is configured.
import { randomInt } from "node:crypto";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Carrier, CarrierError, type ShipmentRequest } from "./carrier";

export type CarrierHarness = { carrier: Carrier; cleanup(): Promise<void> };

/** A shipment as the shop asks for it, with a fresh attempt key. */
export function shipmentRequest(overrides: Partial<ShipmentRequest> = {}): ShipmentRequest {
  return {
    attemptKey: String(randomInt(100_000_000, 1_000_000_000)),
    reference: "A1B2C3",
    recipient: {
      name: "Lucia Ferrè",
      address: "Via dell'Orso 12",
      city: "Cherasco",
      postalCode: "12062",
      province: "CN",
      phone: "+39 340 123 4567",
      email: "lucia.ferre@example.it",
    },
    parcelCount: 1,
    weightGrams: 1500,
    ...overrides,
  };
}

export async function pageCount(pdf: Uint8Array): Promise<number> {
  return (await PDFDocument.load(pdf)).getPageCount();
}

export function carrierContract(name: string, setup: () => Promise<CarrierHarness>): void {
  describe(`the ${name} courier`, () => {
    let harness: CarrierHarness;
    let carrier: Carrier;
    beforeAll(async () => {
      harness = await setup();
      carrier = harness.carrier;
    });
    afterAll(() => harness.cleanup());

    async function create(request: ShipmentRequest) {
      const outcome = await carrier.createShipment(request);
      if (outcome.outcome !== "created") throw new Error(`Not created: ${JSON.stringify(outcome)}`);
      return outcome.shipment;
    }

    it("creates a parcel with a number, a tracking code and its label", async () => {
      const shipment = await create(shipmentRequest());

      expect(shipment.parcels).toHaveLength(1);
      const [parcel] = shipment.parcels;
      expect(parcel?.number).toMatch(/^\d+$/);
      expect(parcel?.trackingCode).toMatch(new RegExp(`^[A-Z0-9]{2}${parcel?.number}$`));
      expect(Buffer.from(shipment.labelPdf.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
      expect(await pageCount(shipment.labelPdf)).toBe(1);
      expect(shipment.warning).toBeNull();
    });

    it("creates one parcel and one label for each package", async () => {
      const shipment = await create(shipmentRequest({ parcelCount: 3, weightGrams: 4000 }));

      expect(shipment.parcels).toHaveLength(3);
      expect(new Set(shipment.parcels.map((parcel) => parcel.number)).size).toBe(3);
      expect(await pageCount(shipment.labelPdf)).toBe(3);
    });

    it("finds the shipment an attempt created, and nothing for an attempt that created none", async () => {
      const request = shipmentRequest({ parcelCount: 2, weightGrams: 2000 });
      const created = await create(request);

      const found = await carrier.findShipment(request);
      expect(found?.parcels).toEqual(created.parcels);
      expect(await pageCount(found?.labelPdf ?? new Uint8Array())).toBe(2);
      expect(await carrier.findShipment(shipmentRequest())).toBeNull();
    });

    it("accepts its own credentials without creating anything", async () => {
      const request = shipmentRequest();
      await expect(carrier.checkCredentials()).resolves.toBeUndefined();
      expect(await carrier.findShipment(request)).toBeNull();
    });

    it("deletes a parcel before the close, and then neither finds nor closes it", async () => {
      const request = shipmentRequest();
      const [parcel] = (await create(request)).parcels;
      if (!parcel) throw new Error("no parcel");

      await carrier.deleteParcel(parcel.number);

      expect(await carrier.findShipment(request)).toBeNull();
      await expect(carrier.deleteParcel(parcel.number)).rejects.toThrow(CarrierError);
      await expect(carrier.closeDay([parcel.number])).rejects.toThrow(CarrierError);
    });

    it("closes the day parcel by parcel, and a closed parcel can no longer be deleted", async () => {
      const kept = (await create(shipmentRequest({ parcelCount: 2, weightGrams: 3000 }))).parcels;
      const [deleted] = (await create(shipmentRequest())).parcels;
      if (!deleted) throw new Error("no parcel");
      await carrier.deleteParcel(deleted.number);

      const numbers = [...kept.map((parcel) => parcel.number), deleted.number];
      const outcome = await carrier.closeDay(numbers);

      expect(outcome.parcels.map(({ number, closed }) => ({ number, closed }))).toEqual([
        ...kept.map((parcel) => ({ number: parcel.number, closed: true })),
        { number: deleted.number, closed: false },
      ]);
      expect(outcome.parcels[2]?.reason).toBeTruthy();
      await expect(carrier.deleteParcel(kept[0]?.number ?? "")).rejects.toThrow(CarrierError);
      // Closing again closes nothing.
      await expect(carrier.closeDay(kept.map((parcel) => parcel.number))).rejects.toThrow(CarrierError);
    });
  });
}

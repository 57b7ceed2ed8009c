import { describe, expect, it } from "vitest";
import { readShipmentForm } from "./shipment-form";

describe("the shipment dialog's fields", () => {
  it("reads the weight in kg (point or comma) as grams, and the parcels", () => {
    expect(readShipmentForm({ weight: "0.5", parcels: "1" })).toEqual({
      ok: true,
      value: { weightGrams: 500, parcelCount: 1 },
    });
    expect(readShipmentForm({ weight: "2,3", parcels: "2" })).toEqual({
      ok: true,
      value: { weightGrams: 2300, parcelCount: 2 },
    });
    expect(readShipmentForm({ weight: "12", parcels: "3" })).toEqual({
      ok: true,
      value: { weightGrams: 12000, parcelCount: 3 },
    });
  });

  it.each([
    [{ weight: "", parcels: "1" }, "Indica il peso in kg, ad esempio 0,5."],
    [{ weight: "abc", parcels: "1" }, "Indica il peso in kg, ad esempio 0,5."],
    [{ weight: "-1", parcels: "1" }, "Indica il peso in kg, ad esempio 0,5."],
    [{ weight: "0.05", parcels: "1" }, "Il peso va indicato al decimo di kg (ad esempio 1,2)."],
    [{ weight: "0", parcels: "1" }, "Il peso minimo è 0,1 kg."],
    [{ weight: "100.1", parcels: "1" }, "Il peso massimo di una spedizione è 100 kg."],
    // A number, only too large: said so, not "indica il peso".
    [{ weight: "1000", parcels: "1" }, "Il peso massimo di una spedizione è 100 kg."],
    [{ weight: "1", parcels: "1000" }, "Al massimo 20 colli per spedizione."],
    [{ weight: "1", parcels: "0" }, "Serve almeno 1 collo."],
    [{ weight: "1", parcels: "1.5" }, "Indica il numero di colli, almeno 1."],
    [{ weight: "1", parcels: "21" }, "Al massimo 20 colli per spedizione."],
    [{ weight: "0.1", parcels: "2" }, "Ogni collo deve pesare almeno 0,1 kg."],
  ])("refuses %o with a clear message", (fields, message) => {
    expect(readShipmentForm(fields)).toEqual({ ok: false, message });
  });
});

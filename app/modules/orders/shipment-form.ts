// The shipment dialog's two fields (weight default 0.5 kg, step 0.1, minimum 0.1; parcels
// default 1, minimum 1), read on the server whatever the browser sent. Pure, for the dialog too.

export const SHIPMENT_WEIGHT_KG = { default: 0.5, min: 0.1, step: 0.1, max: 100 } as const;
export const SHIPMENT_PARCELS = { default: 1, min: 1, max: 20 } as const;

export type ShipmentForm = { weightGrams: number; parcelCount: number };

export type ShipmentFormResult = { ok: true; value: ShipmentForm } | { ok: false; message: string };

export function readShipmentForm(fields: { weight?: string | null; parcels?: string | null }): ShipmentFormResult {
  const weightText = (fields.weight ?? "").trim().replace(",", ".");
  if (!/^\d+(\.\d+)?$/.test(weightText)) return { ok: false, message: "Indica il peso in kg, ad esempio 0,5." };
  // A number, but too heavy: said as such, not as if it were not a weight.
  if (Number(weightText) > SHIPMENT_WEIGHT_KG.max)
    return { ok: false, message: `Il peso massimo di una spedizione è ${SHIPMENT_WEIGHT_KG.max} kg.` };
  // In tenths of a kilogram, the dialog's step: 0.5 kg is 5.
  const tenths = Number(weightText) * 10;
  if (Math.abs(tenths - Math.round(tenths)) > 1e-9)
    return { ok: false, message: "Il peso va indicato al decimo di kg (ad esempio 1,2)." };
  const weightGrams = Math.round(tenths) * 100;
  if (weightGrams < SHIPMENT_WEIGHT_KG.min * 1000) return { ok: false, message: "Il peso minimo è 0,1 kg." };

  const parcelsText = (fields.parcels ?? "").trim();
  if (!/^\d+$/.test(parcelsText)) return { ok: false, message: "Indica il numero di colli, almeno 1." };
  const parcelCount = Number(parcelsText);
  if (parcelCount < SHIPMENT_PARCELS.min) return { ok: false, message: "Serve almeno 1 collo." };
  if (parcelCount > SHIPMENT_PARCELS.max)
    return { ok: false, message: `Al massimo ${SHIPMENT_PARCELS.max} colli per spedizione.` };
  if (weightGrams / parcelCount < SHIPMENT_WEIGHT_KG.min * 1000)
    return { ok: false, message: "Ogni collo deve pesare almeno 0,1 kg." };
  return { ok: true, value: { weightGrams, parcelCount } };
}

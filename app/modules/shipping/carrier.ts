// The one interface the shop ships parcels through. Two adapters implement it: GLS Italy's label
// web service (gls.server.ts) when the GLS_* credentials are set, and the built-in sandbox
// (sandbox.server.ts) otherwise, which draws real PDF labels so the demo ships end to end. Both
// pass the same contract tests (carrier.contract.ts).
import type { CarrierName, ShipmentParcel } from "~/db/schema";

export type Recipient = {
  name: string;
  address: string;
  city: string;
  postalCode: string;
  /** Two-letter sigla, e.g. "MI". */
  province: string;
  phone: string;
  email: string;
};

export type ShipmentRequest = {
  /**
   * Our number for this attempt, 9 digits (GLS's ContatoreProgressivo and Bda). An attempt whose
   * answer was lost is looked up by it (findShipment) before a new one is made.
   */
  attemptKey: string;
  /** The order's short id, printed on the label and returned by the courier with its outcomes. */
  reference: string;
  recipient: Recipient;
  /** One label per parcel; the weight is split between them. */
  parcelCount: number;
  weightGrams: number;
};

export type CreatedShipment = {
  /** One entry per parcel, in the courier's order. */
  parcels: ShipmentParcel[];
  /** All the parcels' labels in one PDF. */
  labelPdf: Uint8Array;
  /** Accepted with a remark staff must see (GLS Check: the depot will fix the address by hand). */
  warning: string | null;
};

export type ShipmentOutcome =
  | { outcome: "created"; shipment: CreatedShipment }
  /** The courier refused the data; nothing was created. `reason` is the courier's own words. */
  | { outcome: "rejected"; reason: string }
  /** No usable answer (timeout, fault, empty answer): the parcel may exist; ask findShipment. */
  | { outcome: "unknown"; reason: string };

export type CloseDayOutcome = {
  /** Per parcel number, one for each number asked and in that order: closed, or the courier's reason why not. */
  parcels: Array<{ number: string; closed: boolean; reason: string | null }>;
};

/** The courier could not be reached or refused the whole request; `message` is in Italian for staff. */
export class CarrierError extends Error {}

export interface Carrier {
  readonly name: CarrierName;
  /** A courier that cannot be reached or gives no usable answer makes the outcome "unknown", not an exception. */
  createShipment(request: ShipmentRequest): Promise<ShipmentOutcome>;
  /**
   * The shipment an earlier attempt with this request's attemptKey created, with its labels, or null.
   * Never creates anything. Its warning is null (the courier's list does not repeat remarks).
   * Throws CarrierError when the courier cannot be asked.
   */
  findShipment(request: ShipmentRequest): Promise<CreatedShipment | null>;
  /** Deletes a parcel not yet in a closed day. Throws CarrierError with the courier's reason. */
  deleteParcel(number: string): Promise<void>;
  /** Confirms these parcels to the courier (the day's hand-over). Throws CarrierError when nothing was closed. */
  closeDay(numbers: string[]): Promise<CloseDayOutcome>;
  /** Checks with one harmless call that the courier takes the shop's credentials; throws CarrierError. Changes nothing. */
  checkCredentials(): Promise<void>;
}

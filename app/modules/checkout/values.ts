// The checkout's first step as the shopper sent it: value lists and stored shapes the database
// keeps too. app/db/schema.ts imports them for its columns and checks, so this file imports nothing
// of the app but other such lists.

import type { DeliveryMethod } from "../orders/values";

/** The checkout's 'information' step as the shopper last sent it. */
export type CheckoutDraft = {
  deliveryMethod: DeliveryMethod;
  name: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  postalCode: string;
  province: string;
  country: string;
};

// The ways an order reaches the customer: value lists and stored shapes the database keeps too.
// app/db/schema.ts imports them for its columns and checks, so this file imports nothing of the app
// but other such lists.

export const deliveryMethods = ["pickup", "shipping", "pickup_and_pay"] as const;
export type DeliveryMethod = (typeof deliveryMethods)[number];

// The cart's line as the browser sends it: value lists and stored shapes the database keeps too.
// app/db/schema.ts imports them for its columns and checks, so this file imports nothing of the app
// but other such lists.

/** A cart line as the browser keeps it: product, size, colour and quantity (prices come from the database). */
export type CartLineRequest = { id: number; size: string; color: string; quantity: number };

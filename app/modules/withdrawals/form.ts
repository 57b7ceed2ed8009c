// The withdrawal form's fields, shared by the page and the server: who withdraws, where the
// acknowledgement goes, and what (the whole order, or how many pieces of which lines). Reading them
// (choice.ts) is apart, so the page does not carry the validation library.

export const withdrawalFields = {
  /** The order number, as the customer typed it or as the link carried it. */
  order: "ordine",
  /** The order's e-mail, identifying a guest. Empty for a signed-in customer's own order. */
  orderEmail: "emailOrdine",
  name: "nome",
  email: "email",
  /** "tutto" or "articoli". */
  scope: "recesso",
  intent: "intent",
} as const;

/** The quantity field of an order line. */
export const quantityField = (lineId: number) => `quantita-${lineId}`;

export type WithdrawalChoice = {
  name: string;
  email: string;
  whole: boolean;
  /** Pieces per order line id, when not the whole order. */
  quantities: Record<number, number>;
};

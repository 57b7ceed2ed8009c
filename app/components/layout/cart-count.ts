import { cartEntries } from "~/modules/cart/cart-entries";

/**
 * How many pieces the browser cart holds: the sum of the quantities of the items saved under
 * `shoppingCart`. Whatever cannot be read counts as nothing, so a damaged entry never breaks the header.
 */
export function countCartItems(raw: string | null | undefined): number {
  return cartEntries(raw).reduce((count, entry) => count + entry.quantity, 0);
}

/**
 * How many pieces the browser cart holds: the sum of the quantities of the items saved under
 * `shoppingCart`. Whatever cannot be read counts as nothing, so a damaged entry never breaks the header.
 */
export function countCartItems(raw: string | null | undefined): number {
  if (!raw) return 0;
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return 0;
  }
  if (!Array.isArray(items)) return 0;
  let count = 0;
  for (const item of items) {
    const quantity = (item as { quantity?: unknown } | null)?.quantity;
    if (typeof quantity === "number" && Number.isFinite(quantity) && quantity > 0) count += Math.floor(quantity);
  }
  return count;
}

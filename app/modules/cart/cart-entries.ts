// The browser cart's raw entries, read leniently. Apart from cart-lines.ts because the header's cart
// badge, on every page, needs only this: the rest of the cart's rules load with the pages that use them.

/**
 * The stored entries that hold a usable quantity (a positive number, whole pieces), whatever else
 * they hold. Anything unreadable counts as an empty cart, so a damaged entry never breaks a page.
 */
export function cartEntries(raw: string | null | undefined): (Record<string, unknown> & { quantity: number })[] {
  if (!raw) return [];
  let items: unknown;
  try {
    items = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(items)) return [];
  return items.flatMap((item) => {
    const quantity = (item as { quantity?: unknown } | null)?.quantity;
    if (typeof quantity !== "number" || !Number.isFinite(quantity) || quantity < 1) return [];
    return [{ ...(item as Record<string, unknown>), quantity: Math.floor(quantity) }];
  });
}

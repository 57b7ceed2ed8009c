import { useEffect, useMemo, useRef } from "react";
import { useFetcher } from "react-router";
import { useLocalStorageItem } from "~/components/browser-storage";
import { type CartLineRequest, parseCart } from "~/modules/cart/cart-lines";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "~/modules/shop/constants";

const linesOf = (cart: readonly CartLineRequest[]) =>
  JSON.stringify(cart.map(({ id, size, color, quantity }) => [id, size, color, quantity]));

/**
 * The cart lives in the browser (localStorage `shoppingCart`); the checkout works on the copy its server
 * session holds. Once the page runs, the browser's cart is sent whenever the two differ (another
 * tab changed it, or the checkout was opened directly). True while they differ.
 */
export function useCartSync(serverCart: readonly CartLineRequest[]): { syncing: boolean; browserCartEmpty: boolean } {
  const raw = useLocalStorageItem(CART_STORAGE_KEY, CART_UPDATED_EVENT);
  const browserLines = useMemo(() => (raw === undefined ? null : linesOf(parseCart(raw))), [raw]);
  const serverLines = linesOf(serverCart);
  const fetcher = useFetcher();
  // A cart the server refused is not sent again and again.
  const lastSent = useRef<string | null>(null);

  useEffect(() => {
    if (browserLines === null || browserLines === serverLines || browserLines === lastSent.current) return;
    if (fetcher.state !== "idle") return;
    lastSent.current = browserLines;
    const cart = (JSON.parse(browserLines) as [number, string, string, number][]).map(
      ([id, size, color, quantity]) => ({
        id,
        size,
        color,
        quantity,
      }),
    );
    void fetcher.submit({ intent: "cart", cart: JSON.stringify(cart) }, { method: "post", action: "/checkout" });
  }, [browserLines, serverLines, fetcher]);

  return {
    syncing:
      browserLines !== null &&
      browserLines !== serverLines &&
      (fetcher.state !== "idle" || lastSent.current !== browserLines),
    browserCartEmpty: browserLines === "[]",
  };
}

// The cart in the browser's localStorage; its lines and their rules are
// in app/modules/cart/cart-lines.ts.
import { readLocalStorage, writeLocalStorage } from "~/components/browser-storage";
import { type CookieCartLine, cartCookie } from "~/modules/cart/cart-cookie";
import { type CartItem, type CartLineKey, parseCart, withItemAdded, withQuantity } from "~/modules/cart/cart-lines";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "~/modules/shop/constants";

export function readCart(): CartItem[] {
  return parseCart(readLocalStorage(CART_STORAGE_KEY));
}

/** Saves the cart (and its copy for the server) and tells the page (the header badge, the cart page) that it changed. */
export function saveCart(items: readonly CartItem[]): void {
  writeLocalStorage(CART_STORAGE_KEY, JSON.stringify(items));
  writeCartCookie(items);
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

export function addToCart(item: CartItem): void {
  saveCart(withItemAdded(readCart(), item));
}

export function setCartQuantity(line: CartLineKey, quantity: number): void {
  saveCart(withQuantity(readCart(), line, quantity));
}

/** The server's copy of the cart: a cookie it reads when the page runs without JavaScript. */
export function writeCartCookie(items: readonly CookieCartLine[]): void {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; the Cookie Store API is not in every browser.
  document.cookie = cartCookie(items, "browser");
}

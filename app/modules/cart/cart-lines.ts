// The cart lives in the browser under `shoppingCart`, as a JSON array of
// items (kept by app/components/cart/cart-storage.ts). A line is one product in one size and one
// colour. Prices stored here are only what the visitor saw when adding: the cart page and the
// checkout show and charge the server's prices.
import type { CartLineRequest } from "~/modules/cart/values";
import type { CartWriter, CookieCartLine } from "./cart-cookie";
import { cartEntries } from "./cart-entries";

/** A cart line as the server receives it: product, size, colour and quantity. */
export type { CartLineRequest };

export type CartItem = {
  /** Product id. */
  id: number;
  name: string;
  /** Unit price in cents when added; display only, never trusted. */
  price: number | null;
  image: string | null;
  quantity: number;
  color: string;
  size: string;
  /** Gender: Donna, Uomo, Bambini. */
  category: string;
  subcategory: string;
};

export type CartLineKey = Pick<CartItem, "id" | "size" | "color">;

/** One string per line: product, size and colour together identify it. */
export function cartKey(item: CartLineKey): string {
  return JSON.stringify([item.id, item.size, item.color]);
}

const text = (value: unknown): string => (typeof value === "string" ? value : "");

/** The cart's lines; entries without a product id are dropped. */
export function parseCart(raw: string | null | undefined): CartItem[] {
  return cartEntries(raw).flatMap((entry) => {
    const id = typeof entry.id === "string" && /^\d+$/.test(entry.id) ? Number(entry.id) : entry.id;
    if (typeof id !== "number" || !Number.isSafeInteger(id) || id < 1) return [];
    return [
      {
        id,
        name: text(entry.name),
        price: typeof entry.price === "number" && Number.isFinite(entry.price) ? entry.price : null,
        image: typeof entry.image === "string" ? entry.image : null,
        quantity: entry.quantity,
        color: text(entry.color),
        size: text(entry.size),
        category: text(entry.category),
        subcategory: text(entry.subcategory),
      },
    ];
  });
}

/** Adding a product, size and colour already in the cart adds to that line's quantity. */
export function withItemAdded<Line extends CookieCartLine>(items: readonly Line[], item: Line): Line[] {
  const key = cartKey(item);
  const existing = items.find((line) => cartKey(line) === key);
  if (!existing) return [...items, item];
  return items.map((line) => (line === existing ? { ...item, quantity: line.quantity + item.quantity } : line));
}

/** A quantity of 0 or less removes the line. */
export function withQuantity<Line extends CookieCartLine>(
  items: readonly Line[],
  line: CartLineKey,
  quantity: number,
): Line[] {
  const key = cartKey(line);
  if (quantity <= 0) return items.filter((item) => cartKey(item) !== key);
  return items.map((item) => (cartKey(item) === key ? { ...item, quantity: Math.floor(quantity) } : item));
}

/** How many pieces of this product, size and colour the cart holds. */
export function quantityInCart(items: readonly CookieCartLine[], line: CartLineKey): number {
  const key = cartKey(line);
  return items.find((item) => cartKey(item) === key)?.quantity ?? 0;
}

/**
 * The stored cart brought in step with the cart the server changed (cart-cookie.ts), or null when
 * nothing changes: the server's lines replace the stored ones, or are added to them when the server
 * held only its additions. Lines new to the browser take their name, price and picture from the
 * server's quote.
 */
export function reconciledCart(
  stored: readonly CartItem[],
  changed: { writer: CartWriter; lines: readonly CookieCartLine[] },
  details: readonly (CartLineKey & {
    name: string | null;
    unitPriceCents: number | null;
    image: string | null;
    subcategory: string | null;
  })[],
): CartItem[] | null {
  if (changed.writer === "browser") return null;
  const toItem = (line: CookieCartLine): CartItem => {
    const kept = stored.find((item) => cartKey(item) === cartKey(line));
    if (kept) return { ...kept, quantity: line.quantity };
    const quoted = details.find((item) => cartKey(item) === cartKey(line));
    return {
      ...line,
      name: quoted?.name ?? "",
      price: quoted?.unitPriceCents ?? null,
      image: quoted?.image ?? null,
      category: "",
      subcategory: quoted?.subcategory ?? "",
    };
  };
  const server = changed.lines.map(({ id, size, color, quantity }) => toItem({ id, size, color, quantity }));
  const next =
    changed.writer === "server" ? server : server.reduce((cart, item) => withItemAdded(cart, item), [...stored]);
  const same =
    next.length === stored.length &&
    next.every(
      (item, index) =>
        cartKey(item) === cartKey(stored[index] as CartItem) && item.quantity === stored[index]?.quantity,
    );
  return same ? null : next;
}

// The cart's lines (product, size, colour, quantity) again in a cookie, so the server can show and
// change the cart when the page runs without JavaScript (docs/decisions/0009-cart-cookie.md). The
// browser's storage stays the cart of record while JavaScript runs: every save writes the cookie too.
// The cookie says who wrote it last: a cart the server changed (a form posted without JavaScript)
// is newer than the browser's storage, which takes it over once JavaScript runs. When the server
// found no cookie (a cart stored before the cookie existed, or too long for one), what it wrote
// holds only its own additions, and the browser adds them to its cart instead. Only the lines
// travel; names and prices always come from the database.
import type { CartLineRequest } from "./values";

export const CART_COOKIE_NAME = "vetrina_carrello";

const MAX_AGE_SECONDS = 180 * 24 * 60 * 60;

// Browsers drop a cookie above 4096 bytes; a cart that long is left to the browser's storage.
const MAX_COOKIE_LENGTH = 3800;

/** One line as the cookie holds it: the product, its size and colour, how many. */
export type CookieCartLine = CartLineRequest;

/** browser: a copy of its storage. server: the browser's copy, changed by the server. server-additions: only what the server added. */
export type CartWriter = "browser" | "server" | "server-additions";

const writerMarks: Record<CartWriter, string> = { browser: "b", server: "s", "server-additions": "a" };

// Fields are percent-encoded, so ':' between fields and '|' between lines never occur inside one;
// the first character says who wrote the cookie.
export function encodeCartCookie(lines: readonly CookieCartLine[], writer: CartWriter): string {
  const body = lines
    .map(({ id, size, color, quantity }) =>
      [id, size, color, quantity].map((field) => encodeURIComponent(field)).join(":"),
    )
    .join("|");
  return `${writerMarks[writer]}${body}`;
}

/** The lines in the cookie's value, unchecked (the server checks them like any cart it receives), and who wrote them. */
export function decodeCartCookie(value: string): { writer: CartWriter; lines: CookieCartLine[] } {
  const writer =
    (Object.keys(writerMarks) as CartWriter[]).find((name) => writerMarks[name] === value.slice(0, 1)) ?? "browser";
  const body = value.slice(1);
  const lines =
    body === ""
      ? []
      : body.split("|").flatMap((line) => {
          const fields = line.split(":");
          if (fields.length !== 4) return [];
          try {
            const [id, size, color, quantity] = fields.map(decodeURIComponent) as [string, string, string, string];
            return [{ id: Number(id), size, color, quantity: Number(quantity) }];
          } catch {
            return [];
          }
        });
  return { writer, lines };
}

/** The cookie's value in a request's Cookie header, or null when there is none. */
export function cartCookieFrom(cookieHeader: string | null): string | null {
  for (const pair of cookieHeader?.split(";") ?? []) {
    const [name, ...value] = pair.trim().split("=");
    if (name === CART_COOKIE_NAME) return value.join("=");
  }
  return null;
}

/**
 * The Set-Cookie (or document.cookie) text that stores these lines. A cart too long for a cookie
 * removes it instead: a missing cookie is never mistaken for the cart.
 */
export function cartCookie(lines: readonly CookieCartLine[], writer: CartWriter): string {
  const value = encodeCartCookie(lines, writer);
  const maxAge = value.length > MAX_COOKIE_LENGTH ? 0 : MAX_AGE_SECONDS;
  return `${CART_COOKIE_NAME}=${maxAge === 0 ? "" : value}; Path=/; Max-Age=${maxAge}; SameSite=Lax`;
}

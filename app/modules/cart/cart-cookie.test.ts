import { describe, expect, it } from "vitest";
import { CART_COOKIE_NAME, cartCookie, cartCookieFrom, decodeCartCookie, encodeCartCookie } from "./cart-cookie";

const lines = [
  { id: 12, size: "4 D", color: "Blu notte", quantity: 2 },
  { id: 7, size: "40/41", color: "Tortora: chiaro | scuro", quantity: 1 },
];

describe("the cart cookie", () => {
  it("gives back the lines it stores, whatever their sizes and colours hold", () => {
    const value = encodeCartCookie(lines, "server");
    expect(value).not.toMatch(/[\s;,"]/);
    expect(decodeCartCookie(value)).toEqual({ writer: "server", lines });
    expect(decodeCartCookie(encodeCartCookie([], "browser"))).toEqual({ writer: "browser", lines: [] });
    expect(decodeCartCookie(encodeCartCookie(lines, "server-additions")).writer).toBe("server-additions");
  });

  it("is found among the other cookies of a request", () => {
    const value = encodeCartCookie(lines, "browser");
    expect(cartCookieFrom(`a=1; ${CART_COOKIE_NAME}=${value}; b=2`)).toBe(value);
    expect(cartCookieFrom("a=1")).toBeNull();
    expect(cartCookieFrom(null)).toBeNull();
  });

  it("skips damaged lines", () => {
    expect(decodeCartCookie("s12:M:Nero|garbage|%E0:M:Nero:1").lines).toEqual([]);
    expect(decodeCartCookie("").lines).toEqual([]);
  });

  it("is removed rather than cut short when the cart is too long for a cookie", () => {
    expect(cartCookie(lines, "browser")).toMatch(/Max-Age=15552000; SameSite=Lax$/);
    const long = Array.from({ length: 200 }, (_, id) => ({
      id: id + 1,
      size: "8-XXL",
      color: "Azzurro polvere",
      quantity: 9,
    }));
    expect(cartCookie(long, "browser")).toBe(`${CART_COOKIE_NAME}=; Path=/; Max-Age=0; SameSite=Lax`);
  });
});

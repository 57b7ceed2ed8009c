import { describe, expect, it } from "vitest";
import {
  type CartItem,
  cartKey,
  parseCart,
  quantityInCart,
  reconciledCart,
  withItemAdded,
  withQuantity,
} from "./cart-lines";

const item = (overrides: Partial<CartItem> = {}): CartItem => ({
  id: 12,
  name: "Bikini Portofino",
  price: 4990,
  image: "/files/products/12/nero-0.svg",
  quantity: 1,
  color: "Nero",
  size: "42",
  category: "Donna",
  subcategory: "bikini",
  ...overrides,
});

describe("parseCart", () => {
  it("reads the stored items", () => {
    expect(parseCart(JSON.stringify([item(), item({ size: "44", quantity: 2 })]))).toEqual([
      item(),
      item({ size: "44", quantity: 2 }),
    ]);
  });

  it("is empty for no cart or unreadable data", () => {
    expect(parseCart(null)).toEqual([]);
    expect(parseCart("{broken")).toEqual([]);
    expect(parseCart(JSON.stringify({ items: [item()] }))).toEqual([]);
  });

  it("drops entries without a usable quantity or product id, and reads numeric string ids", () => {
    const raw = JSON.stringify([item({ quantity: 0 }), { ...item(), id: "p1" }, { ...item(), id: "7" }, null, 3]);
    expect(parseCart(raw)).toEqual([item({ id: 7 })]);
  });

  it("fills missing fields with empty values", () => {
    expect(parseCart(JSON.stringify([{ id: 5, quantity: 2.7 }]))).toEqual([
      { id: 5, name: "", price: null, image: null, quantity: 2, color: "", size: "", category: "", subcategory: "" },
    ]);
  });
});

describe("withItemAdded", () => {
  it("merges the same product, size and colour", () => {
    const cart = withItemAdded([item({ quantity: 2 })], item({ quantity: 3 }));
    expect(cart).toEqual([item({ quantity: 5 })]);
  });

  it("keeps another size or colour as its own line", () => {
    const cart = withItemAdded(withItemAdded([item()], item({ size: "44" })), item({ color: "Rosso" }));
    expect(cart.map(cartKey)).toEqual([
      cartKey(item()),
      cartKey(item({ size: "44" })),
      cartKey(item({ color: "Rosso" })),
    ]);
  });
});

describe("withQuantity", () => {
  const cart = [item(), item({ size: "44", quantity: 2 })];

  it("sets the quantity of one line", () => {
    expect(withQuantity(cart, item({ size: "44" }), 5)).toEqual([item(), item({ size: "44", quantity: 5 })]);
  });

  it("removes the line at 0 or less", () => {
    expect(withQuantity(cart, item(), 0)).toEqual([item({ size: "44", quantity: 2 })]);
    expect(withQuantity(cart, item(), -1)).toEqual([item({ size: "44", quantity: 2 })]);
  });
});

describe("quantityInCart", () => {
  it("is the quantity of that exact line, or 0", () => {
    const cart = [item({ quantity: 3 })];
    expect(quantityInCart(cart, item())).toBe(3);
    expect(quantityInCart(cart, item({ color: "Rosso" }))).toBe(0);
  });
});

describe("reconciledCart", () => {
  const line = (stored: CartItem) => ({
    id: stored.id,
    size: stored.size,
    color: stored.color,
    quantity: stored.quantity,
  });
  const added = { id: 30, size: "M", color: "Rosso", quantity: 2 };
  const quoted = { ...added, name: "Slip Riviera", unitPriceCents: 1290, image: "/files/30.svg", subcategory: "slip" };
  const addedItem = {
    ...added,
    name: "Slip Riviera",
    price: 1290,
    image: "/files/30.svg",
    category: "",
    subcategory: "slip",
  };

  it("leaves the stored cart alone when the browser wrote the cookie, or the server changed nothing", () => {
    expect(reconciledCart([item()], { writer: "browser", lines: [] }, [])).toBeNull();
    expect(reconciledCart([item()], { writer: "server", lines: [line(item())] }, [])).toBeNull();
    expect(reconciledCart([], { writer: "server-additions", lines: [] }, [])).toBeNull();
  });

  it("takes the server's lines and quantities, keeping what the browser knew and asking the quote for the rest", () => {
    const stored = [item(), item({ size: "44" })];
    expect(reconciledCart(stored, { writer: "server", lines: [line(item({ quantity: 3 })), added] }, [quoted])).toEqual(
      [item({ quantity: 3 }), addedItem],
    );
  });

  it("adds what the server added when it had no copy of the browser's cart", () => {
    expect(
      reconciledCart([item()], { writer: "server-additions", lines: [line(item({ quantity: 2 })), added] }, [quoted]),
    ).toEqual([item({ quantity: 3 }), addedItem]);
  });
});

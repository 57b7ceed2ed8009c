import { describe, expect, it } from "vitest";
import { countCartItems } from "./cart-count";

const item = (quantity: unknown) => ({
  id: "p1",
  name: "Slip",
  price: 1290,
  image: "/files/p1.webp",
  quantity,
  color: "Nero",
  size: "M",
  category: "Donna",
  subcategory: "slip",
});

describe("countCartItems", () => {
  it("sums the quantities", () => {
    expect(countCartItems(JSON.stringify([item(2), item(3)]))).toBe(5);
  });

  it("is 0 for no cart, an empty cart or unreadable data", () => {
    expect(countCartItems(null)).toBe(0);
    expect(countCartItems(undefined)).toBe(0);
    expect(countCartItems("[]")).toBe(0);
    expect(countCartItems("{broken")).toBe(0);
    expect(countCartItems(JSON.stringify({ items: [item(1)] }))).toBe(0);
  });

  it("ignores items without a usable quantity", () => {
    expect(countCartItems(JSON.stringify([item(1), item("4"), item(-2), item(null), null, item(2)]))).toBe(3);
  });
});

import { describe, expect, it } from "vitest";
import { type ForeignKey, loadOrder } from "./load-order";

const key = (table: string, references: string, deferrable = false): ForeignKey => ({
  name: `${table}_${references}_fk`,
  table,
  references,
  deferrable,
});

describe("loadOrder", () => {
  it("loads every table after the tables it refers to", () => {
    const order = loadOrder(
      ["withdrawal_items", "order_items", "orders", "users", "products", "withdrawal_requests"],
      [
        key("orders", "users"),
        key("order_items", "orders"),
        key("order_items", "products"),
        key("withdrawal_items", "order_items"),
        key("withdrawal_items", "withdrawal_requests"),
        key("withdrawal_requests", "orders"),
      ],
    );
    expect(order).toEqual(["products", "users", "orders", "order_items", "withdrawal_requests", "withdrawal_items"]);
  });

  it("accepts a table referring to itself and cycles closed by a deferrable key", () => {
    expect(
      loadOrder(["categories", "a", "b"], [key("categories", "categories"), key("a", "b"), key("b", "a", true)]),
    ).toEqual(["b", "categories", "a"]);
  });

  it("refuses a cycle of keys that cannot be deferred, naming them", () => {
    expect(() => loadOrder(["a", "b", "c"], [key("a", "b"), key("b", "a"), key("c", "a")])).toThrow(
      /^Tables a, b refer to each other .*\(a_b_fk, b_a_fk\)/,
    );
  });
});

import { describe, expect, it } from "vitest";
import { isOrderId, shortOrderId } from "./order-views";

describe("shortOrderId", () => {
  it("keeps the first 8 characters after a #", () => {
    expect(shortOrderId("3f2a9c1e-0b7d-4c1a-9e55-2b8f0c6d7a11")).toBe("#3f2a9c1e");
  });
});

describe("isOrderId", () => {
  it("accepts UUIDs only", () => {
    expect(isOrderId("3f2a9c1e-0b7d-4c1a-9e55-2b8f0c6d7a11")).toBe(true);
    expect(isOrderId("3f2a9c1e")).toBe(false);
    expect(isOrderId("../../etc/passwd")).toBe(false);
  });
});

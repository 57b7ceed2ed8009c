import { describe, expect, it } from "vitest";
import { pseudonym } from "./pseudonym.server";

describe("pseudonym", () => {
  it("names the same address the same way, whatever its case, and never shows it", () => {
    const key = "a-secret-of-the-shop-32-characters!";
    const named = pseudonym("Anna.Bianchi@example.it", key);
    expect(named).toMatch(/^[0-9a-f]{16}$/);
    expect(pseudonym(" anna.bianchi@example.it", key)).toBe(named);
    expect(pseudonym("anna.bianca@example.it", key)).not.toBe(named);
  });

  it("depends on the shop's key", () => {
    expect(pseudonym("203.0.113.9", "one-key-of-32-characters-at-least")).not.toBe(
      pseudonym("203.0.113.9", "another-key-of-32-characters-long"),
    );
  });
});

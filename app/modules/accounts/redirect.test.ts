import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./redirect";

describe("safeRedirectPath", () => {
  it("keeps paths of this site", () => {
    expect(safeRedirectPath("/orders")).toBe("/orders");
    expect(safeRedirectPath("/profile?tab=ordini")).toBe("/profile?tab=ordini");
  });

  it.each([
    null,
    undefined,
    "",
    "https://evil.example",
    "//evil.example",
    "/\\evil.example",
    "orders",
    // Browsers drop tabs and line breaks from URLs: each of these would become //evil.example.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\u000b/evil.example",
    "/\r/evil.example",
    "/%09/x\\y",
    "/\u0000",
  ])("falls back to the home page for %j", (target) => {
    expect(safeRedirectPath(target)).toBe("/");
  });
});

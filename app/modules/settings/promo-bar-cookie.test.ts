import { describe, expect, it } from "vitest";
import { isPromoDismissed } from "./promo-bar-cookie";

describe("isPromoDismissed", () => {
  it("is true when the browser sent the dismissal cookie", () => {
    expect(isPromoDismissed("promo-bar-dismissed=1")).toBe(true);
    expect(isPromoDismissed("session=abc; promo-bar-dismissed=1; theme=x")).toBe(true);
  });

  it("is false without it", () => {
    expect(isPromoDismissed(null)).toBe(false);
    expect(isPromoDismissed("")).toBe(false);
    expect(isPromoDismissed("promo-bar-dismissed=0")).toBe(false);
    expect(isPromoDismissed("old-promo-bar-dismissed=1")).toBe(false);
  });
});

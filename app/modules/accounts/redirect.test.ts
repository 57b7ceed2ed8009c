import { describe, expect, it } from "vitest";
import { SeededRandom } from "../../../tests/support/fuzz";
import { safeRedirectPath } from "./redirect";

/** Where a browser lands following `Location: <path>` from the shop at `origin`. */
const landing = (path: string, origin = "https://negozio.example") => new URL(path, origin);

/** `target` with its dot segments resolved, as a URL parser gives it back. */
const normalised = (target: string) => {
  const { pathname, search, hash } = landing(target);
  return `${pathname}${search}${hash}`;
};

describe("safeRedirectPath", () => {
  it("keeps paths of this site", () => {
    expect(safeRedirectPath("/orders")).toBe("/orders");
    expect(safeRedirectPath("/profile?tab=ordini")).toBe("/profile?tab=ordini");
    // Dot segments that stay on the site are resolved as the browser would.
    expect(safeRedirectPath("/admin/../orders")).toBe("/orders");
    expect(safeRedirectPath("/%2Fevil.example")).toBe("/%2Fevil.example");
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

  // As the loader reads them from ?redirectTo= (decoded once): each normalises to a path starting
  // with "//" or "///", which a browser follows to another site.
  it.each([
    "/..//evil.example",
    "/.//evil.example",
    "/./..//evil.example",
    "/a/../..//evil.example",
    "/..///evil.example",
    "/%2e%2e//evil.example",
    "/%2E//evil.example",
    "/.%2e//evil.example",
    "/%2e.//evil.example",
    "/orders/%2e%2e/%2e%2e//evil.example?x=1",
    "/..//evil.example#frammento",
  ])("refuses %j, whose dot segments resolve to another site", (target) => {
    expect(landing(normalised(target)).host).toBe("evil.example");
    expect(safeRedirectPath(target)).toBe("/");
  });

  it("never returns a path that leads off the site, whatever it is given", () => {
    const random = new SeededRandom(25_6);
    const pieces = [
      "/",
      "//",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%2F",
      "%5c",
      "\\",
      "\t",
      "evil.example",
      "a",
      "?",
      "#",
      "@",
      ":",
    ];
    for (let attempt = 0; attempt < 20_000; attempt++) {
      const target = `/${Array.from({ length: 1 + random.int(7) }, () => random.pick(pieces)).join("")}`;
      const path = safeRedirectPath(target);
      expect(landing(path).origin, JSON.stringify(target)).toBe("https://negozio.example");
      // Already normalised: what a browser follows is the path that was checked.
      expect(normalised(path), JSON.stringify(target)).toBe(path);
    }
  });
});

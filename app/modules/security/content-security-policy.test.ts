import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, SONNER_STYLE_HASH } from "./content-security-policy";

const directive = (policy: string, name: string) =>
  policy.split("; ").find((entry) => entry.startsWith(`${name} `)) ?? "";

describe("contentSecurityPolicy", () => {
  it("names the analytics hosts only when their IDs are configured", () => {
    const none = contentSecurityPolicy("n0nce");
    expect(none).not.toMatch(/googletagmanager|google-analytics|clarity/);
    const ga = contentSecurityPolicy("n0nce", { gaMeasurementId: "G-1" });
    expect(directive(ga, "script-src")).toContain("https://www.googletagmanager.com");
    expect(ga).not.toContain("clarity");
    const both = contentSecurityPolicy("n0nce", { gaMeasurementId: "G-1", clarityProjectId: "c1" });
    expect(directive(both, "connect-src")).toContain("https://*.clarity.ms");
  });

  it("allows scripts and style elements only with the nonce, and no 'unsafe-inline' for them", () => {
    const policy = contentSecurityPolicy("n0nce");
    expect(directive(policy, "script-src")).toBe("script-src 'self' 'nonce-n0nce'");
    expect(directive(policy, "style-src")).toBe(
      `style-src 'self' 'nonce-n0nce' '${SONNER_STYLE_HASH}' 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU='`,
    );
    expect(directive(policy, "style-src-attr")).toBe("style-src-attr 'unsafe-inline'");
  });

  it("carries the hash of the style sheet the installed sonner injects", () => {
    const source = readFileSync(
      createRequire(import.meta.url)
        .resolve("sonner")
        .replace(/index\.js$/, "index.mjs"),
      "utf8",
    );
    const start = source.indexOf('__insertCSS("') + "__insertCSS(".length;
    const css = JSON.parse(source.slice(start, source.indexOf('");', start) + 1)) as string;
    expect(`sha256-${createHash("sha256").update(css).digest("base64")}`).toBe(SONNER_STYLE_HASH);
  });
});

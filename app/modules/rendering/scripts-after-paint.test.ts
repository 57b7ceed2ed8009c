import { describe, expect, it } from "vitest";
import { holdScriptsUntilPaint } from "./scripts-after-paint";

// The shape of React Router's <Scripts> output as React writes it.
const shell = [
  '<!DOCTYPE html><html lang="it"><head><link rel="stylesheet" href="/assets/app.css" data-precedence="default"/>',
  '<link rel="modulepreload" href="/assets/entry.client.js" nonce="N0"/>',
  '<link rel="modulepreload" href="/assets/shell.js" nonce="N0"/></head><body><main>…</main>',
  '<script nonce="N0">window.__reactRouterContext = {};</script>',
  '<script nonce="N0" type="module" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
].join("");

describe("holdScriptsUntilPaint", () => {
  const held = holdScriptsUntilPaint(Buffer.from(shell), "N0").toString();

  it("keeps the preloads and the bootstrap script in the page, inert", () => {
    expect(held).not.toContain('<link rel="modulepreload"');
    expect(held).toContain('<link data-after-paint-rel="modulepreload" href="/assets/entry.client.js" nonce="N0"/>');
    expect(held).toContain('<link data-after-paint-rel="modulepreload" href="/assets/shell.js" nonce="N0"/>');
    expect(held).not.toContain(' type="module" async');
    expect(held).toContain(
      '<script nonce="N0" type="text/x-after-paint" async="">import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");</script>',
    );
  });

  it("adds the script that starts them after the first frame, with the request's nonce, right after", () => {
    expect(held).toMatch(
      /import\("\/assets\/entry\.client\.js"\);<\/script><script nonce="N0">requestAnimationFrame\(\(\)=>setTimeout\(.*\)\)<\/script>$/,
    );
  });

  it("changes nothing else", () => {
    const restored = held
      .replaceAll("data-after-paint-rel=", "rel=")
      .replace('type="text/x-after-paint"', 'type="module"')
      .replace(/<script nonce="N0">requestAnimationFrame.*?<\/script>/, "");
    expect(restored).toBe(shell);
  });

  it("leaves parts without the bootstrap script as they are", () => {
    const streamedPart = Buffer.from('<div hidden id="S:0"><link rel="modulepreload" href="/x.js"/></div>');
    expect(holdScriptsUntilPaint(streamedPart, "N0")).toBe(streamedPart);
  });
});

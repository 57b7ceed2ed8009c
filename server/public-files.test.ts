import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { memoryFileStore } from "../app/modules/files/memory-file-store.server";
import { publicFiles } from "./public-files";
import { filesPolicy } from "./request-guards";

// /files over real HTTP, on a store holding public images and the private files beside them.

const files = memoryFileStore();
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>';
let base: string;
let close: () => Promise<void>;

beforeAll(async () => {
  await files.put("products/1/nero-0.svg", new TextEncoder().encode(svg), "image/svg+xml");
  await files.put("blog/3/cover.jpg", new Uint8Array([0xff, 0xd8, 0xff]), "image/jpeg");
  await files.put("labels/0190-attempt.pdf", new TextEncoder().encode("%PDF-1.4 indirizzo"), "application/pdf");
  await files.put("cache/images/abc/320.avif", new Uint8Array([1]), "image/avif");
  await files.put("products/1/secret.pdf", new TextEncoder().encode("%PDF-1.4"), "application/pdf");
  const app = express();
  app.use("/files", filesPolicy(), publicFiles(files));
  app.use((_req, res) => {
    res.status(418).send("fell through");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => new Promise((resolve) => server.close(() => resolve()));
});
afterAll(() => close());

describe("GET /files/…", () => {
  it("serves product and blog images with their type, a week's caching and an ETag, then 304", async () => {
    const image = await fetch(`${base}/files/products/1/nero-0.svg`);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/svg+xml");
    expect(image.headers.get("cache-control")).toBe("public, max-age=604800");
    expect(image.headers.get("content-security-policy")).toContain("sandbox");
    expect(await image.text()).toBe(svg);
    const etag = image.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"/);
    // Through node:http: fetch adds "Cache-Control: no-cache" to a conditional request, as the fetch standard says.
    const revalidated = await new Promise<number | undefined>((resolve, reject) => {
      http
        .get(`${base}/files/products/1/nero-0.svg`, { headers: { "if-none-match": etag } }, (response) => {
          response.resume();
          resolve(response.statusCode);
        })
        .on("error", reject);
    });
    expect(revalidated).toBe(304);

    const cover = await fetch(`${base}/files/blog/3/cover.jpg`);
    expect(cover.headers.get("content-type")).toBe("image/jpeg");
    expect([...new Uint8Array(await cover.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff]);
  });

  it.each([
    "/files/labels/0190-attempt.pdf",
    "/files/%6cabels/0190-attempt.pdf",
    "/files/%6C%61bels/0190-attempt.pdf",
    "/files/products/..%2Flabels%2F0190-attempt.pdf",
    "/files/products/%2e%2e/labels/0190-attempt.pdf",
    "/files/cache/images/abc/320.avif",
    "/files/Labels/0190-attempt.pdf",
    "/files/products/1/missing.svg",
    "/files/products/1/",
    "/files/products",
    "/files/%E0%A4%A",
    "/files/products/1/nero-0.svg%00.pdf",
  ])("answers 404 to %s, without a byte of a private file", async (path) => {
    const answer = await fetch(`${base}${path}`);
    expect(answer.status).toBe(404);
    expect(await answer.text()).toBe("File non trovato.");
  });
});

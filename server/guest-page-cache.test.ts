import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createGuestPageCache, type GuestPageCacheOptions } from "./guest-page-cache";

// A stand-in for React Router: every render is counted, carries its own nonce in the policy and the
// page, and may set a cookie or fail as a real page can.
function shopWith(options: Partial<GuestPageCacheOptions> = {}) {
  let trusted = true;
  let clock = 0;
  const cache = createGuestPageCache({ trusted: () => trusted, now: () => clock, ...options });
  let renders = 0;
  let beforeAnswer: () => Promise<void> = async () => {};
  const app = express();
  app.use(compression());
  app.use(cache.middleware);
  app.get(/.*/, async (req, res) => {
    renders++;
    const nonce = randomBytes(16).toString("base64");
    await beforeAnswer();
    res.setHeader("Content-Security-Policy", `script-src 'self' 'nonce-${nonce}'`);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    if (req.query.cookie) res.setHeader("Set-Cookie", "chosen=1");
    res.status(req.query.missing ? 404 : 200);
    res.write(`<html><script nonce="${nonce}">go()</script>`);
    const related = req.query.related ? `<a href="/product/${req.query.related}">` : "";
    res.end(`<p>${req.path} rendered ${renders}</p>${related}<script nonce="${nonce}">more()</script></html>`);
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  const base = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    cache,
    renders: () => renders,
    distrust: () => {
      trusted = false;
    },
    advance: (ms: number) => {
      clock += ms;
    },
    pauseRenders: (wait: () => Promise<void>) => {
      beforeAnswer = wait;
    },
    /** The answer as it travels: the body's bytes undecoded, with the encoding asked for. */
    async raw(path: string, acceptEncoding: string) {
      if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
      return new Promise<{ encoding?: string; length?: string; nonce?: string; bytes: Buffer }>((resolve, reject) => {
        http
          .get(`${base()}${path}`, { headers: { "accept-encoding": acceptEncoding } }, (response) => {
            const chunks: Buffer[] = [];
            response.on("data", (chunk: Buffer) => chunks.push(chunk));
            response.on("end", () =>
              resolve({
                encoding: response.headers["content-encoding"],
                length: response.headers["content-length"],
                nonce: /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1],
                bytes: Buffer.concat(chunks),
              }),
            );
          })
          .on("error", reject);
      });
    },
    async get(path: string, cookie?: string) {
      if (!server.listening) await new Promise((resolve) => server.once("listening", resolve));
      const response = await fetch(`${base()}${path}`, { headers: cookie ? { cookie } : {} });
      const policy = response.headers.get("content-security-policy") ?? "";
      return {
        status: response.status,
        cache: response.headers.get("x-page-cache"),
        nonce: /'nonce-([^']+)'/.exec(policy)?.[1],
        body: await response.text(),
      };
    },
  };
}

const servers: ReturnType<express.Express["listen"]>[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

describe("guest page cache", () => {
  it("renders a guest page once and serves the copy with a new nonce in the policy and the page", async () => {
    const shop = shopWith();
    const first = await shop.get("/shop?category=Donna");
    const second = await shop.get("/shop?category=Donna");

    expect(first.cache).toBe("miss");
    expect(second.cache).toBe("hit");
    expect(shop.renders()).toBe(1);
    expect(second.nonce).toBeDefined();
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toBe(first.body.replaceAll(first.nonce ?? "", second.nonce ?? ""));
    expect(second.body).toContain(`<script nonce="${second.nonce}">more()</script>`);
    // Another query is another page.
    expect((await shop.get("/shop?category=Uomo")).cache).toBe("miss");
  });

  it("serves the kept page gzipped, compressed once, with the new nonce in every place", async () => {
    const shop = shopWith();
    const rendered = await shop.get("/product/7");
    const plain = await shop.raw("/product/7", "identity");
    const gzipped = await shop.raw("/product/7", "gzip, deflate, br");

    expect(plain.encoding).toBeUndefined();
    expect(gzipped.encoding).toBe("gzip");
    expect(gzipped.length).toBe(String(gzipped.bytes.length));
    expect(shop.renders()).toBe(1);
    const expected = (nonce: string | undefined) => rendered.body.replaceAll(rendered.nonce ?? "", nonce ?? "");
    expect(plain.bytes.toString()).toBe(expected(plain.nonce));
    // gunzip checks the stream's checksum and length too.
    const unzipped = gunzipSync(gzipped.bytes).toString();
    expect(unzipped).toBe(expected(gzipped.nonce));
    expect(unzipped.split(`nonce="${gzipped.nonce}"`)).toHaveLength(3);
    expect(gzipped.nonce).not.toBe(plain.nonce);
  });

  it("renders for each request what may be personal: signed in, cart, checkout, accounts", async () => {
    const shop = shopWith();
    await shop.get("/product/12");
    expect((await shop.get("/product/12", "vetrina.session_token=abc")).cache).toBeNull();
    expect((await shop.get("/product/12", "vetrina_visitor=v1")).cache).toBeNull();
    for (const path of ["/cart", "/checkout", "/profile", "/auth", "/contact", "/admin/orders"]) {
      await shop.get(path);
      expect((await shop.get(path)).cache, path).toBeNull();
    }
    expect(shop.renders()).toBe(1 + 2 + 6 * 2);
  });

  it("shares the page with guests holding only neutral cookies, and keys the promo bar's choice", async () => {
    const shop = shopWith();
    await shop.get("/");
    expect((await shop.get("/", "vetrina_carrello=b12:M:Nero:1; _ga=GA1.1.2")).cache).toBe("hit");
    expect((await shop.get("/", "promo-bar-dismissed=1")).cache).toBe("miss");
    expect((await shop.get("/", "promo-bar-dismissed=1; vetrina_carrello=b")).cache).toBe("hit");
  });

  it("keeps no answer that is not a plain page: errors, cookies of its own", async () => {
    const shop = shopWith();
    await shop.get("/blog?missing=1");
    expect((await shop.get("/blog?missing=1")).status).toBe(404);
    await shop.get("/blog?cookie=1");
    expect((await shop.get("/blog?cookie=1")).cache).toBe("miss");
    expect(shop.renders()).toBe(4);
  });

  it("forgets every page on clear, and does not keep a page whose render began before it", async () => {
    const shop = shopWith();
    await shop.get("/shop");
    shop.cache.clear();
    expect((await shop.get("/shop")).cache).toBe("miss");

    // A render under way when the catalogue changed holds the old figures: served, not kept.
    let release = () => {};
    shop.pauseRenders(() => new Promise<void>((resolve) => (release = resolve)));
    const during = shop.get("/chi-siamo");
    await expect.poll(() => shop.renders()).toBe(3);
    shop.cache.clear();
    release();
    expect((await during).status).toBe(200);
    shop.pauseRenders(async () => {});
    expect((await shop.get("/chi-siamo")).cache).toBe("miss");
    expect((await shop.get("/chi-siamo")).cache).toBe("hit");
  });

  it("forgets on a change to the catalogue alone every page showing products, not the blog and the shop's own pages", async () => {
    const shop = shopWith();
    const pages = ["/", "/shop?category=Donna", "/product/7", "/outlet", "/blog", "/blog/un-post", "/chi-siamo"];
    for (const page of pages) await shop.get(page);
    shop.cache.clear("catalogue");
    const after = await Promise.all(pages.map(async (page) => [page, (await shop.get(page)).cache]));
    expect(Object.fromEntries(after)).toEqual({
      "/": "miss",
      "/shop?category=Donna": "miss",
      "/product/7": "miss",
      "/outlet": "miss",
      "/blog": "hit",
      "/blog/un-post": "hit",
      "/chi-siamo": "hit",
    });
  });

  it("forgets on a change to products' stock every list and the product pages mentioning them", async () => {
    const shop = shopWith();
    const pages = ["/", "/shop", "/product/7", "/product/8?related=7", "/product/9?related=3", "/blog"];
    for (const page of pages) await shop.get(page);
    shop.cache.clear({ products: [7, 12] });
    const after = await Promise.all(pages.map(async (page) => [page, (await shop.get(page)).cache]));
    expect(Object.fromEntries(after)).toEqual({
      "/": "miss",
      "/shop": "miss",
      "/product/7": "miss",
      "/product/8?related=7": "miss",
      "/product/9?related=3": "hit",
      "/blog": "hit",
    });
  });

  it("renders a page once for all the requests waiting for it, and again for those after a change", async () => {
    const shop = shopWith();
    let release = () => {};
    shop.pauseRenders(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 20 }, () => shop.get("/shop?sort=price_asc"));
    await expect.poll(() => shop.renders()).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(shop.renders()).toBe(1);
    release();
    const answers = await Promise.all(waiting);
    expect(answers.map((answer) => answer.cache).sort()).toEqual([...Array(19).fill("hit"), "miss"]);
    expect(new Set(answers.map((answer) => answer.body.replaceAll(answer.nonce ?? "", "")))).toHaveLength(1);

    // Those asking after a change do not wait for a render that began before it: they get a new one.
    let releaseOld = () => {};
    shop.pauseRenders(() => new Promise<void>((resolve) => (releaseOld = resolve)));
    const before = shop.get("/product/9");
    await expect.poll(() => shop.renders()).toBe(2);
    shop.cache.clear("catalogue");
    shop.pauseRenders(async () => {});
    const after = await shop.get("/product/9");
    expect(after.cache).toBe("miss");
    expect(shop.renders()).toBe(3);
    releaseOld();
    expect((await before).status).toBe(200);
    const kept = await shop.get("/product/9");
    expect(kept.cache).toBe("hit");
    expect(kept.body.replaceAll(kept.nonce ?? "", "")).toBe(after.body.replaceAll(after.nonce ?? "", ""));
  });

  it("serves the old copy after the time-to-live while one request renders the new one", async () => {
    const shop = shopWith({ ttlMs: 1000 });
    await shop.get("/privacy");
    shop.advance(1001);
    let release = () => {};
    shop.pauseRenders(() => new Promise<void>((resolve) => (release = resolve)));
    const renewing = shop.get("/privacy");
    await expect.poll(() => shop.renders()).toBe(2);
    const meanwhile = await shop.get("/privacy");
    expect(meanwhile.cache).toBe("stale");
    expect(meanwhile.body).toContain("rendered 1");
    release();
    expect((await renewing).cache).toBe("miss");
    const renewed = await shop.get("/privacy");
    expect(renewed.cache).toBe("hit");
    expect(renewed.body).toContain("rendered 2");
  });

  it("serves nothing from memory while changes cannot be followed", async () => {
    const shop = shopWith();
    await shop.get("/blog");
    shop.distrust();
    expect((await shop.get("/blog")).cache).toBeNull();
    expect(shop.renders()).toBe(2);
  });

  it("renders again after the time-to-live, and leaves the oldest pages first when full", async () => {
    const shop = shopWith({ ttlMs: 1000, maxBytes: 8 * 1024 });
    await shop.get("/privacy");
    shop.advance(1001);
    expect((await shop.get("/privacy")).cache).toBe("miss");

    // Each page is ~120 bytes: 64 different ones overflow 8 KB, so the first is gone, the last kept.
    for (let page = 0; page < 100; page++) await shop.get(`/shop?page=${page}`);
    expect(shop.cache.size).toBeLessThan(100);
    expect((await shop.get("/shop?page=99")).cache).toBe("hit");
    expect((await shop.get("/shop?page=0")).cache).toBe("miss");
  });
});

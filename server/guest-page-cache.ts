import { randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { CART_COOKIE_NAME } from "../app/modules/cart/cart-cookie";
import { PROMO_DISMISSED_COOKIE } from "../app/modules/settings/promo-bar-cookie";

// The pages that are the same for every guest: catalogue, products, blog, the shop's own pages.
// Cart, checkout, accounts and forms read the visitor's cookies or session and are never kept.
const guestPagePaths =
  /^\/(?:|shop|donna|uomo|bambini|outlet|nuova-collezione|product\/\d+|blog|blog\/[^/]+|chi-siamo|privacy|terms|shipping)$/;

// The guest pages that show nothing of the catalogue (no product, price or stock): a change to the
// catalogue alone leaves them (see ChangeScope).
const pagesWithoutCatalogue = /^\/(?:blog|blog\/[^/]+|chi-siamo|privacy|terms|shipping)$/;
const productPagePath = /^\/product\/\d+$/;
const productAddress = /\/product\/(\d+)/g;

/**
 * What a committed change may alter: `everything` every page (settings, coupons, reviews, the
 * blog); `catalogue` (products, their variants, images and price history) every page showing
 * products, which is every list and every product page (a product page lists related products);
 * `{ products }` (what guests see of these products' variants: sold out, last piece, a colour or
 * size available) every list, since a list may hold only what is in stock, and the product pages
 * that mention one of them, their own or a related product's. Which products are related does not
 * depend on stock.
 */
export type ChangeScope = "everything" | "catalogue" | { products: number[] };

// Cookies that change nothing on those pages (the cart badge is drawn from the browser's storage),
// or that are part of the key (the promo bar). Any other cookie, a session above all, means the
// page may be personal: it is rendered for that request alone.
const neutralCookie = (name: string) =>
  name === CART_COOKIE_NAME || name === PROMO_DISMISSED_COOKIE || /^_(ga|gid|gat|gcl|clck|clsk)/.test(name);

// Headers that belong to one response, not to the page: the compression's, the connection's, the log's.
const perResponseHeaders = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "connection",
  "date",
  "x-request-id",
  "content-security-policy",
]);

type KeptPage = {
  path: string;
  /** Every product the page mentions (links, its own canonical address, structured data). */
  mentions: Set<number>;
  status: number;
  headers: [string, string | number | string[]][];
  // The page and its policy cut at the nonce, which every answer gets anew.
  body: Buffer[];
  policy: string[];
  // Each piece of the body compressed once, at gzip's best level, to be joined around each new nonce.
  deflated: Buffer[];
  bytes: number;
  expiresAt: number;
};

export type GuestPageCacheOptions = {
  /** Whether changes are being followed; when not, nothing is served from or kept in the cache. */
  trusted: () => boolean;
  maxBytes?: number;
  /** A safety net for what changes with time alone (promotions' dates, the 30-day lowest price). */
  ttlMs?: number;
  now?: () => number;
};

export type GuestPageCache = {
  middleware: RequestHandler;
  /** Forgets the pages a change in `scope` may alter, and keeps none of them being rendered now. */
  clear: (scope?: ChangeScope) => void;
  readonly size: number;
};

/** A page being rendered for one request, which the other requests for it wait for. */
type Render = { path: string; outdated: boolean; done: Promise<void> };

/**
 * Keeps the HTML of the guest pages in this process, as the big shops do at their CDN edge, and
 * serves each copy with a fresh CSP nonce: the page is rendered once until something on it changes
 * (server/storefront-caches.ts clears what a committed change may alter), not once per visitor.
 * Requests for a page being rendered wait for that one render instead of rendering it again; once
 * the time-to-live is over, the old copy is served while one request renders the new one.
 */
export function createGuestPageCache({
  trusted,
  maxBytes = 32 * 1024 * 1024,
  ttlMs = 60_000,
  now = Date.now,
}: GuestPageCacheOptions): GuestPageCache {
  // Insertion order is recency order: a hit moves its page to the end, the oldest leave first.
  const pages = new Map<string, KeptPage>();
  const renders = new Map<string, Render>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const page = pages.get(key);
    if (!page) return;
    keptBytes -= page.bytes;
    pages.delete(key);
  };

  const keep = (key: string, page: KeptPage) => {
    forget(key);
    if (page.bytes > maxBytes / 8) return;
    pages.set(key, page);
    keptBytes += page.bytes;
    for (const oldest of pages.keys()) {
      if (keptBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  const middleware: RequestHandler = (req, res, next) => {
    if (req.method !== "GET" || !guestPagePaths.test(req.path) || !trusted()) return next();
    const cookies = cookieNames(req.headers.cookie);
    if (!cookies.every(neutralCookie)) return next();
    const key = `${cookies.includes(PROMO_DISMISSED_COOKIE) ? "promo-dismissed" : "promo"} ${req.originalUrl}`;

    const page = pages.get(key);
    if (page && page.expiresAt > now()) {
      pages.delete(key);
      pages.set(key, page);
      serve(req, res, page, "hit");
      return;
    }
    const under = renders.get(key);
    // Outlived by time alone (a promotion's end, the 30-day lowest price), never by a change.
    if (page && under) return serve(req, res, page, "stale");
    if (under) {
      // The render's page when it was kept; otherwise (an error page, a change meanwhile) its own.
      void under.done.then(() => {
        const rendered = pages.get(key);
        if (rendered) serve(req, res, rendered, "hit");
        else next();
      });
      return;
    }

    let finished = () => {};
    const render: Render = { path: req.path, outdated: false, done: new Promise((resolve) => (finished = resolve)) };
    renders.set(key, render);
    const settle = () => {
      if (renders.get(key) === render) renders.delete(key);
      finished();
    };
    res.setHeader("X-Page-Cache", "miss");
    const body = captureBody(res);
    res.on("finish", () => {
      const kept = render.outdated || !trusted() ? null : pageOf(req.path, res, body(), now() + ttlMs);
      if (kept) keep(key, kept);
      // The copy outlived by time goes too, unless a change already replaced it.
      else if (page && pages.get(key) === page) forget(key);
      settle();
    });
    res.on("close", settle);
    next();
  };

  return {
    middleware,
    clear(scope = "everything") {
      const showsCatalogue = (path: string) => scope === "everything" || !pagesWithoutCatalogue.test(path);
      const alters = (page: KeptPage) => {
        if (!showsCatalogue(page.path)) return false;
        if (typeof scope === "string" || !productPagePath.test(page.path)) return true;
        return scope.products.some((id) => page.path === `/product/${id}` || page.mentions.has(id));
      };
      for (const [key, page] of pages) if (alters(page)) forget(key);
      // Renders under way may hold what was there before: served, not kept, and not waited for.
      // What they mention is not known yet: every one showing the catalogue counts.
      for (const [key, render] of renders) {
        if (!showsCatalogue(render.path)) continue;
        render.outdated = true;
        renders.delete(key);
      }
    },
    get size() {
      return pages.size;
    },
  };
}

function serve(req: Request, res: Response, page: KeptPage, cache: "hit" | "stale") {
  const nonce = Buffer.from(randomBytes(16).toString("base64"));
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.policy.join(nonce.toString()));
  res.setHeader("X-Page-Cache", cache);
  res.setHeader("Vary", "Accept-Encoding");
  if (req.acceptsEncodings("gzip") !== "gzip") {
    res.end(Buffer.concat(joinedAround(page.body, nonce)));
    return;
  }
  // The compression middleware leaves an answer that is already encoded as it is.
  const gzip = gzipAround(page, nonce);
  res.setHeader("Content-Encoding", "gzip");
  res.setHeader("Content-Length", gzip.length);
  res.end(gzip);
}

/**
 * The body's pieces as raw deflate streams that can be joined around any nonce: every piece but the
 * last ends on a sync flush (byte-aligned, not final), the last one ends the stream. Each piece is
 * compressed on its own, so none refers back into a nonce it will not be beside. Done once per kept
 * page, after its answer has left (a few milliseconds for /shop's HTML), instead of once per answer.
 */
function deflatePieces(pieces: Buffer[]): Buffer[] {
  return pieces.map((piece, index) =>
    deflateRawSync(piece, {
      level: constants.Z_BEST_COMPRESSION,
      finishFlush: index === pieces.length - 1 ? constants.Z_FINISH : constants.Z_SYNC_FLUSH,
    }),
  );
}

// RFC 1952: magic, deflate, no flags, no time, no extra flags, Unix.
const gzipHeader = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);

/**
 * The kept page as one gzip answer with the nonce between its compressed pieces, each nonce as a
 * stored deflate block (RFC 1951 3.2.4): no compression work per answer but the checksum.
 */
function gzipAround(page: KeptPage, nonce: Buffer): Buffer {
  const nonceBlock = Buffer.alloc(5 + nonce.length);
  nonceBlock.writeUInt8(0, 0); // not final, stored; the rest of the byte is padding
  nonceBlock.writeUInt16LE(nonce.length, 1);
  nonceBlock.writeUInt16LE(~nonce.length & 0xffff, 3);
  nonce.copy(nonceBlock, 5);
  let checksum = 0;
  let length = 0;
  for (const piece of joinedAround(page.body, nonce)) {
    checksum = crc32(piece, checksum);
    length += piece.length;
  }
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(checksum >>> 0, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  return Buffer.concat([gzipHeader, ...joinedAround(page.deflated, nonceBlock), trailer]);
}

function joinedAround(pieces: Buffer[], between: Buffer): Buffer[] {
  return pieces.flatMap((piece, index) => (index === 0 ? [piece] : [between, piece]));
}

/** The page as it can be kept: a complete 200 HTML answer with a nonce'd policy and no cookie of its own. */
function pageOf(path: string, res: Response, body: Buffer | null, expiresAt: number): KeptPage | null {
  if (body === null || res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return null;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return null;
  if (/private|no-store/.test(String(res.getHeader("cache-control") ?? ""))) return null;
  const policy = String(res.getHeader("content-security-policy") ?? "");
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return null;
  const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): KeptPage["headers"] =>
    value === undefined || perResponseHeaders.has(name) || name === "x-page-cache" ? [] : [[name, value]],
  );
  const mentions = new Set(Array.from(body.toString("latin1").matchAll(productAddress), (match) => Number(match[1])));
  const pieces = splitAt(body, Buffer.from(nonce));
  const deflated = deflatePieces(pieces);
  const bytes = [...pieces, ...deflated].reduce((sum, piece) => sum + piece.length, 0);
  return {
    path,
    mentions,
    status: 200,
    headers,
    body: pieces,
    policy: policy.split(nonce),
    deflated,
    bytes,
    expiresAt,
  };
}

function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const pieces: Buffer[] = [];
  let start = 0;
  for (let found = body.indexOf(separator); found !== -1; found = body.indexOf(separator, start)) {
    pieces.push(body.subarray(start, found));
    start = found + separator.length;
  }
  pieces.push(body.subarray(start));
  return pieces;
}

/** Records what the app writes (before compression); null when the answer was cut short. */
function captureBody(res: Response): () => Buffer | null {
  const chunks: Buffer[] = [];
  let ended = false;
  const add = (chunk: unknown, encoding: unknown) => {
    if (typeof chunk === "string") {
      chunks.push(Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8"));
    } else if (chunk instanceof Uint8Array) chunks.push(Buffer.from(chunk));
  };
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => Response;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as Response["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (typeof chunk !== "function") add(chunk, rest[0]);
    ended = true;
    return end(chunk, ...rest);
  }) as Response["end"];
  return () => (ended ? Buffer.concat(chunks) : null);
}

function cookieNames(header: string | undefined): string[] {
  if (!header) return [];
  return header.split(";").flatMap((pair) => {
    const name = pair.split("=", 1)[0]?.trim();
    return name ? [name] : [];
  });
}

import { randomBytes } from "node:crypto";
import { constants, crc32, deflateRawSync } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import { CART_COOKIE_NAME } from "../app/modules/cart/cart-cookie";
import { PROMO_DISMISSED_COOKIE } from "../app/modules/settings/promo-bar-cookie";

// The pages that are the same for every guest: catalogue, products, blog, the shop's own pages.
// Cart, checkout, accounts and forms read the visitor's cookies or session and are never kept.
const guestPagePaths =
  /^\/(?:|shop|donna|uomo|bambini|outlet|nuova-collezione|product\/\d+|blog|blog\/[^/]+|chi-siamo|privacy|terms|shipping)$/;

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
  /** Forgets every page, and keeps none of the pages being rendered now. */
  clear: () => void;
  readonly size: number;
};

/**
 * Keeps the HTML of the guest pages in this process, as the big shops do at their CDN edge, and
 * serves each copy with a fresh CSP nonce: the page is rendered once until something on it changes
 * (server/storefront-caches.ts clears it on every committed change), not once per visitor.
 */
export function createGuestPageCache({
  trusted,
  maxBytes = 32 * 1024 * 1024,
  ttlMs = 60_000,
  now = Date.now,
}: GuestPageCacheOptions): GuestPageCache {
  // Insertion order is recency order: a hit moves its page to the end, the oldest leave first.
  const pages = new Map<string, KeptPage>();
  let keptBytes = 0;
  let generation = 0;

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
      serve(req, res, page);
      return;
    }
    if (page) forget(key);
    res.setHeader("X-Page-Cache", "miss");
    const startedIn = generation;
    const body = captureBody(res);
    res.on("finish", () => {
      if (generation !== startedIn || !trusted()) return;
      const kept = pageOf(res, body(), now() + ttlMs);
      if (kept) keep(key, kept);
    });
    next();
  };

  return {
    middleware,
    clear() {
      generation++;
      pages.clear();
      keptBytes = 0;
    },
    get size() {
      return pages.size;
    },
  };
}

function serve(req: Request, res: Response, page: KeptPage) {
  const nonce = Buffer.from(randomBytes(16).toString("base64"));
  res.status(page.status);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Content-Security-Policy", page.policy.join(nonce.toString()));
  res.setHeader("X-Page-Cache", "hit");
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
function pageOf(res: Response, body: Buffer | null, expiresAt: number): KeptPage | null {
  if (body === null || res.statusCode !== 200 || res.getHeader("set-cookie") !== undefined) return null;
  if (!String(res.getHeader("content-type") ?? "").startsWith("text/html")) return null;
  if (/private|no-store/.test(String(res.getHeader("cache-control") ?? ""))) return null;
  const policy = String(res.getHeader("content-security-policy") ?? "");
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  if (!nonce) return null;
  const headers = Object.entries(res.getHeaders()).flatMap(([name, value]): KeptPage["headers"] =>
    value === undefined || perResponseHeaders.has(name) || name === "x-page-cache" ? [] : [[name, value]],
  );
  const pieces = splitAt(body, Buffer.from(nonce));
  const deflated = deflatePieces(pieces);
  const bytes = [...pieces, ...deflated].reduce((sum, piece) => sum + piece.length, 0);
  return { status: 200, headers, body: pieces, policy: policy.split(nonce), deflated, bytes, expiresAt };
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

import { randomUUID } from "node:crypto";
import type { RequestHandler } from "express";
import { inLogScope, logger } from "../app/logger.server";
import { UPLOAD_TOO_LARGE_QUERY } from "../app/modules/forms/upload-too-large";
import { maxUploadBodyBytes } from "../app/modules/product-images/upload-limits";
import { maxImportBodyBytes } from "../app/modules/product-import/import-answer";
import { inAnswerScope } from "../app/modules/security/personal-answers.server";

// What every request passes before it reaches the shop: security headers, the request log, the
// methods and body sizes the shop accepts, the cross-site check, the visitor's IP as the trusted
// proxies tell it, and no caching of personal pages. Each is a plain Express middleware, tested in
// request-guards.test.ts.

export function securityHeaders(production: boolean): RequestHandler {
  // The Content-Security-Policy of pages carries a per-request nonce, so it is set in app/entry.server.tsx.
  return (_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    if (production) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}

/**
 * Gives the request an id (answered as X-Request-Id), carried by every log line written while
 * serving it and by the e-mails it queues (logger.server.ts), and logs the request when answered:
 * method, path (no query string), status and time, never the visitor's IP or headers.
 */
export function requestLog(): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    const requestId = randomUUID();
    res.setHeader("X-Request-Id", requestId);
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // 503 is the shop saying its database is away (retry later): a warning, not a failure of its own.
      const level = res.statusCode === 503 ? "warn" : res.statusCode >= 500 ? "error" : "debug";
      logger[level](
        { requestId, method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) },
        "request",
      );
    });
    inLogScope({ requestId }, next);
  };
}

const plainText = "text/plain; charset=utf-8";

// A host name, an IPv4 address or a bracketed IPv6 address, with an optional port.
const hostPattern =
  /^(?:[a-z\d_](?:[a-z\d_-]*[a-z\d_])?(?:\.[a-z\d_](?:[a-z\d_-]*[a-z\d_])?)*\.?|\[[\da-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Refuses a request that names no valid host (HTTP/1.0 needs none; "a b" is none): React Router builds
 * each request's URL from it and would fail with a 500. The host is the Host header, or what a
 * trusted proxy forwarded. The health probes, answered before, do without one.
 */
export function validHost(): RequestHandler {
  return (req, res, next) => {
    if (hostPattern.test(req.host ?? "")) return next();
    res.status(400).set("Connection", "close").type(plainText).send("Indirizzo del sito mancante o non valido.");
  };
}

/** The shop reads pages and posts forms: any other method (TRACE, PUT, DELETE…) is refused with 405. */
export function allowedMethods(): RequestHandler {
  const allowed = ["GET", "HEAD", "POST"];
  return (req, res, next) => {
    if (allowed.includes(req.method)) return next();
    res.status(405).set("Allow", allowed.join(", ")).type(plainText).send("Metodo non consentito.");
  };
}

// The product images page's action, posted as the page or as its data request.
const imageUploadPath = /^\/admin\/products\/[1-9]\d{0,9}\/immagini(\.data)?$/;
const productImportPath = /^\/admin\/products\/import(\.data)?$/;

/**
 * The largest body a request may send: forms and APIs are small; a provider's webhook a little
 * larger; staff's image uploads up to 25 MB, their products sheet up to 2 MB.
 */
export function bodyLimitFor(path: string): number {
  if (path === "/api/pagamenti/webhook") return 512 * 1024;
  if (imageUploadPath.test(path)) return maxUploadBodyBytes;
  if (productImportPath.test(path)) return maxImportBodyBytes;
  return 100 * 1024;
}

/**
 * A staff upload too large, posted as the page itself (before or without JavaScript, which checks the
 * size before sending), is read to its end and thrown away, then the page is asked again with
 * ?troppo-grande and says why in Italian: a browser whose upload is cut short shows only a bare
 * error. Beyond this size it is no mistaken choice of photos, and the connection is cut.
 */
const MAX_DISCARDED_UPLOAD_BYTES = 256 * 1024 * 1024;

function isUploadPage(path: string): boolean {
  return !path.endsWith(".data") && (imageUploadPath.test(path) || productImportPath.test(path));
}

/**
 * Refuses a body larger than its route's limit (413) before anything reads it. A body must state its
 * length: Node's parser then never lets more bytes through, so nothing unbounded is ever buffered.
 * A body of unstated length (chunked) gets 411; browsers and payment providers always state it.
 */
export function bodyLimits(limitFor: (path: string) => number = bodyLimitFor): RequestHandler {
  return (req, res, next) => {
    const length = req.get("content-length");
    const hasBody = length !== undefined || req.get("transfer-encoding") !== undefined;
    if (!hasBody) return next();
    if (length === undefined) {
      res.status(411).type(plainText).send("Indica la lunghezza della richiesta.");
      return;
    }
    if (Number(length) <= limitFor(req.path)) return next();
    if (req.method === "POST" && isUploadPage(req.path) && Number(length) <= MAX_DISCARDED_UPLOAD_BYTES) {
      req.on("end", () => res.redirect(303, `${req.path}?${UPLOAD_TOO_LARGE_QUERY}`));
      req.resume();
      return;
    }
    res.status(413).set("Connection", "close").type(plainText).send("La richiesta è troppo grande.");
  };
}

/**
 * Refuses state-changing requests sent by another site's page (CSRF). Browsers name the page's
 * origin in the Origin header of every POST; server-to-server calls (webhooks) send none. The host
 * and protocol are the request's own, or what a trusted proxy says they were (TRUST_PROXY).
 */
export function sameOriginMutations(publicUrl: string): RequestHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return (req, res, next) => {
    if (["GET", "HEAD", "OPTIONS"].includes(req.method)) return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.host}`;
    const crossSite = origin
      ? origin !== ownOrigin && origin !== publicOrigin
      : req.get("sec-fetch-site") === "cross-site";
    if (!crossSite) return next();
    logger.warn({ method: req.method, path: req.path, origin }, "cross-origin request refused");
    res.status(403).type(plainText).send("Richiesta non consentita da un altro sito.");
  };
}

/**
 * Hands the visitor's IP to the app in x-client-ip, overwriting whatever the client sent: the
 * connection's address, or the one a trusted proxy forwarded (Express's "trust proxy", set from
 * TRUST_PROXY). Rate limits and sessions read it.
 */
export function recordClientIp(): RequestHandler {
  return (req, _res, next) => {
    req.headers["x-client-ip"] = req.ip ?? "unknown";
    next();
  };
}

// Pages personal without a session: the cart and the checkout (read from their cookies), the sign-in
// and password pages (their links' tokens), the sandbox payment page. Pages read with a session are
// marked by the session reader itself (markAnswerPersonal).
const personalWithoutSession =
  /^\/(cart|checkout|checkout-success|auth|reset-password|pagamento-di-prova)(\/|\.data|$)/;

/**
 * Personal answers are never kept by a browser or a shared cache: those of the pages above, and every
 * answer marked personal while it was made (a signed-in visitor's, above all). The mark is read as
 * the headers go out, after the loaders and actions ran.
 */
export function noStoreForPersonalAnswers(): RequestHandler {
  return (req, res, next) => {
    const answer = { personal: personalWithoutSession.test(req.path) };
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (answer.personal) this.setHeader("Cache-Control", "private, no-store");
      return writeHead.apply(this, args);
    } as typeof writeHead;
    inAnswerScope(answer, next);
  };
}

/**
 * Files under /files are the shop's images, some of them SVG: served with a policy that lets no
 * script run and nothing load, even if a document were opened on its own.
 */
export function filesPolicy(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader(
      "Content-Security-Policy",
      "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
    );
    next();
  };
}

/**
 * While the process is stopping, every answer tells the client (or proxy) to close its keep-alive
 * connection, so the next request opens one to an instance that stays.
 */
export function closeConnectionsWhileDraining(isDraining: () => boolean): RequestHandler {
  return (_req, res, next) => {
    if (isDraining()) res.setHeader("Connection", "close");
    next();
  };
}

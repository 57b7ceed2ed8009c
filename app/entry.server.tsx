import { randomBytes } from "node:crypto";
import { Transform, type TransformCallback, type TransformOptions } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import {
  type EntryContext,
  type HandleDataRequestFunction,
  type HandleErrorFunction,
  isRouteErrorResponse,
  type RouterContextProvider,
  ServerRouter,
} from "react-router";
import { NonceProvider } from "~/components/nonce";
import { config } from "~/config.server";
import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";
import { outageHeaders, outagePage, outageRetryAfterSeconds } from "~/modules/rendering/outage-page";
import { holdScriptsUntilPaint } from "~/modules/rendering/scripts-after-paint";
import { contentSecurityPolicy } from "~/modules/security/content-security-policy";
import { requestOutage } from "~/services.server";

export const streamTimeout = 5_000;

/**
 * Every error of a loader, action or render, logged once as a JSON line (React Router would print
 * it raw). An unreachable database is not a bug of the page: it is noted on the request, whose
 * answer becomes the shop's 503 page.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const path = new URL(request.url).pathname;
  if (isDatabaseUnavailable(error)) {
    const outage = requestOutage(context);
    if (outage) outage.databaseUnavailable = true;
    logger.warn({ err: error, path }, "database unavailable");
    return;
  }
  // React Router's own answers (an unknown action, a method no route takes) are the visitor's mistake.
  if (isRouteErrorResponse(error)) logger.warn({ status: error.status, path }, "request refused");
  else logger.error({ err: error, path }, "request failed");
};

/** A page or form request that met the database away: the outage page instead of the error page. */
function outageAnswer(): Response {
  return new Response(outagePage(), { status: 503, headers: outageHeaders() });
}

/**
 * A data request (client navigation, form sent by script) that met the database away keeps its
 * body, which the page shows as its error, with status 503 and Retry-After.
 */
export const handleDataRequest: HandleDataRequestFunction = (response, { context }) => {
  if (!requestOutage(context)?.databaseUnavailable) return response;
  const headers = new Headers(response.headers);
  headers.set("Retry-After", String(outageRetryAfterSeconds));
  return new Response(response.body, { status: 503, headers });
};

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (requestOutage(loadContext)?.databaseUnavailable) return outageAnswer();
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }

  const nonce = randomBytes(16).toString("base64");
  // Vite's dev server injects inline scripts of its own, so the policy applies to built apps only.
  if (process.env.NODE_ENV !== "development") {
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce, config().analytics));
  }

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell as soon as it is ready.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";

    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // React moves a finished part of the shell (the cookie banner, first in <body>) to the end
        // of the document once 12.8 KB have been written before it, and shows it up to 300 ms later:
        // everything rendered by then goes out in place.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true;
          const body = new PiecesToParts(nonce, {
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError.
          if (shellRendered) logger.error({ err: error, path: new URL(request.url).pathname }, "render error");
        },
      },
    );
  });
}

/**
 * React writes a page in 4 KB pieces and calls `flush()` on its destination each time a part is
 * complete (the shell, then each part that was waiting for data). React Router's adapter flushes
 * the compression after every chunk it is given, so handing on the pieces one by one sent /shop as
 * 26 compressed chunks, each its own socket write; handed on part by part, it is 5. The first part
 * holds the page's scripts until the first paint (scripts-after-paint.ts).
 */
class PiecesToParts extends Transform {
  #pieces: Buffer[] = [];
  #firstPart = true;
  #nonce: string;

  constructor(nonce: string, options: TransformOptions) {
    super(options);
    this.#nonce = nonce;
  }

  override _transform(piece: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    this.#pieces.push(piece);
    callback();
  }

  flush() {
    if (this.#pieces.length === 0) return;
    const part = Buffer.concat(this.#pieces);
    // The scripts are in the shell, which is the first part.
    this.push(this.#firstPart ? holdScriptsUntilPaint(part, this.#nonce) : part);
    this.#firstPart = false;
    this.#pieces = [];
  }

  override _flush(callback: TransformCallback) {
    this.flush();
    callback();
  }
}

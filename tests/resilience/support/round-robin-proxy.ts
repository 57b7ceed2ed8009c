// A small reverse proxy in front of several app instances, as nginx or a load balancer would be:
// each request goes to the next instance in turn, with the X-Forwarded-* headers a real proxy adds.
// Like nginx's proxy_next_upstream, a request an instance never received (connection refused) goes
// to the next one, and so does an idempotent request whose reused connection closed under it.
// A test may send a request to one instance with the header `x-test-backend: <index>`, taken off
// before the request goes on: everything else about it stays as through the proxy.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  url: string;
  /** How many requests each backend answered, in the order given. */
  counts: number[];
  /** Requests that went to another backend because theirs was gone. */
  retries: number;
  /** The backends to send requests to, from now on (their counts start again from zero). */
  setBackends(urls: string[]): void;
  close(): Promise<void>;
};

const idempotent = new Set(["GET", "HEAD", "OPTIONS"]);

/** Listens on a port the OS gives, sending requests to `backends` (or to those given later with setBackends). */
export async function startRoundRobinProxy(initialBackends: string[] = []): Promise<RoundRobinProxy> {
  let backends = initialBackends;
  const state = { counts: backends.map(() => 0), retries: 0 };
  let next = 0;
  const server = http.createServer(async (request, response) => {
    // Kept whole, so a request can be sent again to another backend (the shop's forms are small).
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const { "x-test-backend": pinned, ...received } = request.headers;
    const headers = {
      ...received,
      // Appended to what the client sent, as nginx's $proxy_add_x_forwarded_for does.
      "x-forwarded-for": [request.headers["x-forwarded-for"], request.socket.remoteAddress].filter(Boolean).join(", "),
      "x-forwarded-proto": "http",
      "x-forwarded-host": request.headers.host ?? "",
    };
    const first = pinned === undefined ? next++ : Number(pinned);
    const send = (attempt: number) => {
      // A retry goes to the instance after the one that failed.
      const index = (first + attempt - 1) % backends.length;
      const upstream = http.request(
        new URL(request.url ?? "/", backends[index]),
        { method: request.method, headers },
        (answer) => {
          state.counts[index] = (state.counts[index] ?? 0) + 1;
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
          answer.on("error", () => response.destroy());
        },
      );
      upstream.on("error", (error: NodeJS.ErrnoException) => {
        const neverReceived = error.code === "ECONNREFUSED";
        const connectionGone = error.code === "ECONNRESET" && idempotent.has(request.method ?? "");
        const retry = pinned === undefined && attempt < backends.length && (neverReceived || connectionGone);
        if (!response.headersSent && retry) {
          state.retries++;
          send(attempt + 1);
          return;
        }
        if (response.headersSent) {
          response.destroy();
          return;
        }
        response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
        response.end(`Bad gateway: ${error.code ?? error.message}`);
      });
      upstream.end(body);
    };
    send(1);
  });
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    get counts() {
      return state.counts;
    },
    get retries() {
      return state.retries;
    },
    setBackends(urls) {
      backends = urls;
      state.counts = urls.map(() => 0);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

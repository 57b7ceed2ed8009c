// A small reverse proxy in front of several app instances, as nginx or a load balancer would be:
// each request goes to the next instance in turn, with the X-Forwarded-* headers a real proxy adds.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = {
  url: string;
  /** How many requests each backend received, in the order given. */
  counts: number[];
  close(): Promise<void>;
};

export async function startRoundRobinProxy(backends: string[], port = 0): Promise<RoundRobinProxy> {
  const counts = backends.map(() => 0);
  let next = 0;
  const server = http.createServer((request, response) => {
    const index = next++ % backends.length;
    counts[index] = (counts[index] ?? 0) + 1;
    const target = new URL(request.url ?? "/", backends[index]);
    const upstream = http.request(
      target,
      {
        method: request.method,
        headers: {
          ...request.headers,
          "x-forwarded-for": request.socket.remoteAddress ?? "",
          "x-forwarded-proto": "http",
          "x-forwarded-host": request.headers.host ?? "",
        },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on("error", () => {
      if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain; charset=utf-8" });
      response.end("Bad gateway");
    });
    request.pipe(upstream);
  });
  server.listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port: listening } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${listening}`,
    counts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

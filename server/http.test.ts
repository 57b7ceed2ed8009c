import type http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createHttpServer, slowClientTimeouts } from "./http";

// The HTTP server under the shop, as clients too slow to send their request meet it.

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** A server whose one handler reads the whole body and says how long it was, with the given timeouts. */
async function start(timeouts: typeof slowClientTimeouts): Promise<number> {
  const app = express();
  app.post("/contact", async (req, res) => {
    let length = 0;
    try {
      for await (const chunk of req) length += (chunk as Buffer).length;
    } catch {
      return;
    }
    res.type("text/plain").send(`letti ${length} byte`);
  });
  const server = createHttpServer(app, timeouts).listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return (server.address() as AddressInfo).port;
}

/**
 * Sends `parts` on a new connection, waiting `pauseMs` before each after the first, and gives back
 * what the server answered and how long after the first part it closed the connection.
 */
function sendSlowly(
  port: number,
  parts: string[],
  pauseMs: number,
): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    let closed = false;
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
    socket.on("connect", async () => {
      for (const [index, part] of parts.entries()) {
        if (index > 0) await new Promise((wait) => setTimeout(wait, pauseMs));
        if (closed) return;
        socket.write(part);
      }
    });
    setTimeout(() => reject(new Error(`still open after 10 s; answered: ${answer}`)), 10_000).unref();
  });
}

const headers = "POST /contact HTTP/1.1\r\nHost: negozio.example\r\nConnection: close\r\n";

describe("clients too slow to send their request", () => {
  it("are cut by the shop's server within seconds, not Node's 300", () => {
    const server = createHttpServer(express());
    expect(server.headersTimeout).toBe(slowClientTimeouts.headersTimeout);
    expect(server.requestTimeout).toBe(slowClientTimeouts.requestTimeout);
    expect(slowClientTimeouts.headersTimeout).toBeLessThanOrEqual(10_000);
    expect(slowClientTimeouts.requestTimeout).toBeLessThanOrEqual(120_000);
  });

  // The same rules, shortened so the test takes a second: a 1 s request, a 0.5 s head.
  const short = { headersTimeout: 500, requestTimeout: 1_000, connectionsCheckingInterval: 100 };

  it("lose their connection with 408 when the body trickles in", async () => {
    const port = await start(short);
    const body = Array.from({ length: 20 }, () => "a");
    const { answer, closedAfterMs } = await sendSlowly(port, [`${headers}Content-Length: 20\r\n\r\n`, ...body], 150);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain("letti");
    expect(closedAfterMs).toBeLessThan(2_500);
  });

  it("lose their connection with 408 when the headers trickle in", async () => {
    const port = await start(short);
    const head = `${headers}Content-Length: 0\r\n\r\n`.split("");
    const { answer, closedAfterMs } = await sendSlowly(port, head, 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(2_000);
  });

  it("while a request sent at a normal pace is answered", async () => {
    const port = await start(short);
    const { answer } = await sendSlowly(port, [`${headers}Content-Length: 5\r\n\r\n`, "a=123"], 50);
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(answer).toContain("letti 5 byte");
  });
});

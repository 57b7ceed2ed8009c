import http from "node:http";
import net, { type AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { markAnswerPersonal } from "../app/modules/security/personal-answers.server";
import {
  allowedMethods,
  bodyLimitFor,
  bodyLimits,
  closeConnectionsWhileDraining,
  filesPolicy,
  noStoreForPersonalAnswers,
  recordClientIp,
  sameOriginMutations,
  validHost,
} from "./request-guards";

// The guards in front of the shop, on a small Express app, over real HTTP from 127.0.0.1.

const servers: http.Server[] = [];
afterEach(() => Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve)))));

/** An app with the guards, whose one handler answers what it saw of the request. */
async function start(trustProxy: false | number | string[]): Promise<string> {
  const app = express();
  app.set("trust proxy", trustProxy);
  app.use(
    validHost(),
    allowedMethods(),
    bodyLimits(),
    sameOriginMutations("https://negozio.example"),
    recordClientIp(),
  );
  app.use(noStoreForPersonalAnswers());
  app.use("/files", filesPolicy());
  app.all("/{*rest}", async (req, res) => {
    // As the session reader does once it found a session, after awaiting the database.
    if (req.query.sessione !== undefined) {
      await new Promise((resolve) => setTimeout(resolve, 5));
      markAnswerPersonal();
    }
    res.json({ ip: req.headers["x-client-ip"], protocol: req.protocol, host: req.host });
  });
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((resolve) => server.once("listening", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A request through node:http, which (unlike fetch) sends any method, e.g. TRACE. */
function rawRequest(url: string, method: string, headers: Record<string, string> = {}, body?: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders }>((resolve, reject) => {
    const request = http.request(url, { method, headers }, (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, headers: response.headers });
    });
    request.on("error", reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

const spoofed = {
  "X-Forwarded-For": "198.51.100.23",
  "X-Forwarded-Proto": "https",
  "X-Forwarded-Host": "evil.example",
};

describe("the visitor's IP, protocol and host", () => {
  it("ignore X-Forwarded-* from a peer that is not a trusted proxy, loopback included", async () => {
    for (const trust of [false, ["10.0.0.5"]] as const) {
      const base = await start(trust as false | string[]);
      const seen = await (await fetch(`${base}/shop`, { headers: spoofed })).json();
      expect(seen).toEqual({ ip: "127.0.0.1", protocol: "http", host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    }
  });

  it("take them from a trusted proxy, and a client cannot set x-client-ip itself", async () => {
    const base = await start(["loopback"]);
    const seen = await (await fetch(`${base}/shop`, { headers: { ...spoofed, "x-client-ip": "1.2.3.4" } })).json();
    expect(seen).toEqual({ ip: "198.51.100.23", protocol: "https", host: "evil.example" });
    const hops = await start(1);
    const chain = await fetch(`${hops}/shop`, { headers: { "X-Forwarded-For": "203.0.113.9, 198.51.100.23" } });
    expect((await chain.json()).ip).toBe("198.51.100.23");
  });
});

/** What the server at `base` answers to `request`, written as is on a socket (fetch always sends a valid Host). */
function rawHttp(base: string, request: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

describe("the host a request names", () => {
  it("must be there and be a host name, or the request gets 400 in Italian", async () => {
    const base = await start(false);
    for (const head of [
      "HTTP/1.0",
      "HTTP/1.0\r\nHost:",
      "HTTP/1.1\r\nHost:",
      "HTTP/1.1\r\nHost: a b",
      "HTTP/1.1\r\nHost: negozio.example:porta",
      "HTTP/1.1\r\nHost: negozio.example/shop",
      "HTTP/1.1\r\nHost: utente@negozio.example",
    ]) {
      const answer = await rawHttp(base, `GET /shop ${head}\r\nConnection: close\r\n\r\n`);
      expect(answer, JSON.stringify(head)).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer.split("\r\n\r\n")[1]).toBe("Indirizzo del sito mancante o non valido.");
    }
    for (const host of [
      "negozio.example",
      "negozio.example:8080",
      "127.0.0.1:3000",
      "[::1]:3000",
      "localhost",
      "vetrina_app",
    ]) {
      const answer = await rawHttp(base, `GET /shop HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`);
      expect(answer, host).toMatch(/^HTTP\/1\.1 200 /);
    }
  });

  it("is the one a trusted proxy forwarded, checked alike", async () => {
    const base = await start(["127.0.0.1"]);
    const forwarded = (host: string) =>
      rawHttp(base, `GET /shop HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Forwarded-Host: ${host}\r\nConnection: close\r\n\r\n`);
    expect(await forwarded("a b")).toMatch(/^HTTP\/1\.1 400 /);
    expect(await forwarded("negozio.example")).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe("methods and bodies", () => {
  it("refuse TRACE, PUT and DELETE with 405", async () => {
    const base = await start(false);
    for (const method of ["TRACE", "PUT", "DELETE", "PATCH"]) {
      const response = await rawRequest(`${base}/contact`, method);
      expect(response.status).toBe(405);
      expect(response.headers.allow).toBe("GET, HEAD, POST");
    }
  });

  it("refuse a body over its route's limit with 413 in Italian, before anything reads it", async () => {
    const base = await start(false);
    const big = await fetch(`${base}/contact`, {
      method: "POST",
      body: "x".repeat(101 * 1024),
      headers: { Origin: base },
    });
    expect(big.status).toBe(413);
    expect(await big.text()).toBe("La richiesta è troppo grande.");
    const small = await fetch(`${base}/contact`, { method: "POST", body: "x".repeat(1024), headers: { Origin: base } });
    expect(small.status).toBe(200);
    const webhook = await fetch(`${base}/api/pagamenti/webhook`, { method: "POST", body: "x".repeat(300 * 1024) });
    expect(webhook.status).toBe(200);
  });

  it("let staff upload up to 25 MB of images to a product's images page and a 2 MB products sheet, and only there", async () => {
    const megabyte = 1024 * 1024;
    for (const path of ["/admin/products/12/immagini", "/admin/products/12/immagini.data"]) {
      expect(bodyLimitFor(path)).toBe(25 * megabyte + 64 * 1024);
    }
    for (const path of [
      "/admin/products/12",
      "/admin/products/abc/immagini",
      "/admin/products/12/immagini/x",
      "/immagini",
    ]) {
      expect(bodyLimitFor(path)).toBe(100 * 1024);
    }
    const base = await start(false);
    const upload = (path: string, bytes: number) =>
      fetch(`${base}${path}`, { method: "POST", body: new Uint8Array(bytes), headers: { Origin: base } });
    expect((await upload("/admin/products/12/immagini.data", 5 * megabyte)).status).toBe(200);
    expect((await upload("/admin/products/12/immagini.data", 26 * megabyte)).status).toBe(413);
    // Posted as the page (before JavaScript): read and thrown away, then the page says why.
    const page = await upload("/admin/products/12/immagini", 26 * megabyte);
    expect(page.url).toBe(`${base}/admin/products/12/immagini?troppo-grande`);
    expect(page.redirected).toBe(true);
    const sheet = await upload("/admin/products/import", 3 * megabyte);
    expect(sheet.url).toBe(`${base}/admin/products/import?troppo-grande`);
    // Far beyond any choice of photos: refused at once, nothing read.
    const huge = await rawRequest(`${base}/admin/products/12/immagini`, "POST", {
      "Content-Length": String(300 * megabyte),
      Origin: base,
    });
    expect(huge.status).toBe(413);
    expect((await upload("/admin/products/12", 5 * megabyte)).status).toBe(413);
  });

  it("refuse a body of unstated length with 411", async () => {
    const base = await start(false);
    const { status } = await rawRequest(`${base}/contact`, "POST", { "Transfer-Encoding": "chunked" }, "a=1");
    expect(status).toBe(411);
  });
});

describe("caching and files", () => {
  it("mark personal pages and their data requests private, no-store", async () => {
    const base = await start(false);
    const cacheControl = async (path: string) => (await fetch(`${base}${path}`)).headers.get("Cache-Control");
    // Personal without a session: read from the cart's and the checkout's cookies, or a link's token.
    for (const path of [
      "/cart",
      "/cart.data",
      "/checkout?passo=pagamento",
      "/auth/attiva-due-passaggi",
      "/reset-password",
    ]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
    // Any answer made while the visitor's session was read, whatever its path.
    for (const path of ["/recesso?sessione", "/recesso.data?sessione", "/shop?sessione", "/pagina-nuova?sessione"]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
    for (const path of ["/shop", "/product/1", "/recesso", "/profiles"]) {
      expect(await cacheControl(path), path).toBeNull();
    }
  });

  it("serve /files under a policy that lets no script run", async () => {
    const base = await start(false);
    const policy = (await fetch(`${base}/files/products/1/nero-0.svg`)).headers.get("Content-Security-Policy");
    expect(policy).toContain("default-src 'none'");
    expect(policy).toContain("sandbox");
    expect(policy).not.toContain("script-src");
  });
});

describe("stopping", () => {
  it("asks clients to close their keep-alive connections once the process is draining", async () => {
    let draining = false;
    const app = express().use(closeConnectionsWhileDraining(() => draining));
    app.get("/shop", (_req, res) => void res.send("ok"));
    const server = app.listen(0, "127.0.0.1");
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/shop`;
    expect((await rawRequest(url, "GET", { connection: "keep-alive" })).headers.connection).toBe("keep-alive");
    draining = true;
    expect((await rawRequest(url, "GET", { connection: "keep-alive" })).headers.connection).toBe("close");
  });
});

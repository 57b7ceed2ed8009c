import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { readFile, writeFile } from "node:fs/promises";
import http from "node:http";
import https from "node:https";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/free-port";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { startTestPostgres, type TestPostgres } from "./support/database";

// The production recipe of README "Going live", started for real on this machine (no container
// engine runs here): the built shop started as deploy/vetrina.service starts it, behind Debian's
// Caddy running deploy/Caddyfile, and the unit checked by systemd-analyze. Only the domain differs:
// `localhost`, for which Caddy issues the certificate from its own local authority instead of
// Let's Encrypt. `npm run test:resilience` installs Caddy first when it is missing
// (scripts/ensure-deploy-tools.ts).

const caddyBinary = process.env.CADDY_PATH ?? "/usr/bin/caddy";
const checkout = process.cwd();

let database: TestPostgres;
let shop: AppInstance;
let caddy: ChildProcess;
let caddyOutput = "";
let httpPort: number;
let httpsPort: number;
let rootCertificate: string;

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/** A request to Caddy, trusting only its local authority's root, as a browser given that root would. */
function request(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  const client = url.startsWith("https:") ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const outgoing = client.request(
      url,
      { method: init.method ?? "GET", headers: init.headers, ca: rootCertificate },
      (answer) => {
        let body = "";
        answer.setEncoding("utf8");
        answer.on("data", (chunk) => {
          body += chunk;
        });
        answer.on("end", () => resolve({ status: answer.statusCode ?? 0, headers: answer.headers, body }));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

beforeAll(async () => {
  database = await startTestPostgres();
  httpPort = await freePort();
  httpsPort = await freePort();
  const publicUrl = `https://localhost:${httpsPort}`;
  // The template's settings, with what this machine lacks: payments in the sandbox, no SMTP server.
  const template = await readFile(path.join(checkout, "deploy/vetrina.env"), "utf8");
  const settings = Object.fromEntries(
    template
      .split("\n")
      .filter((line) => /^[A-Z_]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf("=")), line.slice(line.indexOf("=") + 1)]),
  );
  const { STRIPE_SECRET_KEY: _key, STRIPE_WEBHOOK_SECRET: _secret, SMTP_URL: _smtp, PORT: _port, ...kept } = settings;
  shop = await startAppInstance({
    databaseUrl: database.url,
    dataDir: path.join(database.workDir, "data"),
    authSecret: randomBytes(32).toString("base64"),
    env: { ...kept, PUBLIC_URL: publicUrl, PAYMENTS: "sandbox" },
  });

  const caddyHome = path.join(database.workDir, "caddy");
  caddy = spawn(caddyBinary, ["run", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], {
    env: {
      ...process.env,
      HOME: caddyHome,
      XDG_DATA_HOME: path.join(caddyHome, "data"),
      XDG_CONFIG_HOME: path.join(caddyHome, "config"),
      VETRINA_DOMAIN: "localhost",
      VETRINA_UPSTREAM: `127.0.0.1:${shop.port}`,
      CADDY_GLOBAL_OPTIONS: [
        `http_port ${httpPort}`,
        `https_port ${httpsPort}`,
        "default_bind 127.0.0.1",
        "skip_install_trust",
        "admin off",
      ].join("\n"),
    },
  });
  caddy.stdout?.on("data", (chunk) => {
    caddyOutput += chunk;
  });
  caddy.stderr?.on("data", (chunk) => {
    caddyOutput += chunk;
  });
  const rootFile = path.join(caddyHome, "data", "caddy", "pki", "authorities", "local", "root.crt");
  for (let attempt = 0; ; attempt++) {
    if (caddy.exitCode !== null) throw new Error(`Caddy stopped (${caddy.exitCode}):\n${caddyOutput}`);
    try {
      rootCertificate = await readFile(rootFile, "utf8");
      if ((await request(`${publicUrl}/healthz`)).status === 200) break;
    } catch {}
    if (attempt > 150) throw new Error(`Caddy did not serve the shop within 30 s:\n${caddyOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 180_000);

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = once(caddy, "exit");
    caddy.kill("SIGTERM");
    await exited;
  }
  await shop?.stop();
  await database?.destroy();
});

describe("the shop behind Caddy, as deployed", () => {
  it("answers its probes and the storefront over HTTPS, with a certificate for its domain", async () => {
    const base = `https://localhost:${httpsPort}`;
    expect(await request(`${base}/healthz`)).toMatchObject({ status: 200, body: "ok" });
    expect(await request(`${base}/readyz`)).toMatchObject({ status: 200, body: "pronto" });

    const page = await request(`${base}/shop`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<html lang="it"');
    expect(page.headers["strict-transport-security"]).toContain("max-age=");
    // Compressed by Caddy or the shop, as a browser asks.
    const compressed = await request(`${base}/shop`, { headers: { "accept-encoding": "gzip" } });
    expect(compressed.headers["content-encoding"]).toBe("gzip");
  });

  it("sends HTTP to HTTPS", async () => {
    const answer = await request(`http://localhost:${httpPort}/shop`);
    expect(answer.status).toBe(308);
    // To the standard port 443, which production listens on (this test's HTTPS port is another).
    expect(answer.headers.location).toBe("https://localhost/shop");
  });

  it("passes the visitor's address and scheme, so the shop's own forms are accepted and other sites' refused", async () => {
    const base = `https://localhost:${httpsPort}`;
    const post = (origin: string) =>
      request(`${base}/contact`, {
        method: "POST",
        headers: { origin, "content-type": "application/x-www-form-urlencoded" },
        body: "name=&email=&message=",
      });
    // The form's own origin passes the cross-site check (and fails only on its empty fields).
    expect((await post(base)).status).not.toBe(403);
    expect((await post("https://altro-sito.example")).status).toBe(403);
  });
});

describe("the systemd unit", () => {
  it("passes systemd-analyze verify, its ExecStart run from this checkout", async () => {
    const unit = (await readFile(path.join(checkout, "deploy/vetrina.service"), "utf8"))
      .replaceAll("/etc/vetrina/vetrina.env", path.join(checkout, "deploy/vetrina.env"))
      .replaceAll("/opt/vetrina", checkout);
    const file = path.join(database.workDir, "vetrina.service");
    await writeFile(file, unit);
    // Unknown or misspelt settings are only warned about: any output is a failure.
    const { stdout, stderr } = await promisify(execFile)("systemd-analyze", ["verify", file]);
    expect(`${stdout}${stderr}`).toBe("");
    // The command the unit runs is the one this test started the shop with.
    expect(unit).toContain(`ExecStart=${checkout}/node_modules/.bin/node --import tsx server/index.ts`);
  });
});

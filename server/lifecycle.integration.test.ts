import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { freePort, isPortCollision } from "./free-port";

// The real `npm start` path: the Node server with its embedded PostgreSQL under a fresh DATA_DIR.
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-lifecycle-"));
await fs.chmod(dataDir, 0o755);
// Ports the OS gives (see startOnFreePorts); later starts keep them, as the data folder does.
let port = 0;
let pgPort = 0;

type RunningServer = { child: ChildProcess; output: () => string };

function startServer(earlierOutput = ""): RunningServer {
  let output = earlierOutput;
  const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "development",
      PORT: String(port),
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      DATABASE_URL: "",
      SMTP_URL: "",
      LOG_LEVEL: "info",
    },
  });
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Waits until this server says it listens (the port is its own, not another process's) and serves a page. */
async function waitForShop({ child, output }: RunningServer): Promise<void> {
  const before = output().length;
  for (let attempt = 0; attempt < 480; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}; its output:\n${output()}`);
    try {
      const listening = output().slice(before).includes('"msg":"Vetrina is open');
      if (listening && (await fetch(`http://127.0.0.1:${port}/chi-siamo`)).ok) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the shop did not open; server output:\n${output()}`);
}

/** The first start, on free ports: on others should either be taken meanwhile, `output()` holding every try's. */
async function startOnFreePorts(): Promise<RunningServer> {
  let earlierOutput = "";
  for (let attempt = 1; ; attempt++) {
    port = await freePort();
    pgPort = await freePort();
    const server = startServer(earlierOutput);
    try {
      await waitForShop(server);
      return server;
    } catch (error) {
      if (attempt >= 5 || !isPortCollision(error)) throw error;
      earlierOutput = server.output();
    }
  }
}

async function stopServer(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  const exited = once(child, "exit");
  child.kill(signal);
  const [code] = await exited;
  return code as number | null;
}

async function embeddedDatabaseClient(): Promise<pg.Client> {
  const password = (await fs.readFile(path.join(dataDir, "pg", "password"), "utf8")).trim();
  const client = new pg.Client({ host: "127.0.0.1", port: pgPort, user: "postgres", password, database: "vetrina" });
  await client.connect();
  return client;
}

afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe("the server with its embedded PostgreSQL", () => {
  it("starts on an empty DATA_DIR with the demo data, keeps data across restarts, and stops cleanly", async () => {
    const first = await startOnFreePorts();
    expect(first.output()).toContain("demo data loaded");
    expect(await (await fetch(`http://127.0.0.1:${port}/readyz`)).text()).toBe("pronto");

    // Something a shop would have changed, which a second start must keep.
    const client = await embeddedDatabaseClient();
    await client.query("UPDATE products SET name = 'Nome cambiato' WHERE id = 1");
    await client.end();

    expect(await stopServer(first.child, "SIGINT"), first.output()).toBe(0);
    expect(existsSync(path.join(dataDir, "pg", "cluster", "postmaster.pid"))).toBe(false);

    const second = startServer();
    await waitForShop(second);
    expect(second.output()).not.toContain("demo data loaded");
    const again = await embeddedDatabaseClient();
    const { rows } = await again.query("SELECT name FROM products WHERE id = 1");
    await again.end();
    expect(rows[0].name).toBe("Nome cambiato");

    expect(await stopServer(second.child, "SIGTERM"), second.output()).toBe(0);
    expect(existsSync(path.join(dataDir, "pg", "cluster", "postmaster.pid"))).toBe(false);
  }, 300_000);

  it("refuses to start with a wrong setting, naming it in one line", async () => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/index.ts"], {
      env: { ...process.env, PORT: "not-a-port" },
    });
    let stderr = "";
    child.stderr?.on("data", (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, "exit");
    expect(code).toBe(1);
    expect(stderr.trim()).toMatch(/^Invalid environment variable PORT: [^\n]+$/);
  }, 30_000);
});

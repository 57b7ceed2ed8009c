import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../server/free-port";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { type CartLine, reserve } from "./support/checkout";
import { Visitor } from "./support/visitor";
import { pause, until } from "./support/waiting";

// The shop as `npm start` runs it, on the embedded PostgreSQL it starts itself, with two web
// processes: its database server killed (SIGKILL) under load, as the kernel's OOM killer or a
// careless `kill -9` would. The primary starts it again and the shop serves by itself; when it
// cannot be started again, /healthz fails and the process exits non-zero, for its service manager.

let databasePort: number;
const outageTitle = "Il negozio è momentaneamente non disponibile";

let workDir: string;
let dataDir: string;
let app: AppInstance;
let sql: pg.Pool;
let line: CartLine & { variantId: number };
// More than the load can reserve in the test's seconds: reservations must still go through after the restart.
const startingStock = 5000;
let startedAt: Date;

/** Kills the embedded server's postmaster as `kill -9` does; its pid is in its data folder's lock file. */
async function killPostmaster(): Promise<number> {
  const lockFile = await fs.readFile(path.join(dataDir, "pg", "cluster", "postmaster.pid"), "utf8");
  const pid = Number(lockFile.split("\n")[0]);
  process.kill(pid, "SIGKILL");
  return pid;
}

const query = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];

beforeAll(async () => {
  workDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-resilience-"));
  // The embedded server runs as user postgres when the tests run as root: it must enter the folder.
  await fs.chmod(workDir, 0o755);
  dataDir = path.join(workDir, "data");
  databasePort = await freePort();
  app = await startAppInstance({
    dataDir,
    authSecret: randomBytes(32).toString("base64"),
    env: {
      EMBEDDED_PG_PORT: String(databasePort),
      // As on a small server: the primary, which owns the database, and two web processes.
      WEB_PROCESSES: "2",
      TRUST_PROXY: "loopback",
      // Long enough to ask /healthz of a process that is stopping because it cannot recover.
      SHUTDOWN_DRAIN_SECONDS: "3",
    },
  });
  const password = (await fs.readFile(path.join(dataDir, "pg", "password"), "utf8")).trim();
  sql = new pg.Pool({
    connectionString: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${databasePort}/vetrina`,
    max: 2,
  });
  sql.on("error", () => {});
  const [variant] = await query<{ id: number; product_id: number; size: string; color_name: string }>(`
    SELECT v.id, v.product_id, v.size, v.color_name FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE p.archived_at IS NULL AND p.price_cents IS NOT NULL AND p.min_quantity = 1 ORDER BY v.id LIMIT 1`);
  if (!variant) throw new Error("no variant on sale");
  line = { id: variant.product_id, size: variant.size, color: variant.color_name, quantity: 1, variantId: variant.id };
  await query("UPDATE product_variants SET stock = $1 WHERE id = $2", [startingStock, variant.id]);
  startedAt = new Date();
});

afterAll(async () => {
  await sql?.end().catch(() => {});
  await app?.stop();
  await fs.rm(workDir, { recursive: true, force: true });
});

describe("the embedded PostgreSQL killed", () => {
  it("is started again by the shop, which serves by itself, having sold no piece twice nor written half an order", async () => {
    type Entry = { status: number; path: string; body: string };
    const answers: Entry[] = [];
    let loading = true;
    let shoppers = 0;
    const visitor = () => {
      shoppers++;
      return new Visitor(app.url, `203.0.113.${shoppers % 250}`);
    };
    const browse = async () => {
      const guest = visitor();
      while (loading) {
        for (const page of ["/", "/shop", `/product/${line.id}`]) {
          const answer = await guest.get(page).catch(() => null);
          if (answer) answers.push({ status: answer.status, path: page, body: await answer.text() });
        }
      }
    };
    const buy = async () => {
      while (loading) {
        const answer = await reserve(visitor(), line, `cliente.${shoppers}@example.it`).catch(() => null);
        if (answer) answers.push({ status: answer.status, path: "/checkout", body: await answer.text() });
      }
    };
    const load = [browse(), browse(), buy(), buy(), buy()];

    await pause(3000);
    await killPostmaster();
    await pause(500);
    // The shop can still recover by itself: no reason for a health check to restart it.
    const health = await fetch(`${app.url}/healthz`);
    expect([health.status, await health.text()]).toEqual([200, "ok"]);
    await until("the shop serving again", 60_000, async () => (await fetch(`${app.url}/shop`)).status === 200);
    // Checkouts go through again.
    await pause(3000);
    loading = false;
    await Promise.all(load);

    expect(app.child.exitCode).toBeNull();
    expect(app.output()).toContain("embedded PostgreSQL stopped by itself: starting it again");
    expect(app.output()).toContain("embedded PostgreSQL started again");
    // Never an error page: what needed the database while it was away got the outage page.
    for (const answer of answers) {
      expect(answer.status === 503 || answer.status < 500, `${answer.path}: ${answer.status}`).toBe(true);
      if (answer.status === 503) expect(answer.body).toContain(outageTitle);
    }
    expect(answers.filter((answer) => answer.status === 503).length).toBeGreaterThan(0);
    const placedAfter = answers.slice(-20).filter((answer) => answer.path === "/checkout" && answer.status === 302);
    expect(placedAfter.length).toBeGreaterThan(0);

    // No order without its lines; the stock taken is the stock held by orders, never below zero.
    expect(
      await query("SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)"),
    ).toEqual([]);
    const [stock] = await query<{ stock: number }>("SELECT stock FROM product_variants WHERE id = $1", [
      line.variantId,
    ]);
    const [held] = await query<{ held: number; lines: number }>(
      `SELECT coalesce(sum(h.quantity), 0)::int AS held,
              (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
               WHERE i.variant_id = $1 AND o.created_at >= $2) AS lines
       FROM stock_holds h WHERE h.variant_id = $1 AND h.released_at IS NULL AND h.created_at >= $2`,
      [line.variantId, startedAt],
    );
    expect(stock?.stock).toBeGreaterThanOrEqual(0);
    expect(startingStock - (stock?.stock ?? 0)).toBe(held?.held);
    expect(held?.lines).toBe(held?.held);
  });

  it("that cannot be started again makes /healthz fail, and the shop exits with code 1", async () => {
    // Something else takes the server's port the moment it is free: no start can succeed.
    await killPostmaster();
    // It accepts connections and never answers, as a stranger on the port would.
    const accepted = new Set<net.Socket>();
    const squatter = net.createServer((socket) => {
      accepted.add(socket);
      socket.on("close", () => accepted.delete(socket));
    });
    await until(
      "the port taken",
      5_000,
      () =>
        new Promise<boolean>((resolve) => {
          squatter.once("error", () => resolve(false));
          squatter.listen(databasePort, "127.0.0.1", () => resolve(true));
        }),
    );
    try {
      const health: { status: number; text: string }[] = [];
      const exited = new Promise<number | null>((resolve) => app.child.once("exit", (code) => resolve(code)));
      let stopped = false;
      void exited.then(() => {
        stopped = true;
      });
      while (!stopped) {
        const answer = await fetch(`${app.url}/healthz`).catch(() => null);
        if (answer) health.push({ status: answer.status, text: await answer.text() });
        await pause(200);
      }

      expect(await exited).toBe(1);
      // While it tried, it could still recover; once it gave up, it said it could not.
      expect(health[0]).toEqual({ status: 200, text: "ok" });
      expect(health).toContainEqual({
        status: 503,
        text: "Il database incorporato non riparte: il negozio va riavviato.",
      });
      const gaveUp = app
        .output()
        .split("\n")
        .filter((entry) => entry.includes("the shop cannot recover by itself"));
      expect(gaveUp).toHaveLength(1);
      expect(JSON.parse(gaveUp[0] as string).reason).toMatch(
        /^The embedded PostgreSQL stopped and could not be started again after 5 tries: .+/,
      );
    } finally {
      for (const socket of accepted) socket.destroy();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});

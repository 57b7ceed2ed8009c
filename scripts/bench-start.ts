// Start benchmark: `npm run bench:start`. Times `npm start`, as a shop owner runs it, from spawn to
// the first 200 on /shop: once as on a fresh clone (no build, no data folder: it builds, creates the
// embedded PostgreSQL and loads the demo shop), then three restarts on that build and data folder,
// each stopped with Ctrl-C's SIGINT. Beside the restarts, a ceiling measured in the same run: a
// script that starts the same embedded PostgreSQL on the same folder and answers 200 from a bare
// Node server, the least any start on it must do. Exits non-zero when a restart takes over 5 s.
// See docs/performance.md.
//
// Environment: BENCH_START_RESTARTS (default 3).

import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres } from "../server/embedded-postgres";
import { freePort } from "../server/free-port";
import { type BenchRow, log, printTable, seconds, waitUntilServing } from "./bench-support";

const restartBudgetMs = 5_000;
const restarts = Number(process.env.BENCH_START_RESTARTS ?? 3);

type Ports = { port: number; embeddedPgPort: number };

/** Spawns `command` in a process group of its own, so that SIGINT reaches all of it as Ctrl-C would. */
function spawnGroup(command: string, args: string[], env: Record<string, string>): ChildProcess {
  return spawn(command, args, {
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
}

/** Ctrl-C, then waits until every process of the group has ended (the database last), 30 s at most. */
async function interrupt(child: ChildProcess): Promise<void> {
  if (child.pid === undefined) return;
  const group = -child.pid;
  const alive = () => {
    try {
      process.kill(group, 0);
      return true;
    } catch {
      return false;
    }
  };
  if (!alive()) return;
  process.kill(group, "SIGINT");
  const deadline = Date.now() + 30_000;
  while (alive() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  if (alive()) process.kill(group, "SIGKILL");
}

/** Milliseconds from spawning `start` to the first 200 on /shop; the process is stopped afterwards. */
async function timeToFirstPage(start: () => ChildProcess, { port }: Ports): Promise<number> {
  const startedAt = performance.now();
  const child = start();
  const exited = new Promise<never>((_resolve, reject) =>
    child.once("exit", (code) => reject(new Error(`the start ended with code ${code} before serving`))),
  );
  try {
    await Promise.race([waitUntilServing(port, "/shop", 50), exited]);
    return performance.now() - startedAt;
  } finally {
    await interrupt(child);
  }
}

/** The ceiling's process: the embedded PostgreSQL on DATA_DIR/pg, then a bare server answering 200. */
async function serveCeiling(): Promise<void> {
  const database = await startEmbeddedPostgres({
    dir: path.join(String(process.env.DATA_DIR), "pg"),
    port: Number(process.env.EMBEDDED_PG_PORT),
    database: "vetrina",
  });
  const server = http.createServer((_req, res) => res.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");
  process.once("SIGINT", () => {
    server.close();
    void database.stop().then(() => process.exit(0));
  });
}

async function main(): Promise<void> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-bench-start-"));
  // As root, the embedded PostgreSQL runs as "postgres", which must enter the folder.
  await fs.chmod(workDir, 0o755);
  // Inside the checkout: the built server finds its packages in node_modules from there.
  const buildDir = path.resolve(import.meta.dirname, "..", `build-${path.basename(workDir)}`);
  const ports: Ports = { port: await freePort(), embeddedPgPort: await freePort() };
  const env = {
    PORT: String(ports.port),
    EMBEDDED_PG_PORT: String(ports.embeddedPgPort),
    DATA_DIR: path.join(workDir, "data"),
    BUILD_DIR: buildDir,
  };
  const npmStart = () => spawnGroup("npm", ["start"], env);
  const ceiling = () => spawnGroup(process.execPath, ["--import", "tsx", import.meta.filename, "--ceiling"], env);
  try {
    log("First start, as on a fresh clone: building, creating the database, loading the demo shop…");
    const first = await timeToFirstPage(npmStart, ports);
    const rows: BenchRow[] = [
      { what: "first start (build + demo shop)", measured: seconds(first), ceiling: "—", target: "—", verdict: "" },
    ];
    let failed = false;
    for (let run = 1; run <= restarts; run++) {
      log(`Restart ${run} of ${restarts}…`);
      const restart = await timeToFirstPage(npmStart, ports);
      const bare = await timeToFirstPage(ceiling, ports);
      const ok = restart <= restartBudgetMs;
      failed ||= !ok;
      rows.push({
        what: `restart ${run} (same build and data)`,
        measured: seconds(restart),
        ceiling: seconds(bare),
        target: `≤ ${seconds(restartBudgetMs)}`,
        verdict: ok ? "ok" : "OVER",
      });
    }
    printTable("npm start: spawn to the first 200 on /shop", rows);
    if (failed) process.exitCode = 1;
  } finally {
    await fs.rm(workDir, { recursive: true, force: true });
    await fs.rm(buildDir, { recursive: true, force: true });
  }
}

if (process.argv.includes("--ceiling")) await serveCeiling();
else await main();

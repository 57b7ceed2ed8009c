// What the benchmark scripts share: their work folder and throwaway database, the app's database
// client with the SQL it sends recorded, the app's server, the bare-SQL ceiling, percentiles, and
// the table they print.

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { Database } from "../app/db/client.server";
import { applyMigrations } from "../app/db/migrate.server";
import * as schema from "../app/db/schema";
import { createThrowawayDatabase } from "../server/throwaway-database";

/** One line of a benchmark's table: what was measured, the app's figure, the ceiling beside it. */
export type BenchRow = { what: string; measured: string; ceiling: string; target: string; verdict: string };

/**
 * A throwaway database: on BENCH_DATABASE_URL's server when set (BENCH_KEEP_DATABASE=1 keeps it for
 * EXPLAIN), otherwise a throwaway embedded PostgreSQL under `workDir` (on `port`, or a free one).
 */
export async function openBenchDatabase(
  workDir: string,
  port?: number,
): Promise<{ url: string; close: () => Promise<void> }> {
  const name = `vetrina_bench_${randomBytes(4).toString("hex")}`;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  const database = await createThrowawayDatabase({ name, serverUrl, workDir, port });
  if (!serverUrl) {
    log("Throwaway embedded PostgreSQL started.");
    return { url: database.url, close: database.drop };
  }
  log(`Throwaway database ${name} created on BENCH_DATABASE_URL.`);
  return {
    url: database.url,
    close: async () => {
      if (process.env.BENCH_KEEP_DATABASE === "1") return log(`Kept database: ${database.url}`);
      await database.drop();
    },
  };
}

/** A benchmark's work folder and the throwaway database in it; `close` drops both. */
export type BenchWorkspace = { workDir: string; databaseUrl: string; close: () => Promise<void> };

/** A work folder under the system's temporary one (readable by the embedded PostgreSQL) and a database. */
export async function openBenchWorkspace(name: string, port?: number): Promise<BenchWorkspace> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `vetrina-bench-${name}-`));
  await fs.chmod(workDir, 0o755);
  const database = await openBenchDatabase(workDir, port);
  return {
    workDir,
    databaseUrl: database.url,
    close: async () => {
      await database.close();
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

/** A statement the app sent, kept so that a ceiling can replay the very same SQL. */
export type RecordedQuery = { text: string; params: unknown[] };

/**
 * Runs `bench` on the app's database, migrated, in a new workspace: the app's client on a pool of
 * `poolSize` and, with `recorded`, every statement it sends kept there. Whatever happens, `report`
 * prints what was measured, then the pool and the workspace are closed.
 */
export async function runOnAppDatabase(
  name: string,
  { poolSize = 10, recorded }: { poolSize?: number; recorded?: RecordedQuery[] },
  bench: (app: { pool: pg.Pool; db: Database; workspace: BenchWorkspace }) => Promise<void>,
  report: () => void,
): Promise<void> {
  const workspace = await openBenchWorkspace(name);
  const pool = new pg.Pool({ connectionString: workspace.databaseUrl, max: poolSize });
  // An idle client the throwaway server drops while stopping emits an error: logged, not a crash.
  pool.on("error", (error) => log(`idle database client: ${error.message}`));
  const logger = recorded && { logQuery: (text: string, params: unknown[]) => void recorded.push({ text, params }) };
  const db = drizzle(pool, { schema, logger }) as unknown as Database;
  try {
    await applyMigrations(db);
    await bench({ pool, db, workspace });
  } finally {
    report();
    await pool.end();
    await workspace.close();
  }
}

/**
 * Loads a benchmark's data, then analyses it as autovacuum leaves a live database (statistics, and
 * visibility maps for index-only scans); logs how long both took.
 */
export async function loadBenchData<T>(pool: pg.Pool, what: string, load: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const loaded = await load();
  await pool.query("VACUUM ANALYZE");
  log(`Loaded ${what} in ${seconds(performance.now() - started)}.`);
  return loaded;
}

export type Stats = { p50: number; p95: number };

/** Times `runs` runs after up to 20 warm-up ones, then forgets the statements they recorded. */
export async function timeRuns(run: () => Promise<unknown>, runs: number, recorded?: RecordedQuery[]): Promise<Stats> {
  for (let i = 0; i < Math.min(20, runs); i++) await run();
  const durations: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    durations.push(performance.now() - started);
  }
  if (recorded) recorded.length = 0;
  return { p50: percentile(durations, 50), p95: percentile(durations, 95) };
}

/**
 * The app's call, then the very statements it sent (kept in `recorded`) replayed through the bare
 * driver as the app sends them: together (`parallel`) or one after the other. BENCH_EXPLAIN=1 prints
 * the plans of the first two statements.
 */
export async function compareWithCeiling(
  pool: pg.Pool,
  recorded: RecordedQuery[],
  run: () => Promise<unknown>,
  { runs, parallel }: { runs: number; parallel: boolean },
): Promise<{ app: Stats; ceiling: Stats }> {
  recorded.length = 0;
  await run();
  const statements = [...recorded];
  if (process.env.BENCH_EXPLAIN === "1") {
    for (const statement of statements.slice(0, 2)) {
      const { rows: plan } = await pool.query(`explain analyze ${statement.text}`, statement.params);
      log(`${statement.text}\n${plan.map((line) => `    ${line["QUERY PLAN"]}`).join("\n")}`);
    }
  }
  const app = await timeRuns(run, runs, recorded);
  const ceiling = await timeRuns(
    async () => {
      if (parallel) await Promise.all(statements.map((statement) => pool.query(statement.text, statement.params)));
      else for (const statement of statements) await pool.query(statement.text, statement.params);
    },
    runs,
    recorded,
  );
  return { app, ceiling };
}

/** A row of the app's SQL figures beside the ceiling's, judged by the app's `judged` percentile. */
export function sqlRow(
  what: string,
  { app, ceiling }: { app: Stats; ceiling: Stats },
  { targetMs, judged }: { targetMs: number; judged: keyof Stats },
): BenchRow {
  return {
    what,
    measured: `p50 ${ms(app.p50)} · p95 ${ms(app.p95)}`,
    ceiling: `p50 ${ms(ceiling.p50)} · p95 ${ms(ceiling.p95)}`,
    target: `${judged} ≤ ${targetMs} ms`,
    verdict: app[judged] <= targetMs ? "ok" : "MISSED",
  };
}

export function printTable(title: string, rows: BenchRow[]): void {
  const header: BenchRow = {
    what: "measure",
    measured: "measured (app)",
    ceiling: "ceiling",
    target: "target",
    verdict: "",
  };
  const all = [header, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((row) => row[key].length));
  const keys: (keyof BenchRow)[] = ["what", "measured", "ceiling", "target", "verdict"];
  const line = (row: BenchRow) => `| ${keys.map((key) => row[key].padEnd(width(key))).join(" | ")} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${keys.map((key) => "-".repeat(width(key) + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

export function ms(value: number): string {
  return `${value.toFixed(value < 10 ? 2 : 1)} ms`;
}

export function seconds(valueMs: number): string {
  return `${(valueMs / 1000).toFixed(1)} s`;
}

export function log(message: string): void {
  console.log(`[bench] ${message}`);
}

/** Stops a child process: SIGTERM, then SIGKILL if it has not exited after 10 s. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

/** Builds the app into `buildDir` unless a build is already there. */
export function ensureBuild(buildDir: string): void {
  if (existsSync(path.join(buildDir, "server/index.js"))) return;
  log(`No build in ${buildDir}: building…`);
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.cjs"), "build"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

/** Runs a TypeScript file (the app's server, a ceiling server) in a child Node process. */
export function startProcess(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", ...args], {
    env: { ...process.env, ...env },
    stdio: ["ignore", "inherit", "inherit"],
  });
}

/** The built app's server as `npm start` runs it (one web process per core), on a loopback port. */
export function startApp(
  { port, databaseUrl, dataDir, buildDir }: { port: number; databaseUrl: string; dataDir: string; buildDir: string },
  env: Record<string, string> = {},
): ChildProcess {
  return startProcess(["server/index.ts"], {
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    BUILD_DIR: buildDir,
    LOG_LEVEL: "warn",
    ...env,
  });
}

/**
 * Waits until `url` on the loopback port answers 200 (180 s at most: a first start on a busy
 * machine), asking every `pollMs`.
 */
export async function waitUntilServing(port: number, url: string, pollMs = 250): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    const status = await fetch(`http://127.0.0.1:${port}${url}`)
      .then(async (response) => {
        await response.arrayBuffer();
        return response.status;
      })
      .catch(() => 0);
    if (status === 200) return;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`Nothing answered 200 on port ${port}${url} within 180 s`);
}

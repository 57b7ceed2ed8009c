// What the benchmark scripts share: a throwaway database, percentiles, and the table they print.

import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
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

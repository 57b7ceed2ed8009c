// The resilience tests' own PostgreSQL: the embedded server in a temporary folder, which a test may
// stop and start again under the running app (the machine's server is shared and stays untouched).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startEmbeddedPostgres, startEmbeddedPostgresOnFreePort } from "../../../server/embedded-postgres";

export type TestPostgres = {
  url: string;
  /** A folder beside the database for the app instances' DATA_DIR. */
  workDir: string;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and deletes its folder. */
  destroy(): Promise<void>;
};

/** Starts it on a port the OS gives; `start()` after `stop()` brings it back on the same port, which the app's URL names. */
export async function startTestPostgres(): Promise<TestPostgres> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-resilience-"));
  // The embedded server runs as user postgres when the tests run as root: it must enter the folder.
  await fs.chmod(workDir, 0o755);
  const dir = path.join(workDir, "pg");
  let running = await startEmbeddedPostgresOnFreePort({ dir, database: "vetrina" });
  const port = Number(new URL(running.url).port);
  let up = true;
  return {
    url: running.url,
    workDir,
    async stop() {
      if (!up) return;
      await running.stop();
      up = false;
    },
    async start() {
      if (up) return;
      running = await startEmbeddedPostgres({ dir, port, database: "vetrina" });
      up = true;
    },
    async destroy() {
      if (up) await running.stop();
      up = false;
      await fs.rm(workDir, { recursive: true, force: true });
    },
  };
}

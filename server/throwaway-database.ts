import path from "node:path";
import pg from "pg";
import { startEmbeddedPostgres, startEmbeddedPostgresOnFreePort } from "./embedded-postgres";

export type ThrowawayDatabase = { url: string; drop: () => Promise<void> };

/**
 * A fresh database named `name` for one run of the tests or a benchmark: created on the PostgreSQL
 * server at `serverUrl` when given, otherwise in an embedded PostgreSQL under `workDir` listening on
 * `port`, or on one the OS gives. `drop` deletes that database, or stops the embedded server.
 */
export async function createThrowawayDatabase({
  name,
  serverUrl,
  workDir,
  port,
}: {
  name: string;
  serverUrl: string | undefined;
  workDir: string;
  port?: number;
}): Promise<ThrowawayDatabase> {
  if (!serverUrl) {
    const options = { dir: path.join(workDir, "pg"), database: name };
    const embedded = await (port
      ? startEmbeddedPostgres({ ...options, port })
      : startEmbeddedPostgresOnFreePort(options));
    return { url: embedded.url, drop: embedded.stop };
  }
  const runOnServer = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await runOnServer(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => runOnServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

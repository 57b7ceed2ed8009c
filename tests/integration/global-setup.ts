import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server";
import { applyMigrations } from "../../app/db/migrate.server";
import { seedDemoData } from "../../app/db/seed/seed.server";
import { startEmbeddedPostgres } from "../../server/embedded-postgres";

declare module "vitest" {
  export interface ProvidedContext {
    databaseUrl: string;
    filesDir: string;
  }
}

/**
 * Gives the integration run a fresh, migrated and seeded database: a throwaway database on
 * TEST_DATABASE_URL's server when set, otherwise a throwaway embedded PostgreSQL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-it-"));
  await fs.chmod(workDir, 0o755);
  const filesDir = path.join(workDir, "files");
  const name = `vetrina_test_${randomBytes(4).toString("hex")}`;

  let databaseUrl: string;
  let cleanUp: () => Promise<void>;
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    cleanUp = async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    };
  } else {
    const port = 20000 + Math.floor(Math.random() * 20000);
    const embedded = await startEmbeddedPostgres({ dir: path.join(workDir, "pg"), port, database: name });
    databaseUrl = embedded.url;
    cleanUp = () => embedded.stop();
  }

  const { db } = connectDatabase(databaseUrl, 2);
  await applyMigrations(db);
  await seedDemoData(db, filesDir);
  await disconnectDatabase();

  project.provide("databaseUrl", databaseUrl);
  project.provide("filesDir", filesDir);
  return async () => {
    await cleanUp();
    await fs.rm(workDir, { recursive: true, force: true });
  };
}

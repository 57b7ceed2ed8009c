import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server";
import { applyMigrations } from "../../app/db/migrate.server";
import { seedDemoData } from "../../app/demo/seed.server";
import { localFileStore } from "../../app/modules/files/local-file-store.server";
import { createThrowawayDatabase } from "../../server/throwaway-database";

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

  const database = await createThrowawayDatabase({
    name: `vetrina_test_${randomBytes(4).toString("hex")}`,
    serverUrl: process.env.TEST_DATABASE_URL,
    workDir,
  });

  const { db } = connectDatabase(database.url, 2);
  await applyMigrations(db);
  // Nothing opens signed links of these files: any secret will do.
  await seedDemoData(db, localFileStore(filesDir, { linkSecret: randomBytes(32).toString("base64") }));
  await disconnectDatabase();

  project.provide("databaseUrl", database.url);
  project.provide("filesDir", filesDir);
  return async () => {
    await database.drop();
    await fs.rm(workDir, { recursive: true, force: true });
  };
}

import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, disconnectDatabase } from "../../app/db/client.server";
import { blogPosts, products } from "../../app/db/schema";
import { buildDemoBlog } from "../../app/demo/blog";
import { buildDemoCatalog } from "../../app/demo/catalog/catalog";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { startTestPostgres, type TestPostgres } from "./support/database";

// A new deployment: two instances started at the same moment on an empty database. Both come up,
// the migrations are applied once and the demo shop is loaded once.

let database: TestPostgres;
let instances: AppInstance[] = [];

beforeAll(async () => {
  database = await startTestPostgres();
});

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.stop()));
  await disconnectDatabase();
  await database?.destroy();
});

describe("two instances started together on an empty database", () => {
  it("both come up, with the schema migrated once and the demo shop loaded once", async () => {
    const shared = {
      databaseUrl: database.url,
      dataDir: path.join(database.workDir, "data"),
      authSecret: randomBytes(32).toString("base64"),
    };
    const { db, pool } = connectDatabase(database.url, 2);
    const started = await Promise.allSettled([1, 2].map(() => startAppInstance(shared)));
    instances = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    expect(started.filter((result) => result.status === "rejected")).toEqual([]);

    const applied = await pool.query<{ hash: string; count: number }>(
      "SELECT hash, count(*)::int AS count FROM drizzle.__drizzle_migrations GROUP BY hash HAVING count(*) > 1",
    );
    expect(applied.rows).toEqual([]);
    const loaded = instances.filter((instance) => instance.output().includes('"msg":"demo data loaded"'));
    expect(loaded).toHaveLength(1);
    // What one load writes, no more.
    expect(await db.$count(products)).toBe(buildDemoCatalog().length);
    expect(await db.$count(blogPosts)).toBe(buildDemoBlog().length);
    for (const instance of instances) expect((await fetch(`${instance.url}/shop`)).status).toBe(200);
  });
});

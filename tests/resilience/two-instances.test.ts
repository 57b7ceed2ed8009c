import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { startTestPostgres, type TestPostgres } from "./support/database";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy";

const basePort = 35000;
const authSecret = randomBytes(32).toString("base64");
let database: TestPostgres;
let instances: AppInstance[] = [];
let proxy: RoundRobinProxy;

beforeAll(async () => {
  database = await startTestPostgres(basePort);
  const shared = { databaseUrl: database.url, dataDir: path.join(database.workDir, "data"), authSecret };
  const proxyPort = basePort + 9;
  const env = { PUBLIC_URL: `http://127.0.0.1:${proxyPort}`, TRUST_PROXY: "loopback" };
  // The first start loads the demo data; the second finds it there.
  instances = [await startAppInstance({ ...shared, port: basePort + 1, env })];
  instances.push(await startAppInstance({ ...shared, port: basePort + 2, env }));
  proxy = await startRoundRobinProxy(
    instances.map((instance) => instance.url),
    proxyPort,
  );
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await database?.destroy();
});

describe("two app instances on one PostgreSQL behind a proxy", () => {
  it("both serve the same catalogue", async () => {
    const pages = await Promise.all([fetch(`${proxy.url}/shop`), fetch(`${proxy.url}/shop`)]);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("prodotti");
    }
    expect(proxy.counts).toEqual([1, 1]);
  });
});

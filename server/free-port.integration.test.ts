import fs from "node:fs/promises";
import net, { type AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { freePort, isPortCollision, onFreePort } from "./free-port";

// The tests' own servers and databases start on ports the OS gives, and on another when something
// took theirs in between: a busy machine (another run of the suite) must not fail them.

const workDir = await fs.mkdtemp(path.join(os.tmpdir(), "vetrina-free-port-"));
// The embedded server runs as user postgres when the tests run as root: it must enter the folder.
await fs.chmod(workDir, 0o755);
afterAll(() => fs.rm(workDir, { recursive: true, force: true }));

/** A port some other process holds, as a busy machine's would be. */
async function takenPort(): Promise<{ port: number; release: () => Promise<void> }> {
  const holder = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => holder.once("listening", resolve));
  return {
    port: (holder.address() as AddressInfo).port,
    release: () => new Promise((resolve) => holder.close(() => resolve())),
  };
}

describe("a port taken between being picked and being used", () => {
  it("makes an embedded PostgreSQL start on another, its cluster kept", async () => {
    const taken = await takenPort();
    const picked: number[] = [];
    // The first port handed out is the taken one, as when another process got there first.
    const pickPort = async () => (picked.length === 0 ? taken.port : await freePort());
    const database = await onFreePort(
      async (port) => {
        picked.push(port);
        return startEmbeddedPostgres({ dir: path.join(workDir, "pg"), port, database: "vetrina" });
      },
      { pickPort },
    );
    try {
      expect(picked).toHaveLength(2);
      expect(picked[0]).toBe(taken.port);
      expect(new URL(database.url).port).toBe(String(picked[1]));
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      expect((await client.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await client.end();
    } finally {
      await database.stop();
      await taken.release();
    }
  }, 120_000);

  it("makes a Node server listen on another", async () => {
    const taken = await takenPort();
    let handedOut = 0;
    const server = await onFreePort(
      (port) =>
        new Promise<net.Server>((resolve, reject) => {
          const listening = net.createServer().once("error", reject);
          listening.listen(port, "127.0.0.1", () => resolve(listening));
        }),
      { pickPort: async () => (handedOut++ === 0 ? taken.port : await freePort()) },
    );
    expect((server.address() as AddressInfo).port).not.toBe(taken.port);
    await new Promise((resolve) => server.close(resolve));
    await taken.release();
  });

  it("is told from any other failure, which is not tried again", async () => {
    let tries = 0;
    const failing = onFreePort(async () => {
      tries++;
      throw new Error("The embedded PostgreSQL did not start on port 1: FATAL: data directory has wrong ownership");
    });
    await expect(failing).rejects.toThrow("wrong ownership");
    expect(tries).toBe(1);
    expect(
      isPortCollision(Object.assign(new Error("listen EADDRINUSE: address already in use"), { code: "EADDRINUSE" })),
    ).toBe(true);
  });
});

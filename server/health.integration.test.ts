import type { AddressInfo } from "node:net";
import express from "express";
import pg from "pg";
import { describe, expect, it } from "vitest";
import type { Database } from "../app/db/client.server";
import { connectTestDatabase } from "../tests/integration/database";
import { healthProbes } from "./health";

// The probes answer over HTTP as a load balancer would ask them.
async function probe(
  db: Database,
  path: string,
  draining = false,
  beyondRepair: string | null = null,
): Promise<{ status: number; text: string }> {
  const app = express().use(
    healthProbes(
      db,
      () => draining,
      () => beyondRepair,
    ),
  );
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`);
    return { status: response.status, text: await response.text() };
  } finally {
    server.close();
  }
}

const db = connectTestDatabase();

describe("health probes", () => {
  it("say the process is up and the migrated database ready", async () => {
    expect(await probe(db, "/healthz")).toEqual({ status: 200, text: "ok" });
    expect(await probe(db, "/readyz")).toEqual({ status: 200, text: "pronto" });
  });

  it("say not ready while the process is stopping, and the process still up", async () => {
    expect(await probe(db, "/readyz", true)).toEqual({ status: 503, text: "In chiusura." });
    expect(await probe(db, "/healthz", true)).toEqual({ status: 200, text: "ok" });
  });

  it("say the process must be restarted once it cannot recover by itself", async () => {
    const reason = "The embedded PostgreSQL stopped and could not be started again after 5 tries: …";
    expect(await probe(db, "/healthz", true, reason)).toEqual({
      status: 503,
      text: "Il database incorporato non riparte: il negozio va riavviato.",
    });
  });

  it("say not ready, in Italian, while a migration is still to be applied", async () => {
    // The last migration made to look unapplied inside a transaction no other test sees.
    const client = await db.$client.connect();
    try {
      await client.query("BEGIN");
      await client.query(
        "UPDATE drizzle.__drizzle_migrations SET created_at = 0 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)",
      );
      const inTransaction = { $client: client } as unknown as Database;
      expect(await probe(inTransaction, "/readyz")).toEqual({
        status: 503,
        text: "Migrazioni del database da applicare: 1.",
      });
    } finally {
      await client.query("ROLLBACK");
      client.release();
    }
  });

  it("say not ready when the database cannot be reached, and the process still up", async () => {
    // A port nothing listens on: the connection is refused at once.
    const unreachable = new pg.Pool({ connectionString: "postgres://x@127.0.0.1:1/none" });
    const downDb = { $client: unreachable } as unknown as Database;
    expect(await probe(downDb, "/readyz")).toEqual({ status: 503, text: "Il database non è raggiungibile." });
    expect(await probe(downDb, "/healthz")).toEqual({ status: 200, text: "ok" });
    await unreachable.end();
  });
});

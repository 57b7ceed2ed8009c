import express from "express";
import type { Database } from "../app/db/client.server";
import { pendingMigrationCount } from "../app/db/migrate.server";
import { logger } from "../app/logger.server";

// Probes for a load balancer or an orchestrator. /healthz: the process answers and can still recover
// by itself (restart it if not: e.g. its embedded database could not be started again).
// /readyz: it can serve the shop, its database reachable and fully migrated (send it traffic if so),
// and it is not stopping: while a stopping instance finishes its requests, /readyz says so.

/** A probe must answer quickly even when the database hangs. */
const readinessTimeoutMs = 2000;

const plainText = "text/plain; charset=utf-8";

async function readiness(db: Database): Promise<string | null> {
  const pending = await pendingMigrationCount(db);
  return pending === 0 ? null : `Migrazioni del database da applicare: ${pending}.`;
}

/**
 * `beyondRepair`: why the process can no longer recover by itself, or null while it can (a database
 * that is away but may come back, or is being started again, is not a reason to restart the process).
 */
export function healthProbes(
  db: Database,
  isDraining: () => boolean,
  beyondRepair: () => string | null = () => null,
): express.Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    const broken = beyondRepair() !== null;
    res
      .status(broken ? 503 : 200)
      .set("Cache-Control", "no-store")
      .type(plainText)
      .send(broken ? "Il database incorporato non riparte: il negozio va riavviato." : "ok");
  });
  router.get("/readyz", async (_req, res) => {
    if (isDraining()) {
      res.status(503).set("Cache-Control", "no-store").type(plainText).send("In chiusura.");
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<string>((resolve) => {
      timer = setTimeout(() => resolve("Il database non risponde."), readinessTimeoutMs);
    });
    const problem = await Promise.race([
      readiness(db).catch((error: unknown) => {
        logger.warn({ err: error }, "readiness check failed");
        return "Il database non è raggiungibile.";
      }),
      timeout,
    ]);
    clearTimeout(timer);
    res
      .status(problem ? 503 : 200)
      .set("Cache-Control", "no-store")
      .type(plainText)
      .send(problem ?? "pronto");
  });
  return router;
}

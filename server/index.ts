import cluster from "node:cluster";
import type { Server } from "node:http";
import { type Config, ConfigError, readConfig } from "../app/config.server";
import { loadDemoShopIfEmpty } from "../app/demo/first-start.server";
import { logger } from "../app/logger.server";
import { romeDay } from "../app/modules/dates/rome";
import type { FileStore } from "../app/modules/files/file-store";
import { fileStoreFor } from "../app/modules/files/file-stores.server";
import { type Scheduler, startScheduler } from "../app/modules/jobs/scheduler.server";
import { shopJobs } from "../app/modules/jobs/shop-jobs.server";
import { type MailWorker, startMailWorker } from "../app/modules/mail/queue.server";
import { mailTransportFor } from "../app/modules/mail/transport.server";
import { moveLabelFolderIntoStore } from "../app/modules/orders/labels.server";
import { paymentProviderFor } from "../app/modules/payments/providers.server";
import { carrierFor } from "../app/modules/shipping/carriers.server";
import { type Services, systemClock } from "../app/services.server";
import { type OpenDatabase, openDatabase } from "./database";
import { createHttpApp, createHttpServer } from "./http";
import { startStorefrontCaches } from "./storefront-caches";

// The shop runs as one primary process, which owns the database (the embedded one, when used),
// the first start, the mail worker and the scheduled jobs, and `WEB_PROCESSES` processes that serve
// HTTP on the same port (Node's cluster hands them the connections). With one web process, the
// primary serves HTTP itself.

/**
 * Why this process can no longer recover by itself (its embedded database could not be started
 * again), or null: /healthz fails once it is set, while the process stops with exit code 1. The
 * primary sets it and tells its web processes.
 */
let beyondRepair: string | null = null;

type BeyondRepairMessage = { beyondRepair: string };

const isBeyondRepairMessage = (message: unknown): message is BeyondRepairMessage =>
  typeof (message as Partial<BeyondRepairMessage> | null)?.beyondRepair === "string";

function shopServices(config: Config, database: OpenDatabase, files: FileStore): Services {
  return {
    db: database.db,
    clock: systemClock,
    payments: paymentProviderFor(config, database.db),
    carrier: carrierFor(config, database.db),
    files,
    publicUrl: config.publicUrl,
  };
}

/** Serves HTTP in this process until `stop()`: first draining, then finishing what was accepted. */
async function serveHttp(config: Config, database: OpenDatabase, services: Services) {
  let draining = false;
  const caches = await startStorefrontCaches(database.pool);
  const app = await createHttpApp(config, services, {
    isDraining: () => draining,
    beyondRepair: () => beyondRepair,
    guestPages: caches.pages,
  });
  const server = await new Promise<Server>((resolve) => {
    const listening = createHttpServer(app).listen(config.port, config.host, () => resolve(listening));
  });
  return {
    async stop() {
      draining = true;
      // First keep serving while /readyz says 503 and every answer closes its connection, so a proxy
      // checking readiness moves new requests elsewhere and connections already queued are served.
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainSeconds * 1000));
      // Then stop accepting: requests already accepted finish, idle keep-alive sockets close now,
      // and whatever is still open after the grace period is cut.
      const serverClosed = new Promise((resolve) => server.close(resolve));
      const cut = setTimeout(() => {
        logger.warn("requests still open after the grace period: their connections are cut");
        server.closeAllConnections();
      }, config.shutdownGraceSeconds * 1000);
      cut.unref();
      await serverClosed;
      clearTimeout(cut);
      await app.locals.closeDevServer?.();
      await caches.stop();
    },
  };
}

/** Stops on SIGINT or SIGTERM (exit code 0), or when the returned function is called, with its exit code. */
function onStopSignal(stop: (signal: string) => Promise<void>) {
  let stopping = false;
  const once = (signal: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    void stop(signal).then(
      () => process.exit(exitCode),
      (error: unknown) => {
        logger.error({ err: error }, "stop failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGINT", () => once("SIGINT"));
  process.on("SIGTERM", () => once("SIGTERM"));
  return once;
}

async function runPrimary(config: Config): Promise<void> {
  // Until the shop serves, a database beyond repair ends the start at once; afterwards the shop
  // stops as on SIGTERM, with exit code 1 (stopBeyondRepair is replaced below).
  let stopBeyondRepair = (): void => process.exit(1);
  const database = await openDatabase(config, {
    onDatabaseLost: (reason) => {
      beyondRepair = reason;
      logger.fatal({ reason }, "the shop cannot recover by itself: stopping");
      stopBeyondRepair();
    },
  });
  let mailWorker: MailWorker | undefined;
  let scheduler: Scheduler | undefined;
  let services: Services;
  try {
    const files = fileStoreFor(config);
    await moveLabelFolderIntoStore(config.dataDir, files);
    if (await loadDemoShopIfEmpty(database.db, files, romeDay(new Date()), config.demoData)) {
      logger.info("demo data loaded");
    }
    const mailTransport = mailTransportFor(config);
    mailWorker = await startMailWorker(database.db, database.pool, mailTransport);
    logger.info({ transport: mailTransport.kind }, "mail worker started");
    services = shopServices(config, database, files);
    logger.info(
      { provider: services.payments.name, carrier: services.carrier.name, files: files.name },
      "payments, shipping and files ready",
    );
    scheduler = startScheduler(database.db, shopJobs(services), config.jobsTickSeconds);
  } catch (error) {
    // Never leave the embedded PostgreSQL running behind a failed start.
    await scheduler?.stop();
    await mailWorker?.stop();
    await database.close();
    throw error;
  }
  const stopBackground = async () => {
    await scheduler?.stop();
    await mailWorker?.stop();
    await database.close();
    logger.info("stopped");
  };
  const announce = () => logger.info({ url: config.publicUrl }, `Vetrina is open at http://localhost:${config.port}`);

  if (config.webProcesses === 1) {
    const http = await serveHttp(config, database, services).catch(async (error: unknown) => {
      await stopBackground();
      throw error;
    });
    announce();
    const stop = onStopSignal(async (signal) => {
      logShutdown(config, signal);
      await http.stop();
      await stopBackground();
    });
    stopBeyondRepair = () => stop("beyond repair", 1);
    return;
  }

  // Each web process accepts connections itself from the one shared socket, so stopping works as
  // with one process: a process that closes its server stops accepting, and once all have, the
  // port refuses (a proxy tries another instance). With the primary handing connections round
  // robin, those it had accepted for a process that just closed were dropped unanswered.
  cluster.schedulingPolicy = cluster.SCHED_NONE;
  // The web processes reach the same database: the embedded one by the address it was given.
  const env = { DATABASE_URL: database.url };
  let stopping = false;
  let listening = 0;
  const fork = () => {
    const worker = cluster.fork(env);
    worker.on("listening", () => {
      if (++listening === config.webProcesses) announce();
    });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      // A web process that died is replaced; the others went on serving meanwhile.
      logger.error({ code, signal, pid: worker.process.pid }, "a web process stopped: starting another");
      fork();
    });
  };
  for (let index = 0; index < config.webProcesses; index++) fork();

  const liveWorkers = () => Object.values(cluster.workers ?? {}).flatMap((worker) => (worker ? [worker] : []));
  const stop = onStopSignal(async (signal) => {
    stopping = true;
    logShutdown(config, signal);
    const workers = liveWorkers();
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once("exit", () => resolve());
            worker.process.kill("SIGTERM");
          }),
      ),
    );
    await stopBackground();
  });
  stopBeyondRepair = () => {
    // Their /healthz fails too while they drain.
    const message: BeyondRepairMessage = { beyondRepair: beyondRepair ?? "" };
    for (const worker of liveWorkers()) worker.send(message);
    stop("beyond repair", 1);
  };
}

async function runWebProcess(config: Config): Promise<void> {
  process.on("message", (message) => {
    if (isBeyondRepairMessage(message)) beyondRepair = message.beyondRepair;
  });
  const database = await openDatabase(config);
  const http = await serveHttp(config, database, shopServices(config, database, fileStoreFor(config))).catch(
    async (error: unknown) => {
      await database.close();
      throw error;
    },
  );
  const stop = onStopSignal(async () => {
    await http.stop();
    await database.close();
  });
  // The primary went away without stopping this process first (killed): stop too, freeing the port.
  process.on("disconnect", () => stop("primary gone"));
}

function logShutdown(config: Config, signal: string) {
  logger.info(
    { signal, drainSeconds: config.shutdownDrainSeconds, graceSeconds: config.shutdownGraceSeconds },
    "shutting down",
  );
}

const config = (() => {
  try {
    return readConfig();
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
})();

(cluster.isPrimary ? runPrimary(config) : runWebProcess(config)).catch((error: unknown) => {
  const expected = error instanceof ConfigError || (error instanceof Error && error.message.startsWith("The embedded"));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});

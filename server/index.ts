import { ConfigError, readConfig } from "../app/config.server";
import { loadDemoShopIfEmpty } from "../app/demo/first-start.server";
import { logger } from "../app/logger.server";
import { fileStoreFor } from "../app/modules/files/file-stores.server";
import { type Scheduler, startScheduler } from "../app/modules/jobs/scheduler.server";
import { shopJobs } from "../app/modules/jobs/shop-jobs.server";
import { type MailWorker, startMailWorker } from "../app/modules/mail/queue.server";
import { mailTransportFor } from "../app/modules/mail/transport.server";
import { moveLabelFolderIntoStore } from "../app/modules/orders/labels.server";
import { paymentProviderFor } from "../app/modules/payments/providers.server";
import { carrierFor } from "../app/modules/shipping/carriers.server";
import { romeToday } from "../app/modules/stats/periods";
import { type Services, systemClock } from "../app/services.server";
import { openDatabase } from "./database";
import { createHttpApp } from "./http";

async function main(): Promise<void> {
  const config = readConfig();
  const database = await openDatabase(config);
  let app: Awaited<ReturnType<typeof createHttpApp>>;
  let draining = false;
  let mailWorker: MailWorker | undefined;
  let scheduler: Scheduler | undefined;
  try {
    const files = fileStoreFor(config);
    await moveLabelFolderIntoStore(config.dataDir, files);
    if (await loadDemoShopIfEmpty(database.db, files, romeToday(new Date()))) {
      logger.info("demo data loaded");
    }
    const mailTransport = mailTransportFor(config);
    mailWorker = await startMailWorker(database.db, database.pool, mailTransport);
    logger.info({ transport: mailTransport.kind }, "mail worker started");
    const services: Services = {
      db: database.db,
      clock: systemClock,
      payments: paymentProviderFor(config, database.db),
      carrier: carrierFor(config, database.db),
      files,
      publicUrl: config.publicUrl,
    };
    logger.info(
      { provider: services.payments.name, carrier: services.carrier.name, files: files.name },
      "payments, shipping and files ready",
    );
    scheduler = startScheduler(database.db, shopJobs(services), config.jobsTickSeconds);
    app = await createHttpApp(config, services, () => draining);
  } catch (error) {
    // Never leave the embedded PostgreSQL running behind a failed start.
    await scheduler?.stop();
    await mailWorker?.stop();
    await database.close();
    throw error;
  }
  const server = app.listen(config.port, config.host, () => {
    logger.info({ url: config.publicUrl }, `Vetrina is open at http://localhost:${config.port}`);
  });

  const shutdown = async (signal: string) => {
    if (draining) return;
    draining = true;
    logger.info(
      { signal, drainSeconds: config.shutdownDrainSeconds, graceSeconds: config.shutdownGraceSeconds },
      "shutting down",
    );
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
    await scheduler?.stop();
    await mailWorker?.stop();
    await database.close();
    logger.info("stopped");
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
}

main().catch((error: unknown) => {
  const expected = error instanceof ConfigError || (error instanceof Error && error.message.startsWith("The embedded"));
  console.error(expected ? (error as Error).message : error);
  process.exit(1);
});

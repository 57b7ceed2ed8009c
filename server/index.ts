import { ConfigError, readConfig } from "../app/config.server";
import { seedDemoOrders } from "../app/demo/orders.server";
import { hasCatalog, seedDemoData } from "../app/demo/seed.server";
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
  let mailWorker: MailWorker | undefined;
  let scheduler: Scheduler | undefined;
  try {
    const files = fileStoreFor(config);
    await moveLabelFolderIntoStore(config.dataDir, files);
    if (!(await hasCatalog(database.db))) {
      await seedDemoData(database.db, files);
      await seedDemoOrders(database.db, romeToday(new Date()));
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
    scheduler = startScheduler(database.db, shopJobs(services));
    app = await createHttpApp(config, services);
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

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, "shutting down");
    // Let open requests finish, cut idle keep-alive sockets now and any others after 2 s.
    const serverClosed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    setTimeout(() => server.closeAllConnections(), 2000).unref();
    await serverClosed;
    await app.locals.closeDevServer?.();
    await scheduler?.stop();
    await mailWorker?.stop();
    await database.close();
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

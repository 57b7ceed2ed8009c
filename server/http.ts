import http from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { ServerBuild } from "react-router";
import type { Config } from "../app/config.server";
import { requestContext, type Services } from "../app/services.server";
import type { GuestPageCache } from "./guest-page-cache";
import { healthProbes } from "./health";
import { publicFiles } from "./public-files";
import {
  allowedMethods,
  bodyLimits,
  closeConnectionsWhileDraining,
  filesPolicy,
  noStoreForPersonalAnswers,
  recordClientIp,
  requestLog,
  sameOriginMutations,
  securityHeaders,
  validHost,
} from "./request-guards";

/**
 * How long a client may take to send its request, so that slow senders cannot hold sockets for Node's
 * default 300 s: the headers within 10 s (a browser sends them in one packet), the whole request
 * within 2 minutes (the largest body, staff's 25 MB of photos, takes 100 s on a 2 Mbps uplink).
 * Node checks open requests against them every 2 s; too slow, a request gets 408 and its connection
 * is closed. Answers are not bound by them: a long CSV export keeps its time.
 */
export const slowClientTimeouts = {
  headersTimeout: 10_000,
  requestTimeout: 120_000,
  connectionsCheckingInterval: 2_000,
};

/** The HTTP server of `app`, cutting clients too slow to send their request (see slowClientTimeouts). */
export function createHttpServer(app: express.Express, timeouts = slowClientTimeouts): http.Server {
  return http.createServer(timeouts, app);
}

/**
 * The Express app around React Router: static files, headers, request log, the shop itself. Every
 * request's loaders and actions reach `services` through React Router's context. `isDraining` is
 * true once the process is stopping (server/index.ts): answers then close their connection.
 * `beyondRepair` says why the process cannot recover by itself (/healthz then fails), or null.
 * `guestPages`, when given, serves the pages that are the same for every guest from memory.
 */
export async function createHttpApp(
  config: Config,
  services: Services,
  {
    isDraining = () => false,
    beyondRepair,
    guestPages,
  }: { isDraining?: () => boolean; beyondRepair?: () => string | null; guestPages?: GuestPageCache } = {},
): Promise<express.Express> {
  const getLoadContext = () => requestContext(services);
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  // gzip level 4 instead of 6: a third less CPU for /shop's HTML (0.6 instead of 0.9 ms) for 4% more
  // bytes. Browsers that accept Brotli get it at the middleware's quality 4, cheaper and smaller still.
  app.use(compression({ level: 4 }));
  app.use(securityHeaders(config.env === "production"));
  // Before the request log: probes every few seconds would drown it.
  app.use(closeConnectionsWhileDraining(isDraining));
  app.use(healthProbes(services.db, isDraining, beyondRepair));
  app.use(requestLog());
  app.use(validHost());
  app.use(allowedMethods());
  app.use(bodyLimits());
  app.use(sameOriginMutations(config.publicUrl));
  app.use(recordClientIp());
  app.use(noStoreForPersonalAnswers());

  app.use("/files", filesPolicy(), publicFiles(services.files));

  if (config.env === "development") {
    const before = { sigterm: process.listeners("SIGTERM"), stdinEnd: process.stdin.listeners("end") };
    const vite = await import("vite").then((mod) =>
      mod.createServer({ server: { middlewareMode: true }, appType: "custom" }),
    );
    // Vite (through React Router's plugin) adds handlers that exit the process on SIGTERM or when
    // stdin ends, skipping the server's shutdown and leaving the embedded database running.
    for (const listener of process.listeners("SIGTERM")) {
      if (!before.sigterm.includes(listener)) process.off("SIGTERM", listener);
    }
    for (const listener of process.stdin.listeners("end")) {
      if (!before.stdinEnd.includes(listener)) process.stdin.off("end", listener as () => void);
    }
    app.use(vite.middlewares);
    app.use(async (req, res, next) => {
      try {
        const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
        return createRequestHandler({ build, mode: "development", getLoadContext })(req, res, next);
      } catch (error) {
        if (error instanceof Error) vite.ssrFixStacktrace(error);
        next(error);
      }
    });
    app.locals.closeDevServer = () => vite.close();
  } else {
    const buildDir = path.resolve(config.buildDir);
    // First: no page path is a file, and a kept page then costs no look-up on disk.
    if (guestPages) app.use(guestPages.middleware);
    // Hashed file names never change, so the browser may keep them for a year.
    app.use("/assets", express.static(path.join(buildDir, "client/assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(path.join(buildDir, "client"), { maxAge: "1h", index: false }));
    const build = (await import(path.join(buildDir, "server/index.js"))) as ServerBuild;
    app.use(createRequestHandler({ build, mode: config.env, getLoadContext }));
  }
  return app;
}

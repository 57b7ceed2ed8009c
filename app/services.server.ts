// The outside world as loaders and actions reach it: the database, the clock, the payment provider,
// the courier, the uploaded files and the shop's public address, built once by the server (server/http.ts) and handed to every
// request through React Router's context. A test builds its own, with the sandbox adapters and a
// clock it controls, without touching a route.
import { createContext, type RouterContext, RouterContextProvider } from "react-router";
import type { Database } from "~/db/client.server";
import type { FileStore } from "~/modules/files/file-store";
import type { PaymentProvider } from "~/modules/payments/provider";
import type { Carrier } from "~/modules/shipping/carrier";

export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export type Services = {
  db: Database;
  clock: Clock;
  payments: PaymentProvider;
  /** GLS Italy, or the sandbox courier when no GLS credentials are set. */
  carrier: Carrier;
  /** The files (images, their renditions, labels): the DATA_DIR/files folder or a bucket, memory in tests. */
  files: FileStore;
  /** The shop's address as customers reach it (no trailing slash), for links in e-mails and to the payment page. */
  publicUrl: string;
};

// The Node server and the app bundle it loads are separate module instances: the context key lives
// in one global slot so both use the same one.
const slot = globalThis as typeof globalThis & {
  __vetrinaServices?: RouterContext<Services>;
  __vetrinaOutage?: RouterContext<RequestOutage | null>;
};
slot.__vetrinaServices ??= createContext<Services>();
slot.__vetrinaOutage ??= createContext<RequestOutage | null>(null);
export const servicesContext: RouterContext<Services> = slot.__vetrinaServices;

/** Set while a request runs when the database could not be reached: the answer becomes the shop's 503 page. */
export type RequestOutage = { databaseUnavailable: boolean };
const outageContext: RouterContext<RequestOutage | null> = slot.__vetrinaOutage;

/** A new request context carrying `services`. */
export function requestContext(services: Services): RouterContextProvider {
  return new RouterContextProvider(
    new Map<RouterContext<unknown>, unknown>([
      [servicesContext, services],
      [outageContext, { databaseUnavailable: false }],
    ]),
  );
}

/** What this request found of an outage (null for a context built without one). */
export function requestOutage(context: Readonly<RouterContextProvider>): RequestOutage | null {
  return context.get(outageContext);
}

/** The services of this request. */
export function services(context: Readonly<RouterContextProvider>): Services {
  return context.get(servicesContext);
}

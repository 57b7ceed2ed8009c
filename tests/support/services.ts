import type { Database } from "../../app/db/client.server";
import { memoryFileStore } from "../../app/modules/files/memory-file-store.server";
import { sandboxPaymentProvider } from "../../app/modules/payments/sandbox.server";
import { sandboxCarrier } from "../../app/modules/shipping/sandbox.server";
import { type Clock, requestContext, type Services } from "../../app/services.server";

export const testPublicUrl = "http://negozio.test";
export const testWebhookSecret = "sandbox-webhook-secret-for-tests";

/** A clock that stands still until a test moves it. */
export function testClock(start = new Date()): Clock & { advance: (ms: number) => void; set: (to: Date) => void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (to) => {
      now = to.getTime();
    },
  };
}

/**
 * The services a request gets, with the sandbox payment provider (known webhook secret), the sandbox
 * courier, files kept in memory and the given clock.
 */
export function testServices(db: Database, clock: Clock = testClock()): Services {
  return {
    db,
    clock,
    payments: sandboxPaymentProvider(db, {
      publicUrl: testPublicUrl,
      webhookSecret: testWebhookSecret,
      now: () => clock.now(),
    }),
    carrier: sandboxCarrier(db),
    files: memoryFileStore(),
    publicUrl: testPublicUrl,
  };
}

/** A React Router context carrying `services`, for calling a route's loader or action directly. */
export function testContext(services: Services) {
  return requestContext(services);
}

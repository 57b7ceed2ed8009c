import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";
import type { WebhookReceiver } from "~/modules/payments/sandbox.server";
import type { Services } from "~/services.server";
import { receivePaymentEvent } from "./settlement.server";

/** Webhook bodies are small JSON documents; anything larger is not the provider's. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * A provider's webhook call: the signature is checked over the raw body before anything is read
 * (400 when it does not hold, and nothing changes), then the event is stored and acted on. A
 * failure after that answers 500 (503 while the database is away), so the provider delivers the
 * event again later.
 */
export async function handlePaymentWebhook(
  { db, payments, publicUrl }: Services,
  rawBody: Buffer,
  headers: Headers,
): Promise<{ status: number; body: string }> {
  if (rawBody.length > MAX_WEBHOOK_BYTES) return { status: 413, body: "Payload too large" };
  let event: Awaited<ReturnType<typeof payments.parseWebhook>>;
  try {
    event = await payments.parseWebhook(rawBody, headers);
  } catch {
    logger.warn({ provider: payments.name }, "payment webhook with an invalid signature refused");
    return { status: 400, body: "Invalid signature" };
  }
  let outcome: Awaited<ReturnType<typeof receivePaymentEvent>>;
  try {
    outcome = await receivePaymentEvent(db, payments.name, event, publicUrl);
  } catch (error) {
    if (!isDatabaseUnavailable(error)) throw error;
    // Nothing was stored (one transaction): the provider delivers the event again later.
    logger.warn({ provider: payments.name, eventId: event.id }, "payment event refused while the database is away");
    return { status: 503, body: "Database unavailable, retry later" };
  }
  logger.info({ provider: payments.name, eventId: event.id, type: event.providerType, outcome }, "payment event");
  return { status: 200, body: outcome };
}

/**
 * The shop's webhook as the sandbox reaches it, inside the process rather than over HTTP: the
 * sandbox's signing secret lives in each process (payments/sandbox.server.ts), so its events go to the
 * process that signed them. Acknowledged when the handling answers 200, as Stripe counts it.
 */
export function webhookReceiver(services: Services): WebhookReceiver {
  return async (rawBody, headers) => (await handlePaymentWebhook(services, rawBody, headers)).status === 200;
}

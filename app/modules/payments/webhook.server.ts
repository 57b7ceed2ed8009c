import { logger } from "~/logger.server";
import type { Services } from "~/services.server";
import { receivePaymentEvent } from "./settlement.server";

/** Webhook bodies are small JSON documents; anything larger is not the provider's. */
export const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * A provider's webhook call: the signature is checked over the raw body before anything is read
 * (400 when it does not hold, and nothing changes), then the event is stored and acted on. A
 * failure after that answers 500, so the provider delivers the event again later.
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
  const outcome = await receivePaymentEvent(db, payments.name, event, publicUrl);
  logger.info({ provider: payments.name, eventId: event.id, type: event.providerType, outcome }, "payment event");
  return { status: 200, body: outcome };
}

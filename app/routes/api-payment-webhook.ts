import { handlePaymentWebhook, MAX_WEBHOOK_BYTES } from "~/modules/orders/payment-webhook.server";
import { outageRetryAfterSeconds } from "~/modules/rendering/outage-page";
import { services } from "~/services.server";
import type { Route } from "./+types/api-payment-webhook";
import { methodNotAllowed } from "./method-not-allowed.server";

/**
 * POST /api/pagamenti/webhook: the payment provider's events (Stripe: point the webhook of the
 * Dashboard here). The raw body is read as bytes, because the signature covers them exactly.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (Number(request.headers.get("content-length") ?? 0) > MAX_WEBHOOK_BYTES) {
    return new Response("Payload too large", { status: 413 });
  }
  const rawBody = Buffer.from(await request.arrayBuffer());
  const { status, body } = await handlePaymentWebhook(services(context), rawBody, request.headers);
  const headers = new Headers({ "Content-Type": "text/plain; charset=utf-8" });
  if (status === 503) headers.set("Retry-After", String(outageRetryAfterSeconds));
  return new Response(body, { status, headers });
}

export const loader = () => methodNotAllowed("POST");

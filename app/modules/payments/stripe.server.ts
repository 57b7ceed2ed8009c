import Stripe from "stripe";
import {
  type CreateSessionInput,
  InvalidWebhookSignature,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSession,
  type RefundOutcome,
  type SessionState,
} from "./provider";

// Stripe Checkout: a hosted payment page per order, in Italian, whose payment methods (cards, Apple
// Pay, Google Pay, Satispay) are chosen in the Stripe Dashboard, not here. Stripe tells the shop how
// each session ended through signed webhooks; the shop can also ask, or end a session itself.

export type StripeProviderOptions = {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is, when it is not Stripe's own: a fake Stripe in tests. */
  api?: { host: string; port: number; protocol: "http" | "https" };
};

const minExpiryMinutes = 30;
const maxExpiryHours = 24;
// Per attempt; with two retries a checkout waits at most about half a minute for Stripe.
const requestTimeoutMs = 10_000;

// A PaymentIntent left in one of these states by a completed session will not be paid: Checkout
// gives the shopper no other try once the session is complete.
const failedIntentStatuses = new Set(["requires_payment_method", "canceled"]);

type SessionEvent = Extract<Stripe.Event, { type: `checkout.session.${string}` }>;

/** completed, async_payment_succeeded, async_payment_failed and expired: the events the shop acts on. */
function isSessionEvent(event: Stripe.Event): event is SessionEvent {
  return event.type.startsWith("checkout.session.");
}

function statusOf(session: Stripe.Checkout.Session): SessionState["status"] {
  if (session.status === "expired") return "expired";
  if (session.payment_status === "paid" || session.payment_status === "no_payment_required") return "paid";
  const intent = session.payment_intent;
  if (
    session.status === "complete" &&
    typeof intent === "object" &&
    intent &&
    failedIntentStatuses.has(intent.status)
  ) {
    return "failed";
  }
  // Open, or completed with a delayed method still processing.
  return "open";
}

/** The order a session pays for, or null for a session the shop did not open (e.g. a Payment Link). */
function orderIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.orderId ?? session.client_reference_id;
}

function stateOf(session: Stripe.Checkout.Session, orderId: string, status = statusOf(session)): SessionState {
  const intent = session.payment_intent;
  return {
    sessionId: session.id,
    orderId,
    status,
    amountCents: session.amount_total ?? 0,
    reference: typeof intent === "string" ? intent : (intent?.id ?? null),
  };
}

/** pending and requires_action: accepted, not completed yet; failed and canceled: the money did not go back. */
function refundStatusOf(refund: Stripe.Refund): RefundOutcome["status"] {
  if (refund.status === "succeeded") return "succeeded";
  if (refund.status === "failed" || refund.status === "canceled") return "failed";
  return "pending";
}

function providerError(action: string, error: unknown): PaymentProviderError {
  const reason = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe could not ${action}: ${reason}`, { cause: error });
}

export function stripePaymentProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, { maxNetworkRetries: 2, timeout: requestTimeoutMs, ...options.api });

  async function retrieve(sessionId: string): Promise<Stripe.Checkout.Session> {
    try {
      // The PaymentIntent tells a delayed payment that failed from one still processing.
      return await stripe.checkout.sessions.retrieve(sessionId, { expand: ["payment_intent"] });
    } catch (error) {
      throw providerError(`read session ${sessionId}`, error);
    }
  }

  function ownState(session: Stripe.Checkout.Session): SessionState {
    const orderId = orderIdOf(session);
    if (!orderId) throw new PaymentProviderError(`Stripe session ${session.id} belongs to no order of the shop`);
    return stateOf(session, orderId);
  }

  return {
    name: "stripe",

    async createSession(input: CreateSessionInput): Promise<PaymentSession> {
      const lines = input.lineItems.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
      if (lines + input.shippingCents !== input.amountCents) {
        throw new PaymentProviderError("The line items and shipping do not add up to the amount");
      }
      // Stripe refuses other expiries too; checking here refuses them as the sandbox does, without a call.
      const minutesAhead = (input.expiresAt.getTime() - Date.now()) / 60_000;
      if (minutesAhead < minExpiryMinutes || minutesAhead > maxExpiryHours * 60) {
        throw new PaymentProviderError("expires_at must be between 30 minutes and 24 hours from now");
      }
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create(
          {
            mode: "payment",
            locale: "it",
            line_items: input.lineItems.map((item) => ({
              quantity: item.quantity,
              price_data: {
                currency: "eur",
                unit_amount: item.unitAmountCents,
                product_data: {
                  name: item.name,
                  // Stripe refuses an empty description; it fetches images itself, so a local
                  // http:// address (development) is left out.
                  ...(item.description ? { description: item.description } : {}),
                  ...(item.imageUrl?.startsWith("https://") ? { images: [item.imageUrl] } : {}),
                },
              },
            })),
            shipping_options: [
              {
                shipping_rate_data: {
                  type: "fixed_amount",
                  display_name: input.shippingLabel,
                  fixed_amount: { amount: input.shippingCents, currency: "eur" },
                },
              },
            ],
            customer_email: input.customerEmail,
            client_reference_id: input.orderId,
            metadata: { orderId: input.orderId },
            payment_intent_data: { metadata: { orderId: input.orderId } },
            expires_at: Math.floor(input.expiresAt.getTime() / 1000),
            success_url: input.successUrl.replace("{SESSION_ID}", "{CHECKOUT_SESSION_ID}"),
            cancel_url: input.cancelUrl,
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        throw providerError("open a payment session", error);
      }
      if (!session.url) throw new PaymentProviderError(`Stripe session ${session.id} has no payment page`);
      return { sessionId: session.id, url: session.url, expiresAt: new Date(session.expires_at * 1000) };
    },

    async retrieveSession(sessionId) {
      return ownState(await retrieve(sessionId));
    },

    async expireSession(sessionId) {
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Stripe expires open sessions only. One that was paid, completed or expired first is
        // reported as it stands; one still open was refused for another reason.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError) || error.statusCode !== 400) {
          throw providerError(`expire session ${sessionId}`, error);
        }
        session = await retrieve(sessionId);
        if (session.status === "open") throw providerError(`expire session ${sessionId}`, error);
      }
      return ownState(session);
    },

    async refund(input) {
      if (!input.reference)
        throw new PaymentProviderError(`Stripe session ${input.sessionId} has no payment to refund`);
      let refund: Stripe.Refund;
      try {
        refund = await stripe.refunds.create(
          {
            payment_intent: input.reference,
            amount: input.amountCents,
            // Stripe keeps metadata values up to 500 characters.
            metadata: { sessionId: input.sessionId, ...(input.reason ? { reason: input.reason.slice(0, 500) } : {}) },
          },
          { idempotencyKey: input.idempotencyKey },
        );
      } catch (error) {
        throw providerError(`refund ${input.amountCents} cents of ${input.reference}`, error);
      }
      return { refundId: refund.id, status: refundStatusOf(refund) };
    },

    async parseWebhook(rawBody, headers) {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, headers.get("stripe-signature") ?? "", options.webhookSecret);
      } catch {
        throw new InvalidWebhookSignature();
      }
      const ignored: PaymentEvent = {
        id: event.id,
        type: "ignored",
        providerType: event.type,
        session: null,
        payload: event,
      };
      if (!isSessionEvent(event)) return ignored;
      // The event is signed: its session is taken as it describes it, without asking Stripe again.
      const session = event.data.object;
      const orderId = orderIdOf(session);
      if (!orderId) return ignored;
      // A session completed with a delayed method is still unpaid ("open", ignored): its outcome
      // comes later, as async_payment_succeeded or async_payment_failed.
      const status = event.type === "checkout.session.async_payment_failed" ? "failed" : statusOf(session);
      return {
        ...ignored,
        type: status === "open" ? "ignored" : `session.${status}`,
        session: stateOf(session, orderId, status),
      };
    },

    async checkSetup(webhookUrl) {
      let endpoints: Stripe.WebhookEndpoint[];
      try {
        // Stripe allows 16 endpoints per account: one page lists them all.
        endpoints = (await stripe.webhookEndpoints.list({ limit: 100 })).data;
      } catch (error) {
        throw providerError("list the webhook endpoints", error);
      }
      return {
        live: /^(sk|rk)_live_/.test(options.secretKey),
        webhookRegistered: endpoints.some((endpoint) => endpoint.url === webhookUrl && endpoint.status === "enabled"),
      };
    },
  };
}

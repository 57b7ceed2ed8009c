// The one interface the shop uses to take money. Two adapters implement it: Stripe Checkout
// (stripe.server.ts) when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set, and the built-in
// sandbox (sandbox.server.ts) otherwise. Both pass the same contract tests (provider.contract.ts).
import type { PaymentProviderName } from "./values";

export type { PaymentProviderName };

/** One line of the hosted payment page; amounts in cents, IVA included, after the order's discounts. */
export type PaymentLineItem = {
  name: string;
  /** Size, colour and, when the line was discounted, that the discount is included. */
  description: string;
  /** Absolute URL of the product image, when it has one. */
  imageUrl: string | null;
  unitAmountCents: number;
  quantity: number;
};

export type CreateSessionInput = {
  orderId: string;
  customerEmail: string;
  lineItems: PaymentLineItem[];
  /** The delivery fee, shown as a fixed shipping option (0 for pickups and free shipping). */
  shippingCents: number;
  shippingLabel: string;
  /** Σ line items + shipping: the adapter refuses a session whose lines do not add up to it. */
  amountCents: number;
  /** Where the provider sends the shopper after paying; `{SESSION_ID}` is replaced by the session id. */
  successUrl: string;
  /** Where the provider sends the shopper who leaves the payment page. */
  cancelUrl: string;
  /** The session cannot be paid after this moment (at least 30 minutes ahead). */
  expiresAt: Date;
  /** The same key twice opens the same session once. */
  idempotencyKey: string;
};

export type PaymentSession = { sessionId: string; url: string; expiresAt: Date };

/**
 * open: waiting for the shopper. paid: the money is taken (`reference` names it). failed: the
 * provider gave up for good. expired: the session ended unpaid and can no longer be paid.
 */
export type SessionState = {
  sessionId: string;
  orderId: string;
  status: "open" | "paid" | "failed" | "expired";
  amountCents: number;
  reference: string | null;
};

/**
 * What a provider's event means to the shop. `session` is the session as the event describes it;
 * events the shop does not act on are "ignored".
 */
export type PaymentEvent = {
  id: string;
  type: "session.paid" | "session.failed" | "session.expired" | "ignored";
  /** The provider's own event type, e.g. "checkout.session.completed", kept with the event. */
  providerType: string;
  session: SessionState | null;
  payload: unknown;
};

export type RefundInput = {
  sessionId: string;
  /** The money to give back from, as the provider named it when the session was paid (Stripe's PaymentIntent). */
  reference: string | null;
  amountCents: number;
  /** The same key twice gives back the money once. */
  idempotencyKey: string;
  /** Why, as staff wrote it; kept with the refund at the provider. */
  reason?: string;
};

/**
 * succeeded: the money is on its way back. pending: the provider accepted the refund but has not
 * completed it yet. failed: the provider could not give the money back.
 */
export type RefundOutcome = { refundId: string; status: "succeeded" | "pending" | "failed" };

/** How the shop's account at the provider stands, as the readiness page asks it. */
export type PaymentSetup = {
  /** The keys take real money (Stripe's live mode); false for test keys and the sandbox. */
  live: boolean;
  /** The provider sends its events to the address asked about (an enabled endpoint). */
  webhookRegistered: boolean;
};

export class InvalidWebhookSignature extends Error {
  constructor() {
    super("The payment provider's webhook signature is missing, wrong or stale");
  }
}

export class PaymentProviderError extends Error {}

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  createSession(input: CreateSessionInput): Promise<PaymentSession>;
  /** The session as the provider knows it now. */
  retrieveSession(sessionId: string): Promise<SessionState>;
  /**
   * Ends an open session so it can no longer be paid, and tells what became of it: "expired", or
   * "paid" when the shopper paid first (the shop must then fulfil the order, not cancel it).
   */
  expireSession(sessionId: string): Promise<SessionState>;
  /**
   * Gives back part or all of what a paid session took. Throws PaymentProviderError when the session
   * is not paid or the amount is more than what is left of the payment.
   */
  refund(input: RefundInput): Promise<RefundOutcome>;
  /** Checks the signature over the raw body and reads the event; throws InvalidWebhookSignature. */
  parseWebhook(rawBody: Buffer, headers: Headers): Promise<PaymentEvent>;
  /**
   * Checks with one harmless call that the keys work (PaymentProviderError when they do not) and
   * whether the provider sends its events to `webhookUrl`. Changes nothing.
   */
  checkSetup(webhookUrl: string): Promise<PaymentSetup>;
}

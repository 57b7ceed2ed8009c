// A small Stripe on localhost for the tests of the Stripe adapter, which reaches it through the real
// SDK. It speaks the part of the REST API the adapter uses (Checkout Sessions: create, retrieve with
// the PaymentIntent expanded, expire; Refunds: create; Webhook endpoints: list) as Stripe does: form-encoded bracket parameters, Bearer keys,
// Idempotency-Key replays, errors in Stripe's shape and status codes. It keeps its sessions and
// PaymentIntents in memory, plays the shopper's and Stripe's side (pay, a delayed method that fails,
// the expiry), signs webhook events with the webhook secret, and records every request it received.
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormParams = { [key: string]: FormValue };

export type RecordedRequest = {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body of a POST, or the query of a GET, parsed as Stripe reads it. */
  params: FormParams;
};

export type FakeSession = {
  id: string;
  object: "checkout.session";
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  payment_intent: string | null;
  mode: string;
  locale: string | null;
  currency: string;
  amount_subtotal: number;
  amount_total: number;
  shipping_cost: { amount_total: number } | null;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: { [key: string]: string };
  expires_at: number;
  created: number;
  success_url: string | null;
  cancel_url: string | null;
  url: string;
  livemode: false;
};

export type FakePaymentIntent = {
  id: string;
  object: "payment_intent";
  status: "processing" | "requires_payment_method" | "succeeded";
  amount: number;
  currency: string;
  metadata: { [key: string]: string };
  created: number;
  livemode: false;
};

export type FakeRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  reason: string | null;
  metadata: { [key: string]: string };
  created: number;
};

/** An answer in Stripe's error shape. */
class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly error: { type: string; message: string; param?: string; code?: string },
  ) {
    super(error.message);
  }
}

const invalidRequest = (message: string, param?: string) =>
  new ApiError(400, { type: "invalid_request_error", message, param });

type Tree = { [key: string]: string | Tree };

/** Stripe's form encoding, read as the qs library reads it: `a[b][0][c]=v` is { a: { b: [{ c: "v" }] } }. */
export function parseStripeForm(encoded: string): FormParams {
  const root: Tree = {};
  for (const [name, value] of new URLSearchParams(encoded)) {
    const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
    if (!match?.[1]) throw invalidRequest(`Invalid parameter name: ${name}`);
    const brackets = [...(match[2] ?? "").matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? "");
    assign(root, [match[1], ...brackets], value);
  }
  return toArrays(root) as FormParams;
}

function assign(tree: Tree, path: string[], value: string): void {
  const [segment = "", ...rest] = path;
  // `a[]=x&a[]=y`: each empty bracket appends.
  const key = segment === "" ? String(Object.keys(tree).length) : segment;
  if (rest.length === 0) {
    tree[key] = value;
    return;
  }
  const existing = tree[key];
  const child = typeof existing === "object" ? existing : {};
  tree[key] = child;
  assign(child, rest, value);
}

/** Objects keyed 0, 1, 2… become arrays. */
function toArrays(tree: string | Tree): FormValue {
  if (typeof tree === "string") return tree;
  const keys = Object.keys(tree);
  const values = Object.values(tree).map(toArrays);
  const indexed = keys.length > 0 && keys.every((key) => /^\d+$/.test(key));
  if (!indexed) return Object.fromEntries(keys.map((key, i) => [key, values[i] as FormValue]));
  return keys
    .map((key, i) => [Number(key), values[i] as FormValue] as const)
    .sort(([a], [b]) => a - b)
    .map(([, value]) => value);
}

const object = (value: FormValue | undefined): { [key: string]: FormValue } =>
  value && typeof value === "object" && !Array.isArray(value) ? value : {};
const list = (value: FormValue | undefined): FormValue[] => (Array.isArray(value) ? value : []);
const text = (value: FormValue | undefined): string | null => (typeof value === "string" ? value : null);

function integer(value: FormValue | undefined, param: string): number {
  if (typeof value !== "string" || !/^\d+$/.test(value)) throw invalidRequest(`Invalid integer: ${value}`, param);
  return Number(value);
}

function required(value: FormValue | undefined, param: string): string {
  if (typeof value !== "string") throw invalidRequest(`Missing required param: ${param}.`, param);
  return value;
}

function strings(value: FormValue | undefined): { [key: string]: string } {
  return Object.fromEntries(
    Object.entries(object(value)).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/** Stripe refuses empty strings: they would unset a parameter that cannot be unset. */
function refuseEmptyStrings(value: FormValue, param: string): void {
  if (value === "") {
    throw invalidRequest(
      `You passed an empty string for '${param}'. We assume empty values are an attempt to unset a parameter; however '${param}' cannot be unset. You should remove '${param}' from your request or supply a non-empty value.`,
      param,
    );
  }
  if (typeof value === "string") return;
  for (const [key, child] of Object.entries(value)) refuseEmptyStrings(child, `${param}[${key}]`);
}

const createParams = new Set([
  "mode",
  "locale",
  "currency",
  "line_items",
  "shipping_options",
  "customer_email",
  "client_reference_id",
  "metadata",
  "payment_intent_data",
  "payment_method_types",
  "expires_at",
  "success_url",
  "cancel_url",
  "expand",
]);

const refundParams = new Set(["payment_intent", "amount", "reason", "metadata", "expand"]);
const refundReasons = new Set(["duplicate", "fraudulent", "requested_by_customer"]);

const newId = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

export type FakeWebhookEndpoint = {
  id: string;
  object: "webhook_endpoint";
  url: string;
  status: "enabled" | "disabled";
  enabled_events: string[];
  livemode: boolean;
  created: number;
};

export class FakeStripe {
  /** A test-mode key, or a live one when the fake plays a live account. */
  readonly secretKey: string;
  /** The webhook endpoints registered in the Dashboard, oldest first. */
  readonly webhookEndpoints: FakeWebhookEndpoint[] = [];
  readonly webhookSecret = `whsec_${randomBytes(16).toString("hex")}`;
  /** Every request received, oldest first. */
  readonly requests: RecordedRequest[] = [];
  readonly sessions = new Map<string, FakeSession>();
  /** Every refund made, oldest first. */
  readonly refunds: FakeRefund[] = [];
  private readonly paymentIntents = new Map<string, FakePaymentIntent>();
  private readonly intentMetadata = new Map<string, { [key: string]: string }>();
  private readonly idempotent = new Map<string, { fingerprint: string; body: string }>();
  private failures: number[] = [];
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => this.respond(request, Buffer.concat(chunks).toString("utf8"), response));
  });

  constructor(options: { live?: boolean } = {}) {
    this.secretKey = `sk_${options.live ? "live" : "test"}_${randomBytes(12).toString("hex")}`;
  }

  /** The shop's owner registers a webhook endpoint in the Dashboard. */
  registerWebhookEndpoint(url: string, status: FakeWebhookEndpoint["status"] = "enabled"): FakeWebhookEndpoint {
    const endpoint: FakeWebhookEndpoint = {
      id: newId("we"),
      object: "webhook_endpoint",
      url,
      status,
      enabled_events: ["checkout.session.completed"],
      livemode: this.secretKey.startsWith("sk_live_"),
      created: nowSeconds(),
    };
    this.webhookEndpoints.push(endpoint);
    return endpoint;
  }

  /** Listens on `port` (any free one by default). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, "127.0.0.1", resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve, reject) => this.server.close((error) => (error ? reject(error) : resolve())));
  }

  /** The Stripe adapter's `api` option that reaches this server. */
  get api(): { host: string; port: number; protocol: "http" } {
    return { host: "127.0.0.1", port: (this.server.address() as AddressInfo).port, protocol: "http" };
  }

  /** The next requests are answered with these status codes without running: an outage (5xx) or a refusal (4xx). */
  failNext(...statuses: number[]): void {
    this.failures.push(...statuses);
  }

  /** The shopper pays on the payment page (or a delayed payment succeeds). False when the session cannot be paid. */
  pay(sessionId: string): boolean {
    const session = this.session(sessionId);
    const intent = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
    const processing = session.status === "complete" && intent?.status === "processing";
    if (session.status !== "open" && !processing) return false;
    this.intentOf(session).status = "succeeded";
    Object.assign(session, { status: "complete", payment_status: "paid" });
    return true;
  }

  /** The shopper pays with a delayed method: the session completes unpaid, its PaymentIntent processing. */
  startAsync(sessionId: string): boolean {
    const session = this.session(sessionId);
    if (session.status !== "open") return false;
    this.intentOf(session).status = "processing";
    session.status = "complete";
    return true;
  }

  /** A delayed method fails for good: the session stays complete and unpaid, its PaymentIntent wants another method. */
  failAsync(sessionId: string): boolean {
    const session = this.session(sessionId);
    if (session.status === "expired" || session.payment_status === "paid") return false;
    this.intentOf(session).status = "requires_payment_method";
    session.status = "complete";
    return true;
  }

  /** Stripe's own expiry after expires_at. */
  expireByTime(sessionId: string): boolean {
    const session = this.session(sessionId);
    if (session.status !== "open") return false;
    session.status = "expired";
    return true;
  }

  /**
   * A webhook delivery of event `type` about the session, as Stripe sends it: checkout.session.* events
   * carry the session (its PaymentIntent as an id), payment_intent.* events its PaymentIntent.
   */
  event(type: string, sessionId: string): { body: string; headers: Headers } {
    const session = this.session(sessionId);
    let object: FakeSession | FakePaymentIntent = session;
    if (type.startsWith("payment_intent.")) {
      const intent = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
      if (!intent) throw new Error(`Session ${sessionId} has no PaymentIntent yet`);
      object = intent;
    }
    const body = JSON.stringify(
      {
        id: newId("evt"),
        object: "event",
        api_version: Stripe.API_VERSION,
        created: nowSeconds(),
        data: { object: structuredClone(object) },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      },
      null,
      2,
    );
    return {
      body,
      headers: new Headers({ "content-type": "application/json", "stripe-signature": this.sign(body) }),
    };
  }

  /** A Stripe-Signature header for `payload`, by default signed now with the webhook secret. */
  sign(payload: string, options: { timestamp?: number; secret?: string } = {}): string {
    return Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? this.webhookSecret,
      timestamp: options.timestamp,
    });
  }

  /** The POSTs that opened Checkout Sessions, oldest first. */
  sessionCreations(): RecordedRequest[] {
    return this.requests.filter((request) => request.method === "POST" && request.path === "/v1/checkout/sessions");
  }

  private session(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`No such fake checkout session: ${sessionId}`);
    return session;
  }

  /** The session's PaymentIntent, created when the shopper first submits a payment, as at Stripe. */
  private intentOf(session: FakeSession): FakePaymentIntent {
    const existing = session.payment_intent ? this.paymentIntents.get(session.payment_intent) : undefined;
    if (existing) return existing;
    const intent: FakePaymentIntent = {
      id: newId("pi"),
      object: "payment_intent",
      status: "processing",
      amount: session.amount_total,
      currency: session.currency,
      metadata: this.intentMetadata.get(session.id) ?? {},
      created: nowSeconds(),
      livemode: false,
    };
    this.paymentIntents.set(intent.id, intent);
    session.payment_intent = intent.id;
    return intent;
  }

  private respond(request: http.IncomingMessage, body: string, response: http.ServerResponse): void {
    const answer = this.answer(request, body);
    response.writeHead(answer.status, {
      "content-type": "application/json",
      "request-id": newId("req"),
      ...answer.headers,
    });
    response.end(answer.body);
  }

  private answer(
    request: http.IncomingMessage,
    body: string,
  ): { status: number; body: string; headers?: { [name: string]: string } } {
    const url = new URL(request.url ?? "/", "http://localhost");
    const method = request.method ?? "GET";
    try {
      const params = parseStripeForm(method === "GET" ? url.search.slice(1) : body);
      this.requests.push({ method, path: url.pathname, headers: request.headers, params });

      const failure = this.failures.shift();
      if (failure && failure >= 500) throw new ApiError(failure, { type: "api_error", message: "Fake outage" });
      if (failure) throw new ApiError(failure, { type: "invalid_request_error", message: "Fake refusal" });

      const authorization = request.headers.authorization ?? "";
      if (!authorization.startsWith("Bearer ")) {
        throw new ApiError(401, {
          type: "invalid_request_error",
          message: "You did not provide an API key. Provide it in the Authorization header (Bearer auth).",
        });
      }
      if (authorization.slice("Bearer ".length) !== this.secretKey) {
        throw new ApiError(401, { type: "invalid_request_error", message: "Invalid API Key provided." });
      }

      const key = method === "POST" ? request.headers["idempotency-key"] : undefined;
      const fingerprint = `${method} ${url.pathname} ${body}`;
      const replay = typeof key === "string" ? this.idempotent.get(key) : undefined;
      if (replay && replay.fingerprint !== fingerprint) {
        throw new ApiError(400, {
          type: "idempotency_error",
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        });
      }
      if (replay) return { status: 200, body: replay.body, headers: { "idempotent-replayed": "true" } };

      const result = JSON.stringify(this.route(method, url.pathname, params));
      // Kept only when it succeeded: Stripe keeps no result for a request refused for its parameters.
      if (typeof key === "string") this.idempotent.set(key, { fingerprint, body: result });
      return { status: 200, body: result };
    } catch (error) {
      if (error instanceof ApiError) return { status: error.status, body: JSON.stringify({ error: error.error }) };
      return { status: 500, body: JSON.stringify({ error: { type: "api_error", message: String(error) } }) };
    }
  }

  private route(method: string, path: string, params: FormParams): object {
    if (method === "POST" && path === "/v1/checkout/sessions") return this.expanded(this.create(params), params);
    if (method === "POST" && path === "/v1/refunds") return this.refund(params);
    if (method === "GET" && path === "/v1/webhook_endpoints") {
      return { object: "list", url: path, has_more: false, data: structuredClone(this.webhookEndpoints) };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const sessionId = decodeURIComponent(match?.[1] ?? "");
    if (match && method === "GET" && !match[2]) return this.expanded(this.stored(sessionId), params);
    if (match && method === "POST" && match[2]) {
      const session = this.stored(sessionId);
      if (session.status !== "open") {
        throw invalidRequest(
          `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of \`${session.status}\`.`,
        );
      }
      session.status = "expired";
      return this.expanded(session, params);
    }
    throw new ApiError(404, {
      type: "invalid_request_error",
      message: `Unrecognized request URL (${method}: ${path}).`,
    });
  }

  private stored(sessionId: string): FakeSession {
    const session = this.sessions.get(sessionId);
    if (!session) {
      throw new ApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "session",
        message: `No such checkout.session: '${sessionId}'`,
      });
    }
    return session;
  }

  /** A copy of the session, with its PaymentIntent in full when `expand[]=payment_intent` asks for it. */
  private expanded(session: FakeSession, params: FormParams): object {
    const expand = list(params.expand);
    const copy: { [key: string]: unknown } = structuredClone(session);
    for (const field of expand) {
      if (field !== "payment_intent") throw invalidRequest(`This property cannot be expanded (${String(field)}).`);
      copy.payment_intent = session.payment_intent
        ? structuredClone(this.paymentIntents.get(session.payment_intent))
        : null;
    }
    return copy;
  }

  /** A refund of a succeeded PaymentIntent: all that is left of it by default, never more. */
  private refund(params: FormParams): FakeRefund {
    for (const name of Object.keys(params)) {
      if (!refundParams.has(name)) throw invalidRequest(`Received unknown parameter: ${name}`, name);
      if (name !== "expand") refuseEmptyStrings(params[name] as FormValue, name);
    }
    const intentId = required(params.payment_intent, "payment_intent");
    const intent = this.paymentIntents.get(intentId);
    if (!intent) {
      throw new ApiError(404, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_intent",
        message: `No such payment_intent: '${intentId}'`,
      });
    }
    if (intent.status !== "succeeded") {
      throw invalidRequest(
        `This PaymentIntent (${intentId}) does not have a successful charge to refund.`,
        "payment_intent",
      );
    }
    const reason = text(params.reason);
    if (reason !== null && !refundReasons.has(reason)) throw invalidRequest(`Invalid reason: ${reason}`, "reason");
    const refunded = this.refunds
      .filter((refund) => refund.payment_intent === intentId)
      .reduce((sum, refund) => sum + refund.amount, 0);
    const left = intent.amount - refunded;
    if (left === 0) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "charge_already_refunded",
        message: `Charge for PaymentIntent ${intentId} has already been refunded.`,
      });
    }
    const amount = params.amount === undefined ? left : integer(params.amount, "amount");
    if (amount < 1) throw invalidRequest("Amount must be at least 1 cent.", "amount");
    if (amount > left) {
      throw new ApiError(400, {
        type: "invalid_request_error",
        code: "amount_too_large",
        param: "amount",
        message: `Refund amount (€${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (€${(left / 100).toFixed(2)})`,
      });
    }
    const refund: FakeRefund = {
      id: newId("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intentId,
      status: "succeeded",
      reason,
      metadata: strings(params.metadata),
      created: nowSeconds(),
    };
    this.refunds.push(refund);
    return refund;
  }

  private create(params: FormParams): FakeSession {
    for (const name of Object.keys(params)) {
      if (!createParams.has(name)) throw invalidRequest(`Received unknown parameter: ${name}`, name);
      if (name !== "expand") refuseEmptyStrings(params[name] as FormValue, name);
    }
    if (params.mode !== "payment") throw invalidRequest("The fake Stripe opens sessions in payment mode only.", "mode");
    const lineItems = list(params.line_items);
    if (lineItems.length === 0) throw invalidRequest("line_items is required in payment mode.", "line_items");
    let currency: string | null = null;
    let subtotal = 0;
    lineItems.forEach((line, i) => {
      const param = `line_items[${i}]`;
      const priceData = object(object(line).price_data);
      const lineCurrency = required(priceData.currency, `${param}[price_data][currency]`);
      if (currency && lineCurrency !== currency) {
        throw invalidRequest("All line items must be in the same currency.", `${param}[price_data][currency]`);
      }
      currency = lineCurrency;
      required(object(priceData.product_data).name, `${param}[price_data][product_data][name]`);
      const quantity = integer(object(line).quantity, `${param}[quantity]`);
      if (quantity < 1) throw invalidRequest("Quantity must be at least 1.", `${param}[quantity]`);
      subtotal += integer(priceData.unit_amount, `${param}[price_data][unit_amount]`) * quantity;
    });
    const shippingOptions = list(params.shipping_options);
    if (shippingOptions.length > 5) throw invalidRequest("Up to 5 shipping options.", "shipping_options");
    const shippingRates = shippingOptions.map((option, i) => {
      const rate = object(object(option).shipping_rate_data);
      const param = `shipping_options[${i}][shipping_rate_data]`;
      required(rate.display_name, `${param}[display_name]`);
      const fixed = object(rate.fixed_amount);
      if (required(fixed.currency, `${param}[fixed_amount][currency]`) !== currency) {
        throw invalidRequest(
          "The shipping rate's currency must match the line items'.",
          `${param}[fixed_amount][currency]`,
        );
      }
      return integer(fixed.amount, `${param}[fixed_amount][amount]`);
    });
    const created = nowSeconds();
    const expiresAt = params.expires_at === undefined ? created + 24 * 3600 : integer(params.expires_at, "expires_at");
    if (expiresAt < created + 30 * 60 || expiresAt > created + 24 * 3600) {
      throw invalidRequest(
        "The `expires_at` timestamp must be anywhere from 30 minutes to 24 hours after Checkout Session creation.",
        "expires_at",
      );
    }
    const successUrl = required(params.success_url, "success_url");
    // The shipping option shown first is the one selected.
    const shipping = shippingRates[0];
    const id = newId("cs");
    const session: FakeSession = {
      id,
      object: "checkout.session",
      status: "open",
      payment_status: "unpaid",
      payment_intent: null,
      mode: "payment",
      locale: text(params.locale),
      currency: currency ?? "eur",
      amount_subtotal: subtotal,
      amount_total: subtotal + (shipping ?? 0),
      shipping_cost: shipping === undefined ? null : { amount_total: shipping },
      client_reference_id: text(params.client_reference_id),
      customer_email: text(params.customer_email),
      metadata: strings(params.metadata),
      expires_at: expiresAt,
      created,
      success_url: successUrl,
      cancel_url: text(params.cancel_url),
      url: `https://checkout.stripe.com/c/pay/${id}`,
      livemode: false,
    };
    this.sessions.set(id, session);
    this.intentMetadata.set(id, strings(object(params.payment_intent_data).metadata));
    return session;
  }
}

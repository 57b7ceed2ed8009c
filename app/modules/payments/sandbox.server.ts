import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, asc, eq, gt, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { sandboxPaymentEvents, sandboxPaymentSessions } from "~/db/schema";
import { logger } from "~/logger.server";
import {
  type CreateSessionInput,
  InvalidWebhookSignature,
  type PaymentEvent,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentSession,
  type RefundInput,
  type RefundOutcome,
  type SessionState,
} from "./provider";

// The built-in payment provider of a shop without Stripe keys: its own hosted-looking payment page
// (routes/sandbox-payment.tsx) where a tester pays, is declined or makes the provider fail. It keeps
// its sessions in its own table, as a real provider keeps them on its side, and tells the shop what
// happened through events signed like Stripe's (HMAC-SHA256 over "timestamp.body"), which reach the
// same webhook handling as Stripe's. As Stripe does, it keeps each event until the shop has
// acknowledged it and delivers it again meanwhile: the event is written with the payment itself, so a
// shop stopped between the two still hears of it.

export const SANDBOX_SIGNATURE_HEADER = "vetrina-sandbox-signature";
const toleranceSeconds = 300;
const minExpiryMinutes = 30;
const maxExpiryHours = 24;
/** Stripe retries an unacknowledged event for three days; so does the sandbox. */
const eventRetryDays = 3;
/** An event being delivered is left alone by other deliveries this long (the shop answers in milliseconds). */
const deliveryLeaseSeconds = 30;
/** The sandbox's session ids, as createSession makes them. */
const sessionIdPattern = /^sbx_cs_[0-9a-f]{32}$/;
/** The events one delivery round takes. */
const deliveryBatch = 50;

/** Wait before delivering an event again after `attempts` tries: 10 s, 20 s, 40 s … up to an hour. */
export function eventRetryDelaySeconds(attempts: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempts - 1), 3600);
}

/** Where the sandbox delivers its events: the shop's webhook handling. True when the shop acknowledged the event (200). */
export type WebhookReceiver = (rawBody: Buffer, headers: Headers) => Promise<boolean>;

/** A signed event as delivered: its id, the JSON body and the headers that sign it now. */
export type SandboxEvent = { id: string; body: string; headers: Headers };

type SandboxRow = typeof sandboxPaymentSessions.$inferSelect;

export type SandboxSession = SandboxRow;

export type SandboxProvider = PaymentProvider & {
  readonly name: "sandbox";
  /** The session as its payment page shows it, or null. */
  findSession(sessionId: string): Promise<SandboxSession | null>;
  /**
   * What the tester chose on the payment page. pay: the money is taken. decline: the card is refused,
   * the session stays open for another try. fail: the provider gives up for good. Returns the
   * session and the signed event the change produced (none for a decline, as at Stripe), stored with
   * the change: deliverEvents delivers it until the shop acknowledges it.
   */
  act(
    sessionId: string,
    action: "pay" | "decline" | "fail",
  ): Promise<{ session: SandboxSession; event: SandboxEvent | null }>;
  /**
   * Delivers the events the shop has not acknowledged yet and that are due (or the one event `only`,
   * at once), each signed anew, to `receiver`; one it does not acknowledge is tried again later
   * (eventRetryDelaySeconds), for three days. Returns how many were acknowledged.
   */
  deliverEvents(receiver: WebhookReceiver, only?: string): Promise<number>;
  /** Signs an event body as the sandbox does: for tests of the webhook. */
  sign(body: string, timestamp?: number): string;
};

export function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === "sandbox";
}

function stateOf(row: SandboxRow, now: Date): SessionState {
  const expired = row.state === "open" && row.expiresAt <= now;
  return {
    sessionId: row.id,
    orderId: row.orderId,
    status: expired ? "expired" : row.state,
    amountCents: row.amountCents,
    reference: row.reference,
  };
}

export function sandboxPaymentProvider(
  db: Database,
  options: { publicUrl: string; webhookSecret?: string; now?: () => Date },
): SandboxProvider {
  const secret = options.webhookSecret ?? randomBytes(32).toString("hex");
  const now = options.now ?? (() => new Date());
  const signature = (payload: string, timestamp: number) =>
    createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  const sign = (body: string, timestamp = Math.floor(now().getTime() / 1000)) =>
    `t=${timestamp},v1=${signature(body, timestamp)}`;

  // The refunds asked per idempotency key, as a provider remembers them: the same key again answers
  // the first refund without giving the money back twice. Kept in memory, for the life of the server.
  const refundsByKey = new Map<string, { fingerprint: string; outcome: Promise<RefundOutcome> }>();

  /** The session, or null when there is none: a database away is thrown on (the page's 503, not its 404). */
  async function find(sessionId: string): Promise<SandboxRow | null> {
    // An address typed by hand (a NUL, a megabyte) is no session, and never reaches PostgreSQL.
    if (!sessionIdPattern.test(sessionId)) return null;
    const [found] = await db.select().from(sandboxPaymentSessions).where(eq(sandboxPaymentSessions.id, sessionId));
    return found ?? null;
  }

  async function row(sessionId: string): Promise<SandboxRow> {
    const found = await find(sessionId);
    if (!found) throw new PaymentProviderError(`No such sandbox session: ${sessionId}`);
    return found;
  }

  /** Settles an expired-by-time session in the table, so every later read agrees. */
  async function current(sessionId: string): Promise<SandboxRow> {
    const found = await row(sessionId);
    if (found.state === "open" && found.expiresAt <= now()) {
      const [expired] = await db
        .update(sandboxPaymentSessions)
        .set({ state: "expired" })
        .where(eq(sandboxPaymentSessions.id, sessionId))
        .returning();
      return expired ?? found;
    }
    return found;
  }

  async function giveBack(input: RefundInput): Promise<RefundOutcome> {
    if (!Number.isInteger(input.amountCents) || input.amountCents <= 0) {
      throw new PaymentProviderError("A refund must be a positive whole number of cents");
    }
    // One guarded update: of two refunds racing, the second sees what the first took.
    const [refunded] = await db
      .update(sandboxPaymentSessions)
      .set({ refundedCents: sql`${sandboxPaymentSessions.refundedCents} + ${input.amountCents}` })
      .where(
        and(
          eq(sandboxPaymentSessions.id, input.sessionId),
          eq(sandboxPaymentSessions.state, "paid"),
          sql`${sandboxPaymentSessions.refundedCents} + ${input.amountCents} <= ${sandboxPaymentSessions.amountCents}`,
        ),
      )
      .returning({ id: sandboxPaymentSessions.id });
    if (refunded) return { refundId: `sbx_re_${randomBytes(12).toString("hex")}`, status: "succeeded" };
    const session = await row(input.sessionId);
    if (session.state !== "paid") throw new PaymentProviderError(`Sandbox session ${session.id} was not paid`);
    throw new PaymentProviderError(
      `Refund of ${input.amountCents} cents is more than the ${session.amountCents - session.refundedCents} left of the payment`,
    );
  }

  const signed = (id: string, body: string): SandboxEvent => ({
    id,
    body,
    headers: new Headers({ [SANDBOX_SIGNATURE_HEADER]: sign(body), "content-type": "application/json" }),
  });

  function eventBody(id: string, type: PaymentEvent["type"], session: SandboxRow) {
    return JSON.stringify({ id, type, created: Math.floor(now().getTime() / 1000), session: stateOf(session, now()) });
  }

  /** Claims the events to deliver now, so a second delivery round running meanwhile leaves them alone. */
  async function claimEvents(only: string | undefined) {
    const at = now();
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: sandboxPaymentEvents.id })
        .from(sandboxPaymentEvents)
        .where(
          and(
            isNull(sandboxPaymentEvents.deliveredAt),
            only
              ? eq(sandboxPaymentEvents.id, only)
              : and(
                  lte(sandboxPaymentEvents.nextAttemptAt, at),
                  gt(sandboxPaymentEvents.createdAt, new Date(at.getTime() - eventRetryDays * 86_400_000)),
                ),
          ),
        )
        .orderBy(asc(sandboxPaymentEvents.nextAttemptAt))
        .limit(deliveryBatch)
        .for("update", { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(sandboxPaymentEvents)
        .set({ nextAttemptAt: new Date(at.getTime() + deliveryLeaseSeconds * 1000) })
        .where(
          inArray(
            sandboxPaymentEvents.id,
            due.map((event) => event.id),
          ),
        )
        .returning();
    });
  }

  return {
    name: "sandbox",

    async createSession(input: CreateSessionInput): Promise<PaymentSession> {
      const lines = input.lineItems.reduce((sum, item) => sum + item.unitAmountCents * item.quantity, 0);
      if (lines + input.shippingCents !== input.amountCents) {
        throw new PaymentProviderError("The line items and shipping do not add up to the amount");
      }
      const minutesAhead = (input.expiresAt.getTime() - now().getTime()) / 60_000;
      if (minutesAhead < minExpiryMinutes || minutesAhead > maxExpiryHours * 60) {
        throw new PaymentProviderError("expires_at must be between 30 minutes and 24 hours from now");
      }
      const id = `sbx_cs_${randomBytes(16).toString("hex")}`;
      const [created] = await db
        .insert(sandboxPaymentSessions)
        .values({
          id,
          orderId: input.orderId,
          amountCents: input.amountCents,
          currency: "EUR",
          lineItems: input.lineItems.map(({ name, description, unitAmountCents, quantity }) => ({
            name,
            description,
            amountCents: unitAmountCents,
            quantity,
          })),
          shippingCents: input.shippingCents,
          customerEmail: input.customerEmail,
          successUrl: input.successUrl.replace("{SESSION_ID}", id),
          cancelUrl: input.cancelUrl,
          idempotencyKey: input.idempotencyKey,
          expiresAt: input.expiresAt,
        })
        .onConflictDoNothing({ target: sandboxPaymentSessions.idempotencyKey })
        .returning();
      // The same idempotency key again: the session it opened the first time.
      const session =
        created ??
        (
          await db
            .select()
            .from(sandboxPaymentSessions)
            .where(eq(sandboxPaymentSessions.idempotencyKey, input.idempotencyKey))
        )[0];
      if (!session) throw new PaymentProviderError("The sandbox session was not stored");
      return {
        sessionId: session.id,
        url: `${options.publicUrl}/pagamento-di-prova/${session.id}`,
        expiresAt: session.expiresAt,
      };
    },

    async retrieveSession(sessionId) {
      return stateOf(await current(sessionId), now());
    },

    async expireSession(sessionId) {
      const session = await current(sessionId);
      if (session.state !== "open") return stateOf(session, now());
      const [expired] = await db
        .update(sandboxPaymentSessions)
        .set({ state: "expired" })
        .where(eq(sandboxPaymentSessions.id, sessionId))
        .returning();
      return stateOf(expired ?? session, now());
    },

    refund(input) {
      const fingerprint = `${input.sessionId} ${input.amountCents}`;
      const earlier = refundsByKey.get(input.idempotencyKey);
      if (earlier && earlier.fingerprint !== fingerprint) {
        return Promise.reject(
          new PaymentProviderError(`Idempotency key ${input.idempotencyKey} was used for another refund`),
        );
      }
      if (earlier) return earlier.outcome;
      const outcome = giveBack(input);
      refundsByKey.set(input.idempotencyKey, { fingerprint, outcome });
      // A refused refund is not remembered: the same key may ask again.
      outcome.catch(() => refundsByKey.delete(input.idempotencyKey));
      return outcome;
    },

    async parseWebhook(rawBody, headers) {
      const header = headers.get(SANDBOX_SIGNATURE_HEADER) ?? "";
      const parts = Object.fromEntries(header.split(",").map((part) => part.split("=", 2) as [string, string]));
      const timestamp = Number(parts.t);
      const given = Buffer.from(parts.v1 ?? "", "hex");
      const body = rawBody.toString("utf8");
      const expected = Buffer.from(signature(body, timestamp), "hex");
      const fresh = Number.isFinite(timestamp) && Math.abs(now().getTime() / 1000 - timestamp) <= toleranceSeconds;
      if (!fresh || given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new InvalidWebhookSignature();
      }
      const payload = JSON.parse(body) as { id: string; type: string; session: SessionState };
      // A type the shop does not act on is ignored, as with Stripe.
      const type =
        payload.type === "session.paid" || payload.type === "session.failed" || payload.type === "session.expired"
          ? payload.type
          : "ignored";
      return { id: payload.id, type, providerType: payload.type, session: payload.session, payload };
    },

    // The sandbox takes no money and delivers its events itself, inside the shop's process.
    checkSetup: async () => ({ live: false, webhookRegistered: true }),

    findSession: find,

    async act(sessionId, action) {
      const session = await current(sessionId);
      if (session.state !== "open") return { session, event: null };
      if (action === "decline") {
        const [declined] = await db
          .update(sandboxPaymentSessions)
          .set({ declines: session.declines + 1 })
          .where(eq(sandboxPaymentSessions.id, sessionId))
          .returning();
        return { session: declined ?? session, event: null };
      }
      // Only an open session is settled: of two clicks racing, one pays. Its event is kept with it.
      const outcome = await db.transaction(async (tx) => {
        const [settled] = await tx
          .update(sandboxPaymentSessions)
          .set(
            action === "pay"
              ? { state: "paid", reference: `sbx_pay_${randomBytes(12).toString("hex")}` }
              : { state: "failed" },
          )
          .where(and(eq(sandboxPaymentSessions.id, sessionId), eq(sandboxPaymentSessions.state, "open")))
          .returning();
        if (!settled) return null;
        const id = `sbx_evt_${randomBytes(12).toString("hex")}`;
        const body = eventBody(id, action === "pay" ? "session.paid" : "session.failed", settled);
        // The first delivery is the payment page's own, at once; the retries come after.
        const firstRetry = new Date(now().getTime() + eventRetryDelaySeconds(1) * 1000);
        await tx.insert(sandboxPaymentEvents).values({ id, sessionId, body, nextAttemptAt: firstRetry });
        return { session: settled, event: signed(id, body) };
      });
      return outcome ?? { session: await row(sessionId), event: null };
    },

    async deliverEvents(receiver, only) {
      let acknowledged = 0;
      for (const event of await claimEvents(only)) {
        const heard = await receiver(Buffer.from(event.body), signed(event.id, event.body).headers).catch(
          (error: unknown) => {
            logger.warn({ err: error, eventId: event.id }, "sandbox event not delivered");
            return false;
          },
        );
        const attempts = event.attempts + 1;
        await db
          .update(sandboxPaymentEvents)
          .set(
            heard
              ? { attempts, deliveredAt: now() }
              : { attempts, nextAttemptAt: new Date(now().getTime() + eventRetryDelaySeconds(attempts) * 1000) },
          )
          .where(eq(sandboxPaymentEvents.id, event.id));
        if (heard) acknowledged++;
        else
          logger.warn({ eventId: event.id, attempts }, "sandbox event not acknowledged by the shop, kept for a retry");
      }
      return acknowledged;
    },

    sign,
  };
}

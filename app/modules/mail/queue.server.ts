import { randomInt, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import type { Queryable } from "~/db/client.server";
import { listenToChannel } from "~/db/listener.server";
import { outgoingEmails } from "~/db/schema";
import { currentLogId, logger, withoutPersonalData } from "~/logger.server";
import { shop } from "~/modules/shop/identity";
import type { MailMessage } from "./message";
import { MailServerUnavailable, type MailTransport } from "./transport.server";

const channel = "outgoing_emails";
/**
 * A claimed e-mail is left alone by other workers for this long, in case its sender dies mid-send
 * where nobody can tell (its machine gone with its connection still open). A worker that is known to
 * be dead, its claim lock gone, gives its claims back at once (releaseAbandonedClaims).
 */
const leaseSeconds = 300;
/**
 * The advisory-lock space of the mail workers' claim locks (PostgreSQL's two-key form, apart from
 * the one-key locks of migrations and the first start): each worker holds (space, its key) for as
 * long as its connection lives, and tags its claims with the key.
 */
const workerLockSpace = 0x6d61696c; // "mail"
/** After this many failed attempts (about two days of retries) an e-mail is marked failed. */
const maxAttempts = 50;
const batchSize = 20;

/** Retry delay of an e-mail after `attempts` failures: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
}

/**
 * How long the worker waits before trying a mail server that could not be reached, after `rounds`
 * such rounds in a row: 5 s, 10 s, 20 s, then every 30 s. One connection attempt twice a minute
 * costs nothing, and the queue moves within half a minute of the server's return.
 */
export function serverRetryDelayMs(rounds: number): number {
  return Math.min(5_000 * 2 ** Math.max(0, rounds - 1), 30_000);
}

/**
 * Stores an e-mail for delivery. Called inside the caller's transaction, the e-mail exists exactly
 * when the rest of that transaction's work does; the worker is woken when it commits.
 */
export async function enqueueEmail(db: Queryable, message: MailMessage): Promise<number> {
  const [row] = await db
    .insert(outgoingEmails)
    .values({
      messageId: `<${randomUUID()}@${shop.email.split("@")[1]}>`,
      toAddress: message.to,
      replyTo: message.replyTo ?? null,
      listUnsubscribeUrl: message.listUnsubscribeUrl ?? null,
      subject: message.subject,
      textBody: message.text,
      htmlBody: message.html,
      queuedBy: currentLogId(),
    })
    .returning({ id: outgoingEmails.id });
  await db.execute(sql`SELECT pg_notify(${channel}, '')`);
  return (row as { id: number }).id;
}

export type DeliveryRound = {
  sent: number;
  failed: number;
  /** The mail server could not be reached: the round stopped, no e-mail was charged an attempt. */
  serverUnavailable: boolean;
};

/**
 * Sends every e-mail that is due, through `transport`. An e-mail the server refuses waits longer
 * after each refusal (retryDelaySeconds); a server that cannot be reached ends the round, and the
 * e-mails stay due, unharmed, for when it is back: an outage of any length loses none. `claimant`:
 * the key of the worker's claim lock, when it holds one (startMailWorker).
 */
export async function deliverDueEmails(
  db: Queryable,
  transport: MailTransport,
  claimant: number | null = null,
): Promise<DeliveryRound> {
  const claimed = await db.execute<{
    id: number;
    message_id: string;
    to_address: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string;
    list_unsubscribe_url: string | null;
    attempts: number;
    queued_by: string | null;
  }>(sql`
    UPDATE outgoing_emails SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), claimed_by = ${claimant}
    WHERE id IN (
      SELECT id FROM outgoing_emails
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, message_id, to_address, reply_to, subject, text_body, html_body, list_unsubscribe_url, attempts, queued_by`);

  let sent = 0;
  let failed = 0;
  for (const [index, email] of claimed.rows.entries()) {
    const logged = { emailId: email.id, queuedBy: email.queued_by };
    try {
      await transport.send({
        messageId: email.message_id,
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        ...(email.reply_to ? { replyTo: email.reply_to } : {}),
        ...(email.list_unsubscribe_url ? { listUnsubscribeUrl: email.list_unsubscribe_url } : {}),
      });
      await db
        .update(outgoingEmails)
        .set({ status: "sent", sentAt: new Date(), attempts: email.attempts + 1, lastError: null, claimedBy: null })
        .where(eq(outgoingEmails.id, email.id));
      logger.info(logged, "e-mail sent");
      sent++;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      if (error instanceof MailServerUnavailable) {
        // This e-mail and the rest of the batch are due again as they were, lease given back.
        const untried = claimed.rows.slice(index).map((row) => row.id);
        await db
          .update(outgoingEmails)
          .set({ nextAttemptAt: sql`now()`, lastError: reason.slice(0, 500), claimedBy: null })
          .where(and(inArray(outgoingEmails.id, untried), eq(outgoingEmails.status, "pending")));
        logger.warn({ ...logged, reason: withoutPersonalData(reason) }, "mail server unavailable, e-mail kept");
        return { sent, failed, serverUnavailable: true };
      }
      const attempts = email.attempts + 1;
      await db
        .update(outgoingEmails)
        .set({
          attempts,
          lastError: reason.slice(0, 500),
          status: attempts >= maxAttempts ? "failed" : "pending",
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          claimedBy: null,
        })
        .where(and(eq(outgoingEmails.id, email.id), eq(outgoingEmails.status, "pending")));
      logger.warn({ ...logged, attempts, reason: withoutPersonalData(reason) }, "e-mail not sent, will retry");
      failed++;
    }
  }
  return { sent, failed, serverUnavailable: false };
}

/**
 * Gives back, due at once, the claims of mail workers that are gone: those whose claim lock no
 * session holds any more (their process died, their connection closed with it). Claims of a live
 * worker, and claims made without a lock, keep their lease. Returns how many were given back.
 */
export async function releaseAbandonedClaims(db: Queryable): Promise<number> {
  const released = await db.execute(sql`
    UPDATE outgoing_emails SET next_attempt_at = now(), claimed_by = NULL
    WHERE status = 'pending' AND claimed_by IS NOT NULL AND next_attempt_at > now()
      AND NOT EXISTS (
        SELECT 1 FROM pg_locks
        WHERE locktype = 'advisory' AND granted AND objsubid = 2
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND classid = ${workerLockSpace}::oid AND objid = outgoing_emails.claimed_by::oid
      )
    RETURNING id`);
  return released.rows.length;
}

/** Takes a mail worker's claim lock on `client`: it lives exactly as long as that connection. */
export async function holdClaimLock(client: pg.ClientBase, key: number): Promise<void> {
  await client.query("SELECT pg_advisory_lock($1, $2)", [workerLockSpace, key]);
}

export type MailWorker = { stop: () => Promise<void> };

/**
 * Delivers queued e-mail in the background: at once when an e-mail is enqueued (LISTEN/NOTIFY),
 * and every `pollMs` for retries. A mail server away pauses delivery (serverRetryDelayMs); the
 * database away fails a round, logged, and the next poll tries again; the listening connection,
 * lost with a database restart, is opened again at the next poll. The listening connection also
 * holds the worker's claim lock: at start and at every poll the claims of dead workers (a crash of
 * this shop before its restart, another instance lost) are given back and sent at once.
 */
export async function startMailWorker(
  db: Queryable,
  pool: pg.Pool,
  transport: MailTransport,
  pollMs = 15_000,
): Promise<MailWorker> {
  let running: Promise<unknown> = Promise.resolve();
  let again = false;
  let stopped = false;
  let serverDownRounds = 0;
  let pausedUntil = 0;
  let resumeTimer: NodeJS.Timeout | undefined;

  const run = () => {
    if (stopped || Date.now() < pausedUntil) return;
    // One delivery round at a time; a wake-up during a round asks for one more round.
    again = true;
    running = running.then(async () => {
      // A round queued before a pause began waits for the pause's end too.
      while (again && !stopped && Date.now() >= pausedUntil) {
        again = false;
        try {
          // Claims are tagged only while the lock is held: untagged, they keep the plain lease.
          const round = await deliverDueEmails(db, transport, listener.listening ? claimKey : null);
          if (round.serverUnavailable) {
            serverDownRounds++;
            const delay = serverRetryDelayMs(serverDownRounds);
            pausedUntil = Date.now() + delay;
            clearTimeout(resumeTimer);
            resumeTimer = setTimeout(() => {
              pausedUntil = 0;
              run();
            }, delay);
            resumeTimer.unref();
            return;
          }
          if (serverDownRounds > 0) logger.info({ sent: round.sent }, "mail server back, delivery resumed");
          serverDownRounds = 0;
          if (round.sent + round.failed === batchSize) again = true;
        } catch (error) {
          logger.error({ err: error }, "mail worker round failed");
        }
      }
    });
  };

  const releaseAbandoned = async () => {
    const released = await releaseAbandonedClaims(db).catch((error: unknown) => {
      logger.warn({ err: error }, "claims of stopped mail workers not checked");
      return 0;
    });
    if (released > 0) logger.info({ released }, "e-mails claimed by a stopped mail worker are due again");
  };
  // Random among the shop's workers, past and present: a dead worker's key is never reused by a live one.
  const claimKey = randomInt(1, 2 ** 31 - 1);
  const listener = await listenToChannel(pool, channel, {
    onNotification: run,
    onListening: (client) => holdClaimLock(client, claimKey),
    name: "mail worker",
  });
  const timer = setInterval(() => {
    const connected = listener.listening ? Promise.resolve() : listener.reconnect();
    void connected.then(releaseAbandoned).then(run);
  }, pollMs);
  timer.unref();
  await releaseAbandoned();
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      clearTimeout(resumeTimer);
      await listener.stop();
      await running;
    },
  };
}

import { and, eq, inArray, sql } from "drizzle-orm";
import type pg from "pg";
import type { Queryable } from "~/db/client.server";
import { listenToChannel } from "~/db/listener.server";
import { outgoingEmails } from "~/db/schema";
import { currentLogId, logger, withoutPersonalData } from "~/logger.server";
import type { MailMessage } from "./message";
import { MailServerUnavailable, type MailTransport } from "./transport.server";

const channel = "outgoing_emails";
/** A claimed e-mail is left alone by other workers for this long, in case its sender dies mid-send. */
const leaseSeconds = 300;
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
 * e-mails stay due, unharmed, for when it is back: an outage of any length loses none.
 */
export async function deliverDueEmails(db: Queryable, transport: MailTransport): Promise<DeliveryRound> {
  const claimed = await db.execute<{
    id: number;
    to_address: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string;
    list_unsubscribe_url: string | null;
    attempts: number;
    queued_by: string | null;
  }>(sql`
    UPDATE outgoing_emails SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM outgoing_emails
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, reply_to, subject, text_body, html_body, list_unsubscribe_url, attempts, queued_by`);

  let sent = 0;
  let failed = 0;
  for (const [index, email] of claimed.rows.entries()) {
    const logged = { emailId: email.id, queuedBy: email.queued_by };
    try {
      await transport.send({
        to: email.to_address,
        subject: email.subject,
        text: email.text_body,
        html: email.html_body,
        ...(email.reply_to ? { replyTo: email.reply_to } : {}),
        ...(email.list_unsubscribe_url ? { listUnsubscribeUrl: email.list_unsubscribe_url } : {}),
      });
      await db
        .update(outgoingEmails)
        .set({ status: "sent", sentAt: new Date(), attempts: email.attempts + 1, lastError: null })
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
          .set({ nextAttemptAt: sql`now()`, lastError: reason.slice(0, 500) })
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
        })
        .where(and(eq(outgoingEmails.id, email.id), eq(outgoingEmails.status, "pending")));
      logger.warn({ ...logged, attempts, reason: withoutPersonalData(reason) }, "e-mail not sent, will retry");
      failed++;
    }
  }
  return { sent, failed, serverUnavailable: false };
}

export type MailWorker = { stop: () => Promise<void> };

/**
 * Delivers queued e-mail in the background: at once when an e-mail is enqueued (LISTEN/NOTIFY),
 * and every `pollMs` for retries. A mail server away pauses delivery (serverRetryDelayMs); the
 * database away fails a round, logged, and the next poll tries again; the listening connection,
 * lost with a database restart, is opened again at the next poll.
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
          const round = await deliverDueEmails(db, transport);
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

  const listener = await listenToChannel(pool, channel, { onNotification: run, name: "mail worker" });
  const timer = setInterval(() => {
    if (listener.listening) run();
    else void listener.reconnect().then(run);
  }, pollMs);
  timer.unref();
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

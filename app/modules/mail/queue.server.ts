import { and, eq, sql } from "drizzle-orm";
import type pg from "pg";
import type { Queryable } from "~/db/client.server";
import { outgoingEmails } from "~/db/schema";
import { logger } from "~/logger.server";
import type { MailMessage } from "./message";
import type { MailTransport } from "./transport.server";

const channel = "outgoing_emails";
/** A claimed e-mail is left alone by other workers for this long, in case its sender dies mid-send. */
const leaseSeconds = 300;
/** After this many failed attempts (about two days of retries) an e-mail is marked failed. */
const maxAttempts = 50;
const batchSize = 20;

/** Retry delay after `attempts` failures: 30 s, 1 min, 2 min … capped at one hour. */
export function retryDelaySeconds(attempts: number): number {
  return Math.min(30 * 2 ** Math.max(0, attempts - 1), 3600);
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
    })
    .returning({ id: outgoingEmails.id });
  await db.execute(sql`SELECT pg_notify(${channel}, '')`);
  return (row as { id: number }).id;
}

/** Sends every e-mail that is due, through `transport`. Returns how many were sent and how many failed. */
export async function deliverDueEmails(
  db: Queryable,
  transport: MailTransport,
): Promise<{ sent: number; failed: number }> {
  const claimed = await db.execute<{
    id: number;
    to_address: string;
    reply_to: string | null;
    subject: string;
    text_body: string;
    html_body: string;
    list_unsubscribe_url: string | null;
    attempts: number;
  }>(sql`
    UPDATE outgoing_emails SET next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
    WHERE id IN (
      SELECT id FROM outgoing_emails
      WHERE status = 'pending' AND next_attempt_at <= now()
      ORDER BY next_attempt_at, id
      LIMIT ${batchSize}
      FOR UPDATE SKIP LOCKED
    )
    RETURNING id, to_address, reply_to, subject, text_body, html_body, list_unsubscribe_url, attempts`);

  let sent = 0;
  let failed = 0;
  for (const email of claimed.rows) {
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
      sent++;
    } catch (error) {
      const attempts = email.attempts + 1;
      const reason = error instanceof Error ? error.message : String(error);
      await db
        .update(outgoingEmails)
        .set({
          attempts,
          lastError: reason.slice(0, 500),
          status: attempts >= maxAttempts ? "failed" : "pending",
          nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
        })
        .where(and(eq(outgoingEmails.id, email.id), eq(outgoingEmails.status, "pending")));
      logger.warn({ emailId: email.id, attempts, reason }, "e-mail not sent, will retry");
      failed++;
    }
  }
  return { sent, failed };
}

export type MailWorker = { stop: () => Promise<void> };

/**
 * Delivers queued e-mail in the background: at once when an e-mail is enqueued (LISTEN/NOTIFY),
 * and every `pollMs` for retries.
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
  const run = () => {
    if (stopped) return;
    // One delivery round at a time; a wake-up during a round asks for one more round.
    again = true;
    running = running.then(async () => {
      while (again && !stopped) {
        again = false;
        try {
          const { sent } = await deliverDueEmails(db, transport);
          if (sent === batchSize) again = true;
        } catch (error) {
          logger.error({ err: error }, "mail worker round failed");
        }
      }
    });
  };

  const listener = await pool.connect();
  listener.on("notification", run);
  await listener.query(`LISTEN ${channel}`);
  const timer = setInterval(run, pollMs);
  timer.unref();
  run();

  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await listener.query(`UNLISTEN ${channel}`).catch(() => {});
      listener.release();
    },
  };
}

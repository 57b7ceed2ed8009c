import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outgoingEmails } from "~/db/schema";
import { inLogScope } from "~/logger.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { composeEmail } from "./compose";
import {
  deliverDueEmails,
  enqueueEmail,
  holdClaimLock,
  releaseAbandonedClaims,
  retryDelaySeconds,
  serverRetryDelayMs,
} from "./queue.server";
import { smtpTransport } from "./transport.server";

const db = connectTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  await db.delete(outgoingEmails);
});
afterAll(() => sink.close());

const message = (to: string) =>
  composeEmail({ to, subject: "Nuovo messaggio", paragraphs: ["Ciao è ù"], replyTo: "cliente@example.it" });

describe("the e-mail queue", () => {
  it("sends a queued e-mail over SMTP with both parts and the reply-to", async () => {
    const id = await enqueueEmail(db, message("negozio@example.it"));
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");

    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 1, failed: 0, serverUnavailable: false });

    const received = sink.messages.at(-1);
    expect(received).toMatchObject({ to: ["negozio@example.it"], replyTo: ["cliente@example.it"] });
    expect(received?.text).toContain("Ciao è ù");
    expect(received?.html).toContain("Ciao è ù");
    const [row] = await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("keeps an e-mail the server refused and sends it on a later round", async () => {
    const id = await enqueueEmail(db, message("retry@example.it"));
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");
    sink.setFailing(true);
    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 0, failed: 1, serverUnavailable: false });
    sink.setFailing(false);

    const [waiting] = await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toContain("Servizio non disponibile");
    expect(waiting?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    // Not due yet: nothing is sent.
    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 0, failed: 0, serverUnavailable: false });

    await db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outgoingEmails.id, id));
    expect(await deliverDueEmails(db, transport)).toEqual({ sent: 1, failed: 0, serverUnavailable: false });
    expect(sink.messages.filter((email) => email.to.includes("retry@example.it"))).toHaveLength(1);
  });

  it("keeps every e-mail due, charged nothing, while the mail server cannot be reached, and tells who queued it", async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const ids = await inLogScope({ requestId: "request-of-the-order" }, () =>
      Promise.all([1, 2].map((n) => enqueueEmail(db, message(`down${n}@example.it`)))),
    );
    const down = smtpTransport(`smtp://127.0.0.1:${closed.port}`, "Vetrina <info@example.it>");
    expect(await deliverDueEmails(db, down)).toEqual({ sent: 0, failed: 0, serverUnavailable: true });

    const rows = await db.select().from(outgoingEmails).where(inArray(outgoingEmails.id, ids));
    for (const row of rows) {
      expect(row).toMatchObject({ status: "pending", attempts: 0, queuedBy: "request-of-the-order" });
      expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
    }
    const up = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");
    expect(await deliverDueEmails(db, up)).toEqual({ sent: 2, failed: 0, serverUnavailable: false });
  });

  it("never hands the same e-mail to two concurrent workers", async () => {
    const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => enqueueEmail(db, message(`parallel${n}@example.it`))));
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");
    const rounds = await Promise.all([deliverDueEmails(db, transport), deliverDueEmails(db, transport)]);
    expect(rounds.reduce((total, round) => total + round.sent, 0)).toBe(5);
    const rows = await db.select().from(outgoingEmails).where(inArray(outgoingEmails.id, ids));
    expect(rows.every((row) => row.status === "sent" && row.attempts === 1)).toBe(true);
  });
});

describe("after a crash", () => {
  const transport = () => smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");
  const rowOf = async (id: number) => (await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, id)))[0];

  it("sends a copy of an e-mail with the Message-ID fixed when it was queued, so mail clients keep one", async () => {
    const id = await enqueueEmail(db, message("doppia@example.it"));
    const queued = await rowOf(id);
    expect(queued?.messageId).toMatch(/^<[0-9a-f-]{36}@vetrinafossano\.it>$/);
    expect(await deliverDueEmails(db, transport())).toMatchObject({ sent: 1 });
    // What the database going away between the sending and its record leaves: the e-mail due again.
    await db
      .update(outgoingEmails)
      .set({ status: "pending", nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outgoingEmails.id, id));
    expect(await deliverDueEmails(db, transport())).toMatchObject({ sent: 1 });

    const copies = sink.messages.filter((email) => email.to.includes("doppia@example.it"));
    expect(copies.map((email) => email.headers["message-id"])).toEqual([queued?.messageId, queued?.messageId]);
    // Another e-mail has another id.
    const other = await rowOf(await enqueueEmail(db, message("doppia@example.it")));
    expect(other?.messageId).not.toBe(queued?.messageId);
  });

  it("gives back at once the claims of a worker that is gone, and leaves a live worker's until the lease ends", async () => {
    const [live, gone] = await Promise.all(
      ["viva", "morta"].map((who) => enqueueEmail(db, message(`${who}@example.it`))),
    );
    // Two workers' connections holding their claim locks; each has an e-mail claimed mid-send.
    const workers = await Promise.all(
      [1001, 1002].map(async (key) => {
        const client = await db.$client.connect();
        await holdClaimLock(client, key);
        return client;
      }),
    );
    const claim = (id: number, key: number) =>
      db.execute(
        sql`UPDATE outgoing_emails SET claimed_by = ${key}, next_attempt_at = now() + interval '5 minutes' WHERE id = ${id}`,
      );
    await claim(live as number, 1001);
    await claim(gone as number, 1002);
    try {
      expect(await releaseAbandonedClaims(db)).toBe(0);

      // The second worker's process dies: its connection, and the lock with it, go.
      workers[1]?.release(true);
      let released = 0;
      // The server ends the session a moment after the connection closes.
      for (let attempt = 0; attempt < 50 && released === 0; attempt++) {
        released = await releaseAbandonedClaims(db);
        if (released === 0) await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(released).toBe(1);
      const [liveRow, goneRow] = [await rowOf(live as number), await rowOf(gone as number)];
      expect(goneRow).toMatchObject({ status: "pending", claimedBy: null });
      expect(goneRow?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
      expect(liveRow).toMatchObject({ claimedBy: 1001 });
      expect(liveRow?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    } finally {
      workers[0]?.release(true);
    }
  });
});

describe("serverRetryDelayMs", () => {
  it("tries an unreachable mail server again after 5, 10, 20, then every 30 seconds", () => {
    expect([1, 2, 3, 4, 10].map(serverRetryDelayMs)).toEqual([5_000, 10_000, 20_000, 30_000, 30_000]);
  });
});

describe("retryDelaySeconds", () => {
  it("doubles from 30 seconds up to an hour", () => {
    expect([1, 2, 3, 8, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 3600, 3600]);
  });
});

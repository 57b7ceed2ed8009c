import { asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orderActivity, orderNotes, orderStatusChanges, paymentEvents, users } from "~/db/schema";
import { actorLabel, paymentEventText, type StaffNote, statusChangeText, type TimelineEntry } from "./timeline";

/** An order's history, oldest first: status changes, payment provider events and the activity lines. */
export async function orderTimeline(db: Queryable, orderId: string): Promise<TimelineEntry[]> {
  const [changes, events, activity] = await Promise.all([
    db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, orderId))
      .orderBy(asc(orderStatusChanges.id)),
    db
      .select({ provider: paymentEvents.provider, type: paymentEvents.type, receivedAt: paymentEvents.receivedAt })
      .from(paymentEvents)
      .where(eq(paymentEvents.orderId, orderId))
      .orderBy(asc(paymentEvents.id)),
    db.select().from(orderActivity).where(eq(orderActivity.orderId, orderId)).orderBy(asc(orderActivity.id)),
  ]);
  const staffEmails = await emailsOf(
    db,
    [...changes, ...activity].map((entry) => entry.actor),
  );
  const entries: (TimelineEntry & { time: number })[] = [
    ...changes.map((change) => ({
      time: change.createdAt.getTime(),
      at: change.createdAt.toISOString(),
      kind: "status" as const,
      text: statusChangeText(change),
      actor: actorLabel(change.actor, staffEmails),
    })),
    ...events.map((event) => ({
      time: event.receivedAt.getTime(),
      at: event.receivedAt.toISOString(),
      kind: "payment" as const,
      text: paymentEventText(event),
      actor: actorLabel(event.provider, staffEmails),
    })),
    ...activity.map((line) => ({
      time: line.createdAt.getTime(),
      at: line.createdAt.toISOString(),
      kind: line.kind,
      text: line.message,
      actor: actorLabel(line.actor, staffEmails),
    })),
  ];
  // A stable sort: entries of the same instant keep the order each source wrote them in.
  return entries.sort((a, b) => a.time - b.time).map(({ time: _, ...entry }) => entry);
}

/** The staff's private notes on the order, newest first. */
export async function orderStaffNotes(db: Queryable, orderId: string): Promise<StaffNote[]> {
  const notes = await db
    .select({ id: orderNotes.id, createdAt: orderNotes.createdAt, body: orderNotes.body, author: users.email })
    .from(orderNotes)
    .leftJoin(users, eq(users.id, orderNotes.authorId))
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.id));
  return notes
    .map((note) => ({
      id: note.id,
      at: note.createdAt.toISOString(),
      author: note.author ?? "Staff (account eliminato)",
      body: note.body,
    }))
    .reverse();
}

async function emailsOf(db: Queryable, actors: string[]): Promise<Map<string, string>> {
  const ids = [...new Set(actors.filter((actor) => actor.startsWith("staff:")).map((actor) => actor.slice(6)))];
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids));
  return new Map(rows.map((row) => [row.id, row.email]));
}

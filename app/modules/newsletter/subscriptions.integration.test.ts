import { desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscribers, newsletterUnsubscribeTokens, outgoingEmails } from "~/db/schema";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deliverAllDueEmails } from "../../../tests/integration/mail";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { smtpTransport } from "../mail/transport.server";
import { NEWSLETTER_CONSENT_TEXT } from "./newsletter";
import {
  CONFIRMATION_RESEND_MINUTES,
  CONFIRMATION_VALID_DAYS,
  confirmSubscription,
  subscribe,
  unsubscribe,
} from "./subscriptions.server";

const db = connectTestDatabase();
const minute = 60 * 1000;
const start = new Date();
const later = (minutes: number) => new Date(start.getTime() + minutes * minute);

async function emailsTo(address: string) {
  return db.select().from(outgoingEmails).where(eq(outgoingEmails.toAddress, address)).orderBy(desc(outgoingEmails.id));
}

async function subscriber(address: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, address));
  return row;
}

/** The token of the link starting with `path` in the newest e-mail to `address`. */
async function tokenIn(address: string, path: string): Promise<string> {
  const [email] = await emailsTo(address);
  const link = email?.textBody.match(/https?:\/\/\S+/g)?.find((url) => new URL(url).pathname === path);
  if (!link) throw new Error(`no ${path} link in the e-mail to ${address}`);
  return new URL(link).searchParams.get("token") ?? "";
}

describe("double opt-in", () => {
  const address = "anna.opt-in@example.it";

  it("stores a new address as pending, with the consent given, and e-mails a confirmation link", async () => {
    await subscribe(db, { email: "  Anna.Opt-In@Example.it ", ip: "203.0.113.7", source: "footer", now: start });

    expect(await subscriber(address)).toMatchObject({
      status: "pending",
      consentText: NEWSLETTER_CONSENT_TEXT,
      consentIp: "203.0.113.7",
      consentAt: start,
      source: "footer",
      confirmedAt: null,
    });
    const [email] = await emailsTo(address);
    expect(email?.subject).toContain("Conferma la tua iscrizione");
    const token = await tokenIn(address, "/newsletter/conferma");
    expect(token).toMatch(/^[\w-]{43}$/);
    // Only the token's hash is kept.
    const stored = JSON.stringify(await subscriber(address));
    expect(stored).not.toContain(token);
    expect((await subscriber(address))?.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("carries a one-click unsubscribe link and header in the confirmation e-mail", async () => {
    const [email] = await emailsTo(address);
    const token = await tokenIn(address, "/newsletter/disiscriviti");
    expect(email?.listUnsubscribeUrl).toContain(`/newsletter/disiscriviti?token=${token}`);
    const tokens = await db.select().from(newsletterUnsubscribeTokens);
    expect(tokens.some((row) => row.tokenHash.length === 64 && !JSON.stringify(row).includes(token))).toBe(true);
  });

  it("answers a second sign-up the same way without a new e-mail for a few minutes, then sends a fresh link", async () => {
    const firstToken = await tokenIn(address, "/newsletter/conferma");
    await subscribe(db, { email: address, ip: "203.0.113.8", source: "home", now: later(1) });
    expect(await emailsTo(address)).toHaveLength(1);
    expect(await subscriber(address)).toMatchObject({ status: "pending", consentIp: "203.0.113.7" });

    await subscribe(db, {
      email: address,
      ip: "203.0.113.8",
      source: "home",
      now: later(CONFIRMATION_RESEND_MINUTES + 1),
    });
    expect(await emailsTo(address)).toHaveLength(2);
    expect(await subscriber(address)).toMatchObject({ status: "pending", consentIp: "203.0.113.8", source: "home" });
    // The newest link replaces the older one.
    expect(await confirmSubscription(db, firstToken, later(CONFIRMATION_RESEND_MINUTES + 2))).toBe(false);
  });

  it("counts the address only once the link is followed, and the link works once", async () => {
    const token = await tokenIn(address, "/newsletter/conferma");
    const confirmedAt = later(CONFIRMATION_RESEND_MINUTES + 3);
    expect(await confirmSubscription(db, token, confirmedAt)).toBe(true);
    expect(await subscriber(address)).toMatchObject({ status: "confirmed", confirmedAt, confirmTokenHash: null });

    expect(await confirmSubscription(db, token, later(CONFIRMATION_RESEND_MINUTES + 4))).toBe(false);
    expect(await confirmSubscription(db, "not-a-token")).toBe(false);
  });

  it("leaves a confirmed address untouched, without e-mail, when it signs up again", async () => {
    const before = await subscriber(address);
    await subscribe(db, { email: address, ip: "198.51.100.1", source: "popup", now: later(60) });
    expect(await subscriber(address)).toEqual(before);
    expect(await emailsTo(address)).toHaveLength(2);
  });

  it("unsubscribes with the link of any newsletter e-mail, harmlessly twice", async () => {
    const token = await tokenIn(address, "/newsletter/disiscriviti");
    const [, olderEmail] = await emailsTo(address);
    const olderToken = new URL(olderEmail?.listUnsubscribeUrl ?? "").searchParams.get("token") ?? "";

    expect(await unsubscribe(db, olderToken, later(61))).toBe(true);
    expect(await subscriber(address)).toMatchObject({ status: "unsubscribed", unsubscribedAt: later(61) });
    expect(await unsubscribe(db, token, later(62))).toBe(true);
    expect(await subscriber(address)).toMatchObject({ status: "unsubscribed", unsubscribedAt: later(61) });
    expect(await unsubscribe(db, "unknown-token")).toBe(false);
  });

  it("takes an unsubscribed address back only through a new confirmation", async () => {
    await subscribe(db, { email: address, ip: "203.0.113.9", source: "page", now: later(70) });
    expect(await subscriber(address)).toMatchObject({ status: "pending", consentAt: later(70), unsubscribedAt: null });
    expect(await emailsTo(address)).toHaveLength(3);
    expect(await confirmSubscription(db, await tokenIn(address, "/newsletter/conferma"), later(71))).toBe(true);
  });

  it("lets a confirmation link expire", async () => {
    const other = "expired@example.it";
    await subscribe(db, { email: other, ip: "203.0.113.10", source: "page", now: start });
    const token = await tokenIn(other, "/newsletter/conferma");
    expect(await confirmSubscription(db, token, later(CONFIRMATION_VALID_DAYS * 24 * 60 + 1))).toBe(false);
    expect(await subscriber(other)).toMatchObject({ status: "pending" });
  });

  it("stops a pending confirmation link when the address unsubscribes first", async () => {
    const other = "changed-mind@example.it";
    await subscribe(db, { email: other, ip: "203.0.113.11", source: "page", now: start });
    const confirmToken = await tokenIn(other, "/newsletter/conferma");
    expect(await unsubscribe(db, await tokenIn(other, "/newsletter/disiscriviti"), later(1))).toBe(true);
    expect(await confirmSubscription(db, confirmToken, later(2))).toBe(false);
  });
});

describe("the confirmation e-mail as delivered", () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(() => sink.close());

  it("arrives with the List-Unsubscribe headers for one-click unsubscribe", async () => {
    const address = "headers@example.it";
    await subscribe(db, { email: address, ip: "203.0.113.12", source: "page" });
    await deliverAllDueEmails(db, smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>"));

    const received = sink.messages.find((email) => email.to.includes(address));
    const token = await tokenIn(address, "/newsletter/disiscriviti");
    expect(received?.headers["list-unsubscribe"]).toMatch(
      new RegExp(`^<https?://.+/newsletter/disiscriviti\\?token=${token}>$`),
    );
    expect(received?.headers["list-unsubscribe-post"]).toBe("List-Unsubscribe=One-Click");
    expect(received?.text).toContain(`/newsletter/disiscriviti?token=${token}`);
  });
});

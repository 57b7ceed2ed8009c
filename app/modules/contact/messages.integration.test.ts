import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactMessages, outgoingEmails } from "~/db/schema";
import { shop } from "~/modules/shop/identity";
import { connectTestDatabase } from "../../../tests/integration/database";
import { deliverAllDueEmails } from "../../../tests/integration/mail";
import { startSmtpSink } from "../../../tests/support/smtp-sink";
import { smtpTransport } from "../mail/transport.server";
import { sendContactMessage } from "./messages.server";

const db = connectTestDatabase();
let sink: Awaited<ReturnType<typeof startSmtpSink>>;

beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(() => sink.close());

const input = {
  name: "Giulia Rossi",
  email: "giulia.rossi@example.it",
  subject: "Taglia del reggiseno",
  message: "Buongiorno,\navete il modello Luna in 4 D?\n<b>Grazie</b>",
  ip: "203.0.113.20",
};

describe("a contact message", () => {
  it("is stored with its e-mail to the shop queued, reply-to the sender, and linked to it", async () => {
    const id = await sendContactMessage(db, input);
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(stored).toMatchObject({ name: input.name, email: input.email, subject: input.subject, ip: input.ip });
    expect(stored?.message).toBe(input.message);

    const [email] = await db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.id, stored?.outgoingEmailId ?? -1));
    expect(email).toMatchObject({ toAddress: shop.email, replyTo: input.email, status: "pending" });
    expect(email?.subject).toContain(input.subject);
    expect(email?.textBody).toContain("avete il modello Luna in 4 D?");
    expect(email?.htmlBody).toContain("&lt;b&gt;Grazie&lt;/b&gt;");
  });

  it("reaches the shop after the mail server comes back, never lost", async () => {
    const id = await sendContactMessage(db, { ...input, subject: "Ritiro in negozio" });
    const [stored] = await db.select().from(contactMessages).where(eq(contactMessages.id, id));
    const emailId = stored?.outgoingEmailId ?? -1;
    const transport = smtpTransport(`smtp://127.0.0.1:${sink.port}`, "Vetrina <info@example.it>");

    sink.setFailing(true);
    await deliverAllDueEmails(db, transport);
    sink.setFailing(false);
    const [waiting] = await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, emailId));
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(sink.messages.filter((email) => email.subject.includes("Ritiro in negozio"))).toHaveLength(0);

    // The retry comes due; the next round delivers it.
    await db
      .update(outgoingEmails)
      .set({ nextAttemptAt: new Date(Date.now() - 1000) })
      .where(eq(outgoingEmails.id, emailId));
    await deliverAllDueEmails(db, transport);

    const delivered = sink.messages.filter((email) => email.subject.includes("Ritiro in negozio"));
    expect(delivered).toHaveLength(1);
    expect(delivered[0]).toMatchObject({ to: [shop.email], replyTo: [input.email] });
    expect(delivered[0]?.text).toContain("Giulia Rossi");
    const [sent] = await db.select().from(outgoingEmails).where(eq(outgoingEmails.id, emailId));
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });
});

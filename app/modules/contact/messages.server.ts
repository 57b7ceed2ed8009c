import { eq } from "drizzle-orm";
import { z } from "zod";
import type { Database } from "~/db/client.server";
import { contactMessages } from "~/db/schema";
import { composeEmail } from "~/modules/mail/compose";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { readSettings } from "~/modules/settings/settings.server";
import { CONTACT_LIMITS, contactFormMessages } from "./contact";

// Names and subjects become e-mail text: one line each.
const line = (max: number) =>
  z
    .string()
    .trim()
    .min(1, contactFormMessages.required)
    .max(max, contactFormMessages.tooLong)
    .transform((text) => text.replace(/\s+/g, " "));

/** The form's fields as the server accepts them. */
export const contactMessageSchema = z.object({
  name: line(CONTACT_LIMITS.name),
  email: z
    .string()
    .trim()
    .min(1, contactFormMessages.required)
    .max(CONTACT_LIMITS.email, contactFormMessages.invalidEmail)
    .pipe(z.email(contactFormMessages.invalidEmail)),
  subject: line(CONTACT_LIMITS.subject),
  message: z
    .string()
    .trim()
    .min(1, contactFormMessages.required)
    .max(CONTACT_LIMITS.message, contactFormMessages.tooLong),
});

export type ContactMessageInput = z.infer<typeof contactMessageSchema> & { ip: string };

/**
 * Stores a visitor's message and queues its e-mail to the shop (reply-to the visitor) in one
 * transaction: both exist or neither does, and the mail queue retries until the e-mail is sent.
 */
export async function sendContactMessage(db: Database, input: ContactMessageInput): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ name: input.name, email: input.email, subject: input.subject, message: input.message, ip: input.ip })
      .returning({ id: contactMessages.id });
    const stored = row as { id: number };

    // The address staff keep in 'Impostazioni'.
    const { identity } = await readSettings(tx);
    const emailId = await enqueueEmail(
      tx,
      composeEmail({
        to: identity.email,
        replyTo: input.email,
        subject: `Messaggio dal sito: ${input.subject}`,
        paragraphs: [
          `Nuovo messaggio dal modulo contatti del sito (n. ${stored.id}).`,
          `Da: ${input.name} <${input.email}>`,
          `Oggetto: ${input.subject}`,
          ...input.message.split(/\r?\n/).filter((line) => line.trim() !== ""),
          "Rispondi a questa email per scrivere direttamente al cliente.",
        ],
      }),
    );
    await tx.update(contactMessages).set({ outgoingEmailId: emailId }).where(eq(contactMessages.id, stored.id));
    return stored.id;
  });
}

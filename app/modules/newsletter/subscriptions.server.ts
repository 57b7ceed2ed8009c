import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, ne } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import { newsletterSubscribers, newsletterUnsubscribeTokens } from "~/db/schema";
import { normalizeEmail } from "~/modules/mail/address";
import { composeEmail } from "~/modules/mail/compose";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { shop } from "~/modules/shop/identity";
import { absoluteUrl } from "~/modules/shop/public-url.server";
import { NEWSLETTER_CONSENT_TEXT, type NewsletterSource } from "./newsletter";

/** A pending address asking again gets a fresh confirmation e-mail at most this often. */
export const CONFIRMATION_RESEND_MINUTES = 5;
/** How long a confirmation link works. */
export const CONFIRMATION_VALID_DAYS = 7;

const minuteMs = 60 * 1000;

// Links carry a long random token; the database keeps only its SHA-256, so a leaked table opens nothing.
function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A fresh one-click unsubscribe address for one e-mail to `subscriberId`. Every newsletter e-mail
 * (the confirmation and any later one) gets its own, and all of them keep working.
 */
async function newsletterUnsubscribeUrl(db: Queryable, subscriberId: number): Promise<string> {
  const { token, hash } = newToken();
  await db.insert(newsletterUnsubscribeTokens).values({ subscriberId, tokenHash: hash });
  return absoluteUrl(`/newsletter/disiscriviti?token=${token}`);
}

async function sendConfirmation(db: Queryable, subscriberId: number, email: string, confirmToken: string) {
  await enqueueEmail(
    db,
    composeEmail({
      to: email,
      subject: `Conferma la tua iscrizione alla newsletter di ${shop.name}`,
      paragraphs: [
        "Ciao!",
        `Hai chiesto di ricevere la newsletter di ${shop.name}: novità, consigli di stile e promozioni riservate. Per completare l'iscrizione conferma il tuo indirizzo con il pulsante qui sotto.`,
        `Il link vale ${CONFIRMATION_VALID_DAYS} giorni. Se non hai chiesto tu l'iscrizione, ignora questa email: senza conferma non ti scriveremo più.`,
      ],
      action: { label: "Conferma l'iscrizione", url: absoluteUrl(`/newsletter/conferma?token=${confirmToken}`) },
      unsubscribeUrl: await newsletterUnsubscribeUrl(db, subscriberId),
    }),
  );
}

/**
 * Starts the double opt-in for `email`: the address is stored as pending with the consent given
 * (its text, the visitor's IP, the time) and a confirmation e-mail is queued. The outcome is the same
 * for a new, pending or confirmed address, so the answer reveals nothing about who is subscribed:
 * a confirmed address gets no e-mail, a pending one a fresh confirmation at most every few minutes.
 */
export async function subscribe(
  db: Database,
  { email, ip, source, now = new Date() }: { email: string; ip: string; source: NewsletterSource; now?: Date },
): Promise<void> {
  const address = normalizeEmail(email);
  const consent = { consentText: NEWSLETTER_CONSENT_TEXT, consentIp: ip, consentAt: now, source };
  await db.transaction(async (tx) => {
    const confirm = newToken();
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ email: address, status: "pending", confirmTokenHash: confirm.hash, ...consent })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
      .returning({ id: newsletterSubscribers.id });
    if (created) {
      await sendConfirmation(tx, created.id, address, confirm.token);
      return;
    }

    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address))
      .for("update");
    if (!existing || existing.status === "confirmed") return;
    const resendAfter = existing.consentAt.getTime() + CONFIRMATION_RESEND_MINUTES * minuteMs;
    if (existing.status === "pending" && now.getTime() < resendAfter) return;

    // Pending for a while, or unsubscribed and asking again: a new consent and a new link.
    await tx
      .update(newsletterSubscribers)
      .set({ status: "pending", confirmTokenHash: confirm.hash, confirmedAt: null, unsubscribedAt: null, ...consent })
      .where(eq(newsletterSubscribers.id, existing.id));
    await sendConfirmation(tx, existing.id, address, confirm.token);
  });
}

/** Follows a confirmation link: the pending address becomes a subscriber. A link works once. */
export async function confirmSubscription(db: Queryable, token: string, now = new Date()): Promise<boolean> {
  const oldestValid = new Date(now.getTime() - CONFIRMATION_VALID_DAYS * 24 * 60 * minuteMs);
  const confirmed = await db
    .update(newsletterSubscribers)
    .set({ status: "confirmed", confirmedAt: now, confirmTokenHash: null })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
        eq(newsletterSubscribers.status, "pending"),
        gt(newsletterSubscribers.consentAt, oldestValid),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  return confirmed.length > 0;
}

/**
 * Follows an unsubscribe link: the address gets no more newsletter e-mail (a pending confirmation
 * link stops working too). Following it again is harmless. False when the link is unknown.
 */
export async function unsubscribe(db: Queryable, token: string, now = new Date()): Promise<boolean> {
  const [link] = await db
    .select({ subscriberId: newsletterUnsubscribeTokens.subscriberId })
    .from(newsletterUnsubscribeTokens)
    .where(eq(newsletterUnsubscribeTokens.tokenHash, hashToken(token)));
  if (!link) return false;
  await db
    .update(newsletterSubscribers)
    .set({ status: "unsubscribed", unsubscribedAt: now, confirmTokenHash: null })
    .where(and(eq(newsletterSubscribers.id, link.subscriberId), ne(newsletterSubscribers.status, "unsubscribed")));
  return true;
}

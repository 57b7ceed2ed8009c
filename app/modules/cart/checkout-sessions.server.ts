import { createHash, randomBytes } from "node:crypto";
import { and, eq, lt, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import { config } from "~/config.server";
import type { Queryable } from "~/db/client.server";
import { type CheckoutSession, checkoutSessions } from "~/db/schema";
import type { CheckoutDraft } from "~/modules/checkout/values";
import { cartFromCookie, cartLinesSchema } from "./quote.server";
import type { CartLineRequest } from "./values";

// The server side of a shopper's checkout (design decision 2): the cart the
// browser sent, the first step's form and the discount code, named by a random token in an
// HttpOnly cookie. The table keeps only the token's SHA-256, so a database read gives no cookie.
// A session is "live" while it has not expired and belongs to the visitor: a guest's, or the
// signed-in user's own. Paying needs a live session. It sits with the cart, below orders, whose
// settlement empties it once the order is paid.

export const CHECKOUT_SESSION_DAYS = 7;

const cookie = createCookie("vetrina_checkout", {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  maxAge: CHECKOUT_SESSION_DAYS * 24 * 3600,
});

const cookieOptions = () => ({ secure: config().env === "production" });

const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** The cart a browser posted (JSON in a form field); an unreadable one reads as empty. */
export function parseCartField(value: FormDataEntryValue | null): CartLineRequest[] | null {
  if (typeof value !== "string") return null;
  try {
    const parsed = cartLinesSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

async function tokenOf(cookieHeader: string | null): Promise<string | null> {
  const value: unknown = await cookie.parse(cookieHeader);
  return typeof value === "string" && tokenPattern.test(value) ? value : null;
}

export function isLive(session: CheckoutSession, userId: string | null, now: Date): boolean {
  return session.expiresAt > now && (session.userId === null || session.userId === userId);
}

/** The live checkout session of the request's cookie, or null. */
export async function findCheckoutSession(
  db: Queryable,
  cookieHeader: string | null,
  userId: string | null,
  now: Date,
): Promise<CheckoutSession | null> {
  const token = await tokenOf(cookieHeader);
  if (!token) return null;
  const [session] = await db
    .select()
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, hashToken(token)));
  return session && isLive(session, userId, now) ? session : null;
}

/**
 * The visitor's live session, opened when there is none (a new token, and the Set-Cookie header to
 * give it). Every use keeps it alive for another CHECKOUT_SESSION_DAYS; a guest's session becomes
 * the user's when they log in.
 */
export async function openCheckoutSession(
  db: Queryable,
  cookieHeader: string | null,
  userId: string | null,
  now: Date,
): Promise<{ session: CheckoutSession; setCookie: string | null }> {
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_DAYS * 24 * 3600 * 1000);
  const existing = await findCheckoutSession(db, cookieHeader, userId, now);
  if (existing) {
    const [session] = await db
      .update(checkoutSessions)
      .set({ expiresAt, userId: existing.userId ?? userId })
      .where(eq(checkoutSessions.id, existing.id))
      .returning();
    return { session: session ?? existing, setCookie: null };
  }
  const token = randomBytes(32).toString("base64url");
  const [session] = await db
    .insert(checkoutSessions)
    .values({ id: hashToken(token), userId, expiresAt })
    .returning();
  return {
    session: session as CheckoutSession,
    setCookie: await cookie.serialize(token, cookieOptions()),
  };
}

/**
 * The cart the checkout works on: its session's, else the cart cookie's, so that a checkout opened
 * directly without JavaScript shows the cart as /cart does (the action then opens the session with
 * it). A session's cart, even empty, is the one the browser last sent.
 */
export function checkoutCart(session: CheckoutSession | null, cookieHeader: string | null): CartLineRequest[] {
  return session ? session.cart : (cartFromCookie(cookieHeader)?.lines ?? []);
}

/** The live session, opened with the cart cookie's lines when there is none. */
export async function sessionWithCart(
  db: Queryable,
  cookieHeader: string | null,
  userId: string | null,
  now: Date,
): Promise<{ session: CheckoutSession | null; headers?: HeadersInit }> {
  const session = await findCheckoutSession(db, cookieHeader, userId, now);
  const cart = checkoutCart(session, cookieHeader);
  if (session || cart.length === 0) return { session };
  const opened = await openCheckoutSession(db, cookieHeader, userId, now);
  await saveCheckoutCart(db, opened.session.id, cart);
  return {
    session: { ...opened.session, cart },
    headers: opened.setCookie ? { "Set-Cookie": opened.setCookie } : undefined,
  };
}

export async function saveCheckoutCart(db: Queryable, sessionId: string, cart: CartLineRequest[]): Promise<void> {
  await db.update(checkoutSessions).set({ cart }).where(eq(checkoutSessions.id, sessionId));
}

/**
 * Keeps the first step's form. Not in a session whose order was placed meanwhile (its cart emptied):
 * a second press of 'Conferma Prenotazione' must not write back the form the order cleared.
 */
export async function saveCheckoutDraft(db: Queryable, sessionId: string, draft: CheckoutDraft): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ draft })
    .where(and(eq(checkoutSessions.id, sessionId), sql`${checkoutSessions.cart} <> '[]'::jsonb`));
}

export async function saveCouponCode(db: Queryable, sessionId: string, code: string | null): Promise<void> {
  await db.update(checkoutSessions).set({ couponCode: code }).where(eq(checkoutSessions.id, sessionId));
}

/** After an order is paid or reserved: the cart, the form and the code are done with. */
export async function clearCheckoutSession(db: Queryable, sessionId: string): Promise<void> {
  await db
    .update(checkoutSessions)
    .set({ cart: sql`'[]'::jsonb`, draft: null, couponCode: null })
    .where(eq(checkoutSessions.id, sessionId));
}

/** Removes sessions that expired; their orders keep the id, which then names no session. */
export async function deleteExpiredCheckoutSessions(db: Queryable, now: Date): Promise<number> {
  const deleted = await db
    .delete(checkoutSessions)
    .where(lt(checkoutSessions.expiresAt, now))
    .returning({ id: checkoutSessions.id });
  return deleted.length;
}

/** The session id (hash) behind the request's cookie, live or not: who placed an order, for /checkout-success. */
export async function checkoutSessionIdOf(cookieHeader: string | null): Promise<string | null> {
  const token = await tokenOf(cookieHeader);
  return token ? hashToken(token) : null;
}

import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import {
  accounts,
  blogComments,
  blogPosts,
  blogRatings,
  contactMessages,
  newsletterSubscribers,
  orderItems,
  orders,
  products,
  reviews,
  sessions,
  twoFactors,
  userProfiles,
  users,
  verifications,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import { voterKey } from "~/modules/blog/visitor.server";
import type { RateLimit } from "~/modules/security/rate-limit.server";
import { verifyPassword } from "./password.server";

// The customer's own data (GDPR art. 15 and 20) and the erasure of their account (art. 17).
// Everything is looked up by the account's id or its own e-mail address; secrets (password hash,
// session tokens, second-factor secrets, link tokens) never leave the database.

/** Shown instead of a deleted customer's name on their reviews and comments. */
export const deletedUserName = "Utente eliminato";

export const deletionMessages = {
  wrongPassword: "La password non è corretta.",
  adminRefused: "Un account amministratore non può essere eliminato da qui: chiedi a un altro amministratore di farlo.",
  notFound: "Account non trovato.",
} as const;

/** Everything the shop holds about one account, as the customer downloads it. */
export async function exportPersonalData(db: Database, userId: string, now = new Date()) {
  const [user] = await db
    .select({
      email: users.email,
      name: users.name,
      emailVerified: users.emailVerified,
      twoFactorEnabled: users.twoFactorEnabled,
      createdAt: users.createdAt,
      profile: userProfiles,
    })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .where(eq(users.id, userId));
  if (!user) return null;
  const email = user.email.toLowerCase();

  const [activeSessions, ownOrders, ownReviews, comments, ratings, newsletter, messages, withdrawals] =
    await Promise.all([
      db
        .select({
          createdAt: sessions.createdAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId))
        .orderBy(asc(sessions.createdAt)),
      db.query.orders.findMany({
        where: eq(orders.userId, userId),
        orderBy: asc(orders.createdAt),
        columns: {
          id: true,
          createdAt: true,
          email: true,
          status: true,
          paymentStatus: true,
          deliveryMethod: true,
          shippingAddress: true,
          subtotalCents: true,
          discounts: true,
          discountCents: true,
          shippingCostCents: true,
          totalCents: true,
          couponCode: true,
          shippingCarrier: true,
          shippingTracking: true,
        },
        with: {
          items: {
            columns: {
              productName: true,
              size: true,
              color: true,
              quantity: true,
              unitPriceCents: true,
              discountCents: true,
            },
            orderBy: asc(orderItems.id),
          },
        },
      }),
      db
        .select({
          product: products.name,
          productId: reviews.productId,
          author: reviews.author,
          rating: reviews.rating,
          content: reviews.content,
          createdAt: reviews.createdAt,
        })
        .from(reviews)
        .innerJoin(products, eq(products.id, reviews.productId))
        .where(eq(reviews.userId, userId))
        .orderBy(asc(reviews.createdAt)),
      db
        .select({
          post: blogPosts.slug,
          author: blogComments.author,
          content: blogComments.content,
          createdAt: blogComments.createdAt,
        })
        .from(blogComments)
        .innerJoin(blogPosts, eq(blogPosts.id, blogComments.postId))
        .where(eq(blogComments.userId, userId))
        .orderBy(asc(blogComments.createdAt)),
      db
        .select({ post: blogPosts.slug, rating: blogRatings.rating, updatedAt: blogRatings.updatedAt })
        .from(blogRatings)
        .innerJoin(blogPosts, eq(blogPosts.id, blogRatings.postId))
        .where(eq(blogRatings.voterKey, voterKey({ userId })))
        .orderBy(asc(blogRatings.createdAt)),
      db
        .select({
          email: newsletterSubscribers.email,
          status: newsletterSubscribers.status,
          source: newsletterSubscribers.source,
          consentText: newsletterSubscribers.consentText,
          consentIp: newsletterSubscribers.consentIp,
          consentAt: newsletterSubscribers.consentAt,
          confirmedAt: newsletterSubscribers.confirmedAt,
          unsubscribedAt: newsletterSubscribers.unsubscribedAt,
        })
        .from(newsletterSubscribers)
        .where(eq(newsletterSubscribers.email, email)),
      db
        .select({
          name: contactMessages.name,
          email: contactMessages.email,
          subject: contactMessages.subject,
          message: contactMessages.message,
          ip: contactMessages.ip,
          createdAt: contactMessages.createdAt,
        })
        .from(contactMessages)
        .where(sql`lower(${contactMessages.email}) = ${email}`)
        .orderBy(asc(contactMessages.createdAt)),
      db.query.withdrawalRequests.findMany({
        where: eq(withdrawalRequests.userId, userId),
        orderBy: asc(withdrawalRequests.createdAt),
        columns: {
          orderId: true,
          name: true,
          email: true,
          wholeOrder: true,
          state: true,
          refundedCents: true,
          createdAt: true,
        },
        with: {
          items: {
            columns: { quantity: true, decision: true, refusalReason: true },
            with: { orderItem: { columns: { productName: true, size: true, color: true } } },
            orderBy: asc(withdrawalItems.id),
          },
        },
      }),
    ]);

  const profile = user.profile;
  return {
    exportedAt: now.toISOString(),
    account: {
      email: user.email,
      name: user.name,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      role: profile?.role ?? "customer",
      termsAccepted: profile?.termsAccepted ?? false,
      privacyAccepted: profile?.privacyAccepted ?? false,
    },
    profile: {
      firstName: profile?.firstName ?? null,
      lastName: profile?.lastName ?? null,
      phone: profile?.phone ?? null,
      address: profile?.address ?? null,
      city: profile?.city ?? null,
      postalCode: profile?.postalCode ?? null,
      province: profile?.province ?? null,
      country: profile?.country ?? null,
      dateOfBirth: profile?.dateOfBirth ?? null,
    },
    /** Every shipping address the customer's orders used, each once. */
    addresses: [
      ...new Map(ownOrders.map((order) => [JSON.stringify(order.shippingAddress), order.shippingAddress])).values(),
    ],
    sessions: activeSessions,
    orders: ownOrders,
    reviews: ownReviews,
    blogComments: comments,
    blogRatings: ratings,
    newsletter,
    contactMessages: messages,
    withdrawalRequests: withdrawals,
  };
}

export type DeletionResult = { ok: true } | { ok: false; reason: keyof typeof deletionMessages };

/**
 * Erases the account of `userId` once `password` is its own: in one transaction, the user, profile,
 * login, sessions (its cookie stops working at once), second factor and pending links go; reviews,
 * comments and blog votes stay without anything naming the customer; the newsletter subscription and
 * contact messages of the address go. Orders stay (tax law keeps them 10 years) with no account.
 * An admin cannot erase their own account this way.
 */
export async function deleteAccount(db: Database, userId: string, password: string): Promise<DeletionResult> {
  const [user] = await db
    .select({ email: users.email, role: userProfiles.role, passwordHash: accounts.password })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.id, users.id))
    .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, "credential")))
    .where(eq(users.id, userId));
  if (!user) return { ok: false, reason: "notFound" };
  if (user.role === "admin") return { ok: false, reason: "adminRefused" };
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, password))) {
    return { ok: false, reason: "wrongPassword" };
  }
  const email = user.email.toLowerCase();

  await db.transaction(async (tx) => {
    await tx.update(reviews).set({ author: deletedUserName, userId: null }).where(eq(reviews.userId, userId));
    await tx.update(blogComments).set({ author: deletedUserName, userId: null }).where(eq(blogComments.userId, userId));
    // A vote keeps counting in the average, under a random key that leads back to no one.
    await tx
      .update(blogRatings)
      .set({ voterKey: sql`'deleted:' || gen_random_uuid()` })
      .where(eq(blogRatings.voterKey, voterKey({ userId })));
    await tx.delete(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    // Reset links hold the user id as their value (their identifier is hashed).
    await tx.delete(verifications).where(eq(verifications.value, userId));
    // The foreign key would do it too; said here so that nobody wonders where the link went.
    await tx.update(orders).set({ userId: null, updatedAt: new Date() }).where(eq(orders.userId, userId));
    await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(userProfiles).where(eq(userProfiles.id, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  return { ok: true };
}

/** Password attempts at deleting an account, per account: a stolen session cannot guess on and on. */
export const deletionLimit = { name: "account-deletion", points: 10, durationSeconds: 15 * 60 } satisfies RateLimit;

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import {
  accounts,
  blogPosts,
  blogRatings,
  contactMessages,
  newsletterSubscribers,
  orderItems,
  orders,
  reviews,
  sessions,
  twoFactors,
  userProfiles,
  users,
  verifications,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import { addComment, findArticle, ratePost } from "~/modules/blog/posts.server";
import { voterKey } from "~/modules/blog/visitor.server";
import { getProductDetails } from "~/modules/catalog/product-details.server";
import { addReview } from "~/modules/catalog/reviews.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import {
  createTestVariant,
  deleteTestVariants,
  insertOrder,
  testPassword,
  uniqueEmail,
} from "../../../tests/support/fixtures";
import { deleteAccount, deletedUserName, exportPersonalData } from "./personal-data.server";
import { createConfirmedUser } from "./provisioning.server";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();

let productId: number;
const postSlug = `dati-personali-${Date.now()}`;

/** A customer who left a trace everywhere: an order, a withdrawal, a review, a comment, a vote, a subscription, a message. */
async function activeCustomer(name: string) {
  const email = uniqueEmail("dati");
  const userId = await createConfirmedUser(db, { email, password: testPassword, name, role: "customer" });
  await db
    .update(userProfiles)
    .set({ phone: "333 1234567", address: `Via ${name} 1` })
    .where(eq(userProfiles.id, userId));
  const orderId = await insertOrder(db, userId, {
    email,
    shippingAddress: {
      name,
      address: `Via ${name} 1`,
      city: "Fossano",
      postalCode: "12045",
      country: "Italia",
      phone: "333 1234567",
      email,
    },
  });
  const [line] = await db.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.orderId, orderId));
  const [withdrawal] = await db
    .insert(withdrawalRequests)
    .values({ orderId, userId, name, email, wholeOrder: false })
    .returning({ id: withdrawalRequests.id });
  await db
    .insert(withdrawalItems)
    .values({ requestId: (withdrawal as { id: string }).id, orderItemId: (line as { id: number }).id, quantity: 1 });
  const review = await addReview(db, { productId, author: name, rating: 5, content: `Recensione di ${name}` }, userId);
  await addComment(db, { slug: postSlug, author: name, content: `Commento di ${name}`, userId });
  await ratePost(db, { slug: postSlug, voterKey: voterKey({ userId }), rating: 4 });
  await db.insert(newsletterSubscribers).values({
    email,
    status: "confirmed",
    consentText: "Voglio ricevere la newsletter",
    consentAt: new Date(),
  });
  await db
    .insert(contactMessages)
    .values({ name, email: email.toUpperCase(), subject: "Taglie", message: `Messaggio di ${name}` });
  return { email, userId, orderId, reviewId: review.ok ? review.reviewId : 0 };
}

/** Opens a session of `email`, as a login does: the export lists it, the deletion ends it. */
async function openSession(userId: string) {
  await db.insert(sessions).values({
    id: `sessione-${userId}`,
    token: `token-${userId}`,
    userId,
    expiresAt: new Date(Date.now() + 3_600_000),
    ipAddress: "192.0.2.31",
  });
}

beforeAll(async () => {
  productId = (await createTestVariant(db, { name: "Slip dei dati" })).productId;
  await db.insert(blogPosts).values({
    slug: postSlug,
    title: "Articolo dei dati",
    excerpt: "Prova",
    contentHtml: "<p>Prova</p>",
    publishedAt: new Date(),
    author: "Redazione",
    category: "Prove",
  });
});

afterAll(async () => {
  await db.delete(blogPosts).where(eq(blogPosts.slug, postSlug));
  await deleteTestVariants(db);
});

describe("the export of one's data", () => {
  it("holds everything about the customer and nothing about anyone else, no secret", async () => {
    const anna = await activeCustomer("Anna");
    const bruno = await activeCustomer("Bruno");
    await openSession(anna.userId);

    const exported = await exportPersonalData(db, anna.userId);
    expect(exported?.account.email).toBe(anna.email);
    expect(exported?.profile).toMatchObject({ firstName: "Anna", phone: "333 1234567", address: "Via Anna 1" });
    expect(exported?.addresses).toEqual([expect.objectContaining({ address: "Via Anna 1", email: anna.email })]);
    expect(exported?.orders).toEqual([
      expect.objectContaining({
        id: anna.orderId,
        status: "processing",
        paymentStatus: "paid",
        totalCents: 5790,
        items: [
          expect.objectContaining({ productName: "Pigiama in cotone", quantity: 2, unitPriceCents: 2000 }),
          expect.objectContaining({ productName: "Calze", quantity: 1 }),
        ],
      }),
    ]);
    expect(exported?.reviews).toEqual([expect.objectContaining({ content: "Recensione di Anna", rating: 5 })]);
    expect(exported?.blogComments).toEqual([expect.objectContaining({ post: postSlug, content: "Commento di Anna" })]);
    expect(exported?.blogRatings).toEqual([expect.objectContaining({ post: postSlug, rating: 4 })]);
    expect(exported?.newsletter).toEqual([expect.objectContaining({ email: anna.email, status: "confirmed" })]);
    expect(exported?.contactMessages).toEqual([expect.objectContaining({ message: "Messaggio di Anna" })]);
    expect(exported?.withdrawalRequests).toEqual([
      expect.objectContaining({ orderId: anna.orderId, items: [expect.objectContaining({ quantity: 1 })] }),
    ]);
    expect(exported?.sessions).toHaveLength(1);

    const text = JSON.stringify(exported);
    expect(text).not.toContain(bruno.email);
    expect(text).not.toContain("Bruno");
    const [credential] = await db.select().from(accounts).where(eq(accounts.userId, anna.userId));
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, anna.userId));
    expect(text).not.toContain(credential?.password ?? "missing");
    expect(text).not.toContain(session?.token ?? "missing");
    expect(text).not.toMatch(/argon2|token|secret/i);
  });
});

describe("the deletion of one's account", () => {
  it("erases the person, keeps the orders and leaves their reviews and comments nameless", async () => {
    const anna = await activeCustomer("Daria");
    const bruno = await activeCustomer("Ettore");
    await openSession(anna.userId);
    await db.insert(verifications).values({
      id: `verifica-${anna.userId}`,
      identifier: "reset-password:hash",
      value: anna.userId,
      expiresAt: new Date(Date.now() + 3_600_000),
    });

    expect(await deleteAccount(db, anna.userId, "Sbagliata#1")).toEqual({ ok: false, reason: "wrongPassword" });
    expect(await db.select().from(users).where(eq(users.id, anna.userId))).toHaveLength(1);

    expect(await deleteAccount(db, anna.userId, testPassword)).toEqual({ ok: true });
    expect(await db.select().from(users).where(eq(users.id, anna.userId))).toHaveLength(0);
    expect(await db.select().from(accounts).where(eq(accounts.userId, anna.userId))).toHaveLength(0);
    expect(await db.select().from(sessions).where(eq(sessions.userId, anna.userId))).toHaveLength(0);
    expect(await db.select().from(twoFactors).where(eq(twoFactors.userId, anna.userId))).toHaveLength(0);
    expect(await db.select().from(userProfiles).where(eq(userProfiles.id, anna.userId))).toHaveLength(0);
    expect(await db.select().from(verifications).where(eq(verifications.value, anna.userId))).toHaveLength(0);
    expect(await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, anna.email))).toEqual(
      [],
    );
    expect(await db.select().from(contactMessages).where(eq(contactMessages.message, "Messaggio di Daria"))).toEqual(
      [],
    );

    // The order stays for the accounts, with its address, but belongs to no account.
    const [order] = await db.select().from(orders).where(eq(orders.id, anna.orderId));
    expect(order?.userId).toBeNull();
    expect(order?.shippingAddress.name).toBe("Daria");
    const [withdrawal] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, anna.orderId));
    expect(withdrawal?.userId).toBeNull();

    const [review] = await db.select().from(reviews).where(eq(reviews.id, anna.reviewId));
    expect(review).toMatchObject({ author: deletedUserName, userId: null, content: "Recensione di Daria" });
    const product = await getProductDetails(db, productId);
    const shownAuthors = product?.reviews.map((shown) => shown.author);
    expect(shownAuthors).toContain(deletedUserName);
    expect(shownAuthors).toContain("Ettore");
    expect(shownAuthors).not.toContain("Daria");
    const article = await findArticle(db, postSlug);
    expect(article?.comments.map((comment) => comment.author)).not.toContain("Daria");
    expect(article?.comments.find((comment) => comment.content === "Commento di Daria")?.author).toBe(deletedUserName);
    // Both votes still count; none is the deleted customer's any more.
    expect(article?.ratingCount).toBeGreaterThanOrEqual(2);
    expect(
      await db
        .select()
        .from(blogRatings)
        .where(eq(blogRatings.voterKey, voterKey(anna))),
    ).toEqual([]);

    // The other customer lost nothing.
    expect(await exportPersonalData(db, bruno.userId)).toMatchObject({
      reviews: [expect.objectContaining({ author: "Ettore" })],
      newsletter: [expect.objectContaining({ email: bruno.email })],
    });
  });

  it("is refused to an admin", async () => {
    const email = uniqueEmail("admin-dati");
    const userId = await createConfirmedUser(db, { email, password: testPassword, name: "Ada Admin", role: "admin" });
    expect(await deleteAccount(db, userId, testPassword)).toEqual({ ok: false, reason: "adminRefused" });
    expect(await db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
  });
});

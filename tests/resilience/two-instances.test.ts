import { randomBytes } from "node:crypto";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase, type Database, disconnectDatabase } from "../../app/db/client.server";
import { contactMessages, orderItems, orders, outgoingEmails, productImages, scheduledJobs } from "../../app/db/schema";
import { createConfirmedUser } from "../../app/modules/accounts/provisioning.server";
import { tooManyRequestsMessage } from "../../app/modules/security/rate-limit.server";
import { RESERVATION_HOLD_DAYS } from "../../app/modules/shop/constants";
import { createTestVariant, stockOf, testPassword, uniqueEmail } from "../support/fixtures";
import { enrolSecondFactor, totpCode } from "../support/second-factor";
import { type ReceivedEmail, startSmtpSink } from "../support/smtp-sink";
import { testImage } from "../support/test-images";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { startTestPostgres, type TestPostgres } from "./support/database";
import { type RoundRobinProxy, startRoundRobinProxy } from "./support/round-robin-proxy";
import { hiddenField, Visitor } from "./support/visitor";
import { pause } from "./support/waiting";

// Two instances of the built shop on one PostgreSQL, behind a round-robin proxy, driven over real
// HTTP as browsers would: what one instance does, the other sees, and nothing happens twice.

const authSecret = randomBytes(32).toString("base64");
let database: TestPostgres;
let db: Database;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let instances: AppInstance[] = [];
let proxy: RoundRobinProxy;
let lastIp = 0;

/** A visitor from an address no other test uses, so the per-IP limits of one test leave the others alone. */
const newVisitor = () => new Visitor(proxy.url, `198.51.100.${++lastIp}`);

async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await check();
    if (value) return value;
    await pause(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * The checkout up to its last step, as a shopper without JavaScript goes: the line into the cart (the
 * checkout session), then the checkout page, which shows it. Gives the fields of the form that
 * confirms it as a pick-up reservation.
 */
async function openReservation(
  visitor: Visitor,
  line: { id: number; size: string; color: string; quantity: number },
  email: string,
): Promise<Record<string, string>> {
  const cart = await visitor.post("/checkout", { intent: "cart", cart: JSON.stringify([line]), next: "/checkout" });
  if (cart.status !== 302) throw new Error(`the cart was not saved: ${cart.status}`);
  const seen = hiddenField(await (await visitor.get("/checkout")).text(), "seen");
  const information = await visitor.post("/checkout", {
    seen,
    intent: "information",
    deliveryMethod: "pickup_and_pay",
    name: "Nora Gatti",
    email,
    phone: "+39 333 123 4567",
  });
  if (information.headers.get("location") !== summaryPath) throw new Error(`no summary: ${information.status}`);
  const summary = await (await visitor.get(summaryPath)).text();
  return { intent: "place", seen: hiddenField(summary, "seen") };
}

/** Where a reservation is confirmed ('Conferma Prenotazione'), after its summary. */
const summaryPath = "/checkout?passo=pagamento";

const mailTo = (address: string) => sink.messages.filter((message: ReceivedEmail) => message.to.includes(address));

beforeAll(async () => {
  database = await startTestPostgres();
  sink = await startSmtpSink();
  // The shop's public address is the proxy's: it listens first, and learns its backends once they are up.
  proxy = await startRoundRobinProxy();
  const shared = { databaseUrl: database.url, dataDir: path.join(database.workDir, "data"), authSecret };
  const env = {
    PUBLIC_URL: proxy.url,
    TRUST_PROXY: "loopback",
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    // A due job is picked up within a second instead of ten.
    JOBS_TICK_SECONDS: "1",
    // A stopping instance keeps its port open that long, answering /readyz with 503.
    SHUTDOWN_DRAIN_SECONDS: "2",
  };
  // The first start loads the demo data; the second finds it there (starting together: first-start.test.ts).
  instances = [await startAppInstance({ ...shared, env })];
  instances.push(await startAppInstance({ ...shared, env }));
  proxy.setBackends(instances.map((instance) => instance.url));
  db = connectDatabase(database.url, 4).db;
});

afterAll(async () => {
  await proxy?.close();
  await Promise.all(instances.map((instance) => instance.stop()));
  await disconnectDatabase();
  await sink?.close();
  await database?.destroy();
});

describe("two app instances on one PostgreSQL behind a proxy", () => {
  it("both serve the same catalogue", async () => {
    const pages = await Promise.all([fetch(`${proxy.url}/shop`), fetch(`${proxy.url}/shop`)]);
    for (const page of pages) {
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("prodotti");
    }
    expect(proxy.counts).toEqual([1, 1]);
  });

  it("share sessions: a customer signed in on one is signed in on the other, and signed out on both", async () => {
    const email = uniqueEmail("cliente");
    await createConfirmedUser(db, { email, password: testPassword, name: "Giulia Ferri", role: "customer" });
    const customer = newVisitor();

    const login = await customer.post(
      "/auth",
      { intent: "login", email, password: testPassword, redirectTo: "/profile" },
      { via: 0 },
    );
    expect(login.status).toBe(302);
    expect(login.headers.get("location")).toBe("/profile");
    const profile = await customer.get("/profile", { via: 1 });
    expect(profile.status).toBe(200);
    expect(await profile.text()).toContain("Giulia");

    const logout = await customer.post("/logout", { redirectTo: "/" }, { via: 1 });
    expect(logout.status).toBe(302);
    expect(await (await customer.get("/profile", { via: 0 })).text()).not.toContain("Giulia");
  });

  it("share rate limits: the sixth contact message in an hour is refused whichever instance answers", async () => {
    const visitor = newVisitor();
    const before = [...proxy.counts];
    const statuses: number[] = [];
    let refusal = "";
    for (let attempt = 1; attempt <= 6; attempt++) {
      const answer = await visitor.post("/contact", {
        name: "Marta Bassi",
        email: "marta.bassi@example.it",
        subject: `Limiti condivisi ${attempt}`,
        message: "Avete la taglia 44?",
        website: "",
      });
      statuses.push(answer.status);
      if (answer.status === 429) refusal = await answer.text();
      else await answer.body?.cancel();
    }
    // Attempts alternated between the instances, and they counted together: 5 allowed, then refused.
    expect(proxy.counts.map((count, index) => count - (before[index] ?? 0))).toEqual([3, 3]);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refusal).toContain(tooManyRequestsMessage);
    expect(await db.$count(contactMessages, eq(contactMessages.ip, visitor.ip))).toBe(5);
  });

  it("send each e-mail once: eight contact messages through both instances, eight e-mails", async () => {
    const subject = `Una e-mail sola ${Date.now()}`;
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        newVisitor().post("/contact", {
          name: "Paolo Riva",
          email: "paolo.riva@example.it",
          subject: `${subject} n. ${index}`,
          message: "Vorrei sapere gli orari di sabato.",
          website: "",
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    const received = () => sink.messages.filter((message) => message.subject.includes(subject));
    await eventually(async () => received().length >= 8, "eight e-mails");
    // Both mail workers heard of every e-mail; a second copy would arrive right after the first.
    await pause(1500);
    const subjects = received().map((message) => message.subject);
    expect(subjects).toHaveLength(8);
    expect(new Set(subjects).size).toBe(8);
    const rows = await db
      .select({ status: outgoingEmails.status, attempts: outgoingEmails.attempts })
      .from(outgoingEmails)
      .where(sql`${outgoingEmails.subject} LIKE ${`%${subject}%`}`);
    expect(rows).toEqual(Array(8).fill({ status: "sent", attempts: 1 }));
  });

  it("never sell more than the stock: 16 shoppers for the last 3 pieces, spread over both instances", async () => {
    const scarce = await createTestVariant(db, { priceCents: 3500, stock: 3, name: "Vestaglia Nora" });
    const shoppers = Array.from({ length: 16 }, () => ({ visitor: newVisitor(), email: uniqueEmail("nora") }));
    // Each opens the checkout while the piece shows in stock; then all confirm at once.
    const forms: Record<string, string>[] = [];
    for (const { visitor, email } of shoppers) forms.push(await openReservation(visitor, scarce.line(1), email));
    const before = [...proxy.counts];
    const answers = await Promise.all(
      shoppers.map(async ({ visitor }, index) => {
        const answer = await visitor.post(summaryPath, forms[index] as Record<string, string>);
        return { status: answer.status, location: answer.headers.get("location"), page: await answer.text() };
      }),
    );
    expect(proxy.counts.map((count, index) => count - (before[index] ?? 0))).toEqual([8, 8]);

    const placed = answers.filter((answer) => answer.status === 302);
    const refused = answers.filter((answer) => answer.status !== 302);
    expect(placed).toHaveLength(3);
    for (const answer of placed) expect(answer.location).toMatch(/^\/checkout-success\?order_id=.+&reservation=true$/);
    for (const answer of refused) {
      expect(answer.status).toBe(409);
      expect(answer.page).toContain("Impossibile completare la prenotazione.");
      expect(answer.page).toMatch(/«Vestaglia Nora»[^<]*(esaurito|rimasti solo|restano solo)/);
    }
    expect(await stockOf(db, scarce.variantId)).toBe(0);
    const sold = await db
      .select({ id: orders.id, email: orders.email, status: orders.status, quantity: orderItems.quantity })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(eq(orderItems.variantId, scarce.variantId));
    expect(sold.map((order) => [order.status, order.quantity])).toEqual(Array(3).fill(["reserved", 1]));
    // Each reservation's confirmation arrives once, to its buyer.
    for (const { email } of sold) {
      await eventually(async () => mailTo(email).length > 0, `the confirmation to ${email}`);
    }
    await pause(1000);
    for (const { email } of sold) expect(mailTo(email).map((message) => message.subject)).toHaveLength(1);
  });

  it("run each due scheduled job once, though both instances look for due jobs every second", async () => {
    // A reservation left uncollected past its days: the hourly job ends it and tells the customer.
    const kimono = await createTestVariant(db, { priceCents: 4200, stock: 2, name: "Kimono Elsa" });
    const shopper = newVisitor();
    const email = uniqueEmail("elsa");
    const reserved = await shopper.post(summaryPath, await openReservation(shopper, kimono.line(1), email));
    expect(reserved.status).toBe(302);
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.email, email));
    const orderId = order?.id ?? "";
    await db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - (RESERVATION_HOLD_DAYS + 1) * 24 * 3600_000) })
      .where(eq(orders.id, orderId));
    const logged = instances.map((instance) => instance.output().length);
    await db
      .update(scheduledJobs)
      .set({ nextRunAt: new Date(Date.now() - 1000) })
      .where(eq(scheduledJobs.name, "reservation-lapse"));

    await eventually(
      async () => (await db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status === "cancelled",
      "the lapsed reservation to end",
    );
    await eventually(async () => mailTo(email).length === 2, "the lapse e-mail");
    // Several more ticks of both instances: the job is not due again for an hour.
    await pause(3000);
    const runs = instances
      .map((instance, index) => instance.output().slice(logged[index]))
      .join("")
      .split("\n")
      .filter((line) => line.includes('"job":"reservation-lapse"') && line.includes("scheduled job ran"));
    expect(runs).toHaveLength(1);
    const [job] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, "reservation-lapse"));
    expect(job?.lastError).toBeNull();
    expect(job?.nextRunAt.getTime()).toBeGreaterThan(Date.now() + 3500_000);
    expect(await stockOf(db, kimono.variantId)).toBe(2);
    expect(mailTo(email).map((message) => message.subject)).toEqual([
      expect.stringMatching(/^Prenotazione confermata/),
      expect.stringMatching(/^Prenotazione .* scaduta/),
    ]);
  });

  it("share an admin's session and the images staff upload on one instance with the other", async () => {
    const [, second] = instances as [AppInstance, AppInstance];
    const email = uniqueEmail("admin");
    const adminId = await createConfirmedUser(db, { email, password: testPassword, name: "Ada Admin", role: "admin" });
    const { secret } = await enrolSecondFactor(db, adminId, authSecret);
    const admin = newVisitor();

    // Password on one instance, the authenticator's code on the other, the admin area on the first.
    const login = await admin.post(
      "/auth",
      { intent: "login", email, password: testPassword, redirectTo: "/admin/products" },
      { via: 0 },
    );
    expect(login.status).toBe(302);
    const secondStep = login.headers.get("location") ?? "";
    expect(secondStep).toMatch(/^\/auth\/codice/);
    const verified = await admin.post(
      secondStep,
      { intent: "totp", code: totpCode(secret), redirectTo: "/admin/products" },
      { via: 1 },
    );
    expect(verified.status).toBe(302);
    expect(verified.headers.get("location")).toBe("/admin/products");
    const products = await admin.get("/admin/products", { via: 0 });
    expect(products.status).toBe(200);
    expect(await products.text()).toContain("Vestaglia Nora");

    // An image uploaded through the first instance is served by the second.
    const product = await createTestVariant(db, { name: "Pigiama Lia", subcategory: "pigiama" });
    const upload = new FormData();
    upload.set("intent", "upload");
    upload.set("alt", "Pigiama Lia, davanti");
    const png = await testImage("png", { width: 640, height: 800 });
    upload.append("images", new Blob([new Uint8Array(png)], { type: "image/png" }), "lia.png");
    const uploaded = await admin.post(`/admin/products/${product.productId}/immagini`, upload, { via: 0 });
    expect(uploaded.status).toBe(200);
    const [image] = await db.select().from(productImages).where(eq(productImages.productId, product.productId));
    expect(image).toBeDefined();
    const original = await fetch(new URL(image?.path ?? "", second.url));
    expect(original.status).toBe(200);
    expect(original.headers.get("content-type")).toMatch(/^image\//);
    const page = await (await fetch(`${second.url}/product/${product.productId}`)).text();
    const rendition = page.match(/\/images\/[^"\s]+/)?.[0];
    expect(rendition).toBeDefined();
    const served = await fetch(new URL((rendition as string).replaceAll("&amp;", "&"), second.url));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\//);
  });
});

describe("stopping an instance under load (SIGTERM)", () => {
  // Last in the file: the first instance does not come back.
  it("finishes every request it accepted, exits cleanly, and the proxy sends the rest to the other", async () => {
    const [first] = instances as [AppInstance, AppInstance];
    const vest = await createTestVariant(db, { priceCents: 1900, stock: 10, name: "Canottiera Ivo" });
    const buyers = [newVisitor(), newVisitor()];
    const forms: Record<string, string>[] = [];
    for (const buyer of buyers) forms.push(await openReservation(buyer, vest.line(1), uniqueEmail("ivo")));
    const whole = async (response: Promise<Response>) => {
      const answer = await response;
      const text = await answer.text();
      return { status: answer.status, location: answer.headers.get("location"), text, finishedAt: Date.now() };
    };

    // Whole catalogue pages, many at once, straight to the first instance, and two reservations to it.
    // Each page is rendered for its request, as a signed-in customer's is: a cookie the guest page
    // cache does not know keeps it from answering them from memory at once.
    const rendered = { headers: { cookie: "anteprima=1" } };
    const pages = Array.from({ length: 24 }, (_, index) =>
      whole(fetch(`${first.url}/shop?page=${(index % 3) + 1}`, rendered)),
    );
    const reservations = buyers.map((buyer, index) =>
      whole(buyer.post(summaryPath, forms[index] as Record<string, string>, { via: 0 })),
    );
    // Once it is busy answering them, it is told to stop, and visitors keep coming through the proxy.
    await Promise.race(pages);
    const stopping = Date.now();
    const exited = first.stop("SIGTERM");
    const later = Array.from({ length: 24 }, (_, index) =>
      pause(index * 150).then(() => whole(fetch(`${proxy.url}/shop`))),
    );
    // While it drains, it tells a proxy that checks readiness not to send it more.
    let readiness = 200;
    while (readiness === 200) {
      readiness = await fetch(`${first.url}/readyz`).then(
        (answer) => answer.status,
        () => 0,
      );
      await pause(100);
    }
    expect(readiness).toBe(503);

    const code = await exited;
    expect(code).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(15_000);
    // Most pages were still being rendered when the signal came.
    expect((await Promise.all(pages)).filter((page) => page.finishedAt > stopping).length).toBeGreaterThan(10);
    // New visitors found the first instance gone and were sent to the other.
    await Promise.all(later);
    expect(proxy.retries).toBeGreaterThan(0);
    for (const page of [...(await Promise.all(pages)), ...(await Promise.all(later))]) {
      expect(page.status, page.text.slice(0, 200)).toBe(200);
      expect(page.text).toContain("prodotti");
      expect(page.text.trimEnd()).toMatch(/<\/html>$/);
    }
    for (const reservation of await Promise.all(reservations)) {
      expect(reservation.status).toBe(302);
      expect(reservation.location).toMatch(/^\/checkout-success\?order_id=/);
    }
    expect(await stockOf(db, vest.variantId)).toBe(8);

    // It stopped its jobs, mail worker and database pool in order, cutting nothing.
    const log = first.output().slice(first.output().indexOf('"msg":"shutting down"'));
    expect(log).toContain('"msg":"stopped"');
    expect(log).not.toContain("connections are cut");
    expect(log.split("\n").filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
    // The other instance carries on.
    expect((await fetch(`${proxy.url}/readyz`)).status).toBe(200);
  });
});

// What the shop does when what it depends on goes away, as it runs in production: the built app as
// its own process, on a PostgreSQL this test stops and starts, with an SMTP server that is not there
// at first, and Stripe played by a fake Stripe on localhost. One app for the three faults (an app
// and its database take a good half-minute to start on a small machine), in order: the mail server
// away during 100 checkouts, the database restarted under load, a payment webhook while the
// database is down. The shop's own log is checked last for request ids and personal data.
import { randomBytes } from "node:crypto";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RECONCILE_AFTER_MINUTES } from "../../app/modules/orders/payment-sessions.server";
import { freePort } from "../../server/free-port";
import { FakeStripe } from "../support/fake-stripe";
import { startSmtpSink } from "../support/smtp-sink";
import { type AppInstance, startAppInstance } from "./support/app-instance";
import { placeForPayment } from "./support/checkout";
import { startTestPostgres, type TestPostgres } from "./support/database";
import { Visitor } from "./support/visitor";
import { until } from "./support/waiting";

const outageTitle = "Il negozio è momentaneamente non disponibile";

let database: TestPostgres;
let app: AppInstance;
let stripe: FakeStripe;
let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
let smtpPort: number;
let sql: pg.Pool | undefined;
/** The variant every shopper buys, with stock enough for all of them. */
let variant: { id: number; productId: number; size: string; color: string };
const startingStock = 1000;
const startedAt = new Date();

/** Each shopper comes from an address of its own (documentation range), as the proxy tells it. */
let shoppers = 0;
const nextShopper = () => {
  shoppers++;
  return {
    email: `cliente.${shoppers}.${randomBytes(3).toString("hex")}@example.it`,
    ip: `203.0.113.${shoppers % 250}`,
  };
};

/** Every customer address and client IP the test used: none may reach the log. */
const personalData: string[] = [];

beforeAll(async () => {
  database = await startTestPostgres();
  stripe = await new FakeStripe().start();
  // Kept free for the mail server the first test starts (nothing else is likely to take it meanwhile).
  smtpPort = await freePort();
  app = await startAppInstance({
    databaseUrl: database.url,
    dataDir: path.join(database.workDir, "data"),
    authSecret: randomBytes(32).toString("base64"),
    env: {
      // Nothing listens there until the first test starts the sink.
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
      STRIPE_API_URL: `http://127.0.0.1:${stripe.api.port}`,
      TRUST_PROXY: "loopback",
      // Request lines are debug: the log check below reads them.
      LOG_LEVEL: "debug",
    },
  });
  // A pool: its connections die with the database, and it opens new ones when the database is back.
  sql = new pg.Pool({ connectionString: database.url, max: 2 });
  sql.on("error", () => {});
  // Any product on sale sold by the piece: its first variant gets plenty of stock.
  const { rows } = await sql.query(`
    SELECT v.id, v.product_id, v.size, v.color_name FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE p.archived_at IS NULL AND p.price_cents IS NOT NULL AND p.min_quantity = 1 ORDER BY v.id LIMIT 1`);
  const row = rows[0] as { id: number; product_id: number; size: string; color_name: string };
  variant = { id: row.id, productId: row.product_id, size: row.size, color: row.color_name };
  await sql.query("UPDATE product_variants SET stock = $1 WHERE id = $2", [startingStock, variant.id]);
});

afterAll(async () => {
  await sql?.end().catch(() => {});
  await app?.stop();
  await sink?.close();
  await stripe?.stop();
  await database?.destroy();
});

type Answer = { status: number; location: string; body: string; requestId: string; ms: number; headers: Headers };

/** One request as a browser without JavaScript sends it (a form POST, or a page), from `ip`. */
async function request(
  pathAndQuery: string,
  { ip, cookie = "", form }: { ip: string; cookie?: string; form?: Record<string, string> },
): Promise<Answer> {
  const started = Date.now();
  const response = await fetch(`${app.url}${pathAndQuery}`, {
    method: form ? "POST" : "GET",
    redirect: "manual",
    headers: { "x-forwarded-for": ip, ...(cookie && { cookie }) },
    ...(form && { body: new URLSearchParams(form) }),
    signal: AbortSignal.timeout(30_000),
  });
  return {
    status: response.status,
    location: response.headers.get("location") ?? "",
    body: await response.text(),
    requestId: response.headers.get("x-request-id") ?? "",
    ms: Date.now() - started,
    headers: response.headers,
  };
}

const cookieOf = (answer: Answer) =>
  answer.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");

/** The summary the page showed (the hidden "seen" field), which the order must match. */
function seenOf(page: string): string {
  const value = /name="seen" value="([^"]*)"/.exec(page)?.[1];
  if (value === undefined) throw new Error(`no summary on the page:\n${page.slice(0, 500)}`);
  return value
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");
}

/** The checkout's first two steps: the browser's cart into a checkout session, then the form's page. */
async function startCheckout(shopper: { ip: string }) {
  const cart = JSON.stringify([{ id: variant.productId, size: variant.size, color: variant.color, quantity: 1 }]);
  const toCheckout = await request("/checkout", { ip: shopper.ip, form: { intent: "cart", cart, next: "/checkout" } });
  if (toCheckout.status !== 302) return { failed: toCheckout };
  const cookie = cookieOf(toCheckout);
  const page = await request("/checkout", { ip: shopper.ip, cookie });
  if (page.status !== 200) return { failed: page };
  return { cookie, page };
}

/** A reservation (pick up and pay in the shop) placed as a shopper does: the order exists when it answers 302. */
async function reserve(shopper: { email: string; ip: string }): Promise<{ answers: Answer[]; placed: Answer | null }> {
  const started = await startCheckout(shopper);
  if ("failed" in started && started.failed) return { answers: [started.failed], placed: null };
  const { cookie, page } = started as { cookie: string; page: Answer };
  const information = await request("/checkout", {
    ip: shopper.ip,
    cookie,
    form: {
      intent: "information",
      deliveryMethod: "pickup_and_pay",
      name: "Cliente Di Prova",
      email: shopper.email,
      phone: "+39 333 1234567",
      seen: seenOf(page.body),
    },
  });
  if (information.location !== "/checkout?passo=pagamento") return { answers: [page, information], placed: null };
  // The summary, then 'Conferma Prenotazione'.
  const summary = await request("/checkout?passo=pagamento", { ip: shopper.ip, cookie });
  if (summary.status !== 200) return { answers: [page, information, summary], placed: null };
  const confirmed = await request("/checkout?passo=pagamento", {
    ip: shopper.ip,
    cookie,
    form: { intent: "place", seen: seenOf(summary.body) },
  });
  const done = confirmed.status === 302 && confirmed.location.startsWith("/checkout-success?order_id=");
  return { answers: [page, information, summary, confirmed], placed: done ? confirmed : null };
}

/** The cart line every shopper buys. */
const line = () => ({ id: variant.productId, size: variant.size, color: variant.color, quantity: 1 });

const query = async <T>(text: string, values: unknown[] = []) =>
  (await (sql as pg.Pool).query(text, values)).rows as T[];

describe("the mail server away during 100 checkouts", () => {
  const emails: string[] = [];
  const placedRequests: string[] = [];

  it("places every order, and sends each confirmation once when the server is back", async () => {
    const shoppersOfTest = Array.from({ length: 100 }, nextShopper);
    for (const shopper of shoppersOfTest) personalData.push(shopper.email, shopper.ip);
    // Ten at a time, as ten visitors would.
    for (let start = 0; start < shoppersOfTest.length; start += 10) {
      const results = await Promise.all(shoppersOfTest.slice(start, start + 10).map(reserve));
      for (const [index, result] of results.entries()) {
        expect(result.placed, JSON.stringify(result.answers.at(-1)?.body.slice(0, 300))).not.toBeNull();
        emails.push((shoppersOfTest[start + index] as { email: string }).email);
        placedRequests.push(result.placed?.requestId ?? "");
      }
    }
    expect(await query("SELECT count(*)::int AS n FROM orders WHERE email = ANY($1)", [emails])).toEqual([{ n: 100 }]);
    // Nothing could be sent: the e-mails wait, none of them given up.
    const waiting = await query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM outgoing_emails WHERE to_address = ANY($1) GROUP BY status",
      [emails],
    );
    expect(waiting).toEqual([{ status: "pending", n: 100 }]);

    sink = await startSmtpSink(smtpPort);
    const received = sink;
    await until("every confirmation delivered", 60_000, async () =>
      emails.every((email) => received.messages.some((message) => message.to.includes(email))),
    );
    // A little longer: a second copy would show now.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    for (const email of emails) {
      expect(received.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
    }
    const sent = await query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM outgoing_emails WHERE to_address = ANY($1) GROUP BY status",
      [emails],
    );
    expect(sent).toEqual([{ status: "sent", n: 100 }]);
  });

  it("logs each delivery with the id of the request that placed the order", async () => {
    const log = app.output();
    const [first] = placedRequests;
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    const lines = log
      .split("\n")
      .filter((line) => line.includes(first as string))
      .map((line) => JSON.parse(line) as { msg: string; requestId?: string; queuedBy?: string; status?: number });
    expect(lines).toContainEqual(expect.objectContaining({ msg: "request", requestId: first, status: 302 }));
    expect(lines).toContainEqual(expect.objectContaining({ msg: "e-mail sent", queuedBy: first }));
  });
});

describe("the database restarted under load", () => {
  it("answers 503 with the Italian page while it is down, comes back by itself, and leaves no order half-written", async () => {
    const answers: { phase: "down" | "other"; answer: Answer; path: string }[] = [];
    let phase: "down" | "other" = "other";
    let loading = true;
    const product = `/product/${variant.productId}`;
    const browse = async () => {
      const ip = nextShopper().ip;
      while (loading) {
        for (const page of ["/", "/shop", product, "/api/catalogo"]) {
          const at = phase;
          answers.push({ phase: at, answer: await request(page, { ip }), path: page });
        }
      }
    };
    const buy = async () => {
      while (loading) {
        const shopper = nextShopper();
        personalData.push(shopper.email, shopper.ip);
        const at = phase;
        const { answers: steps } = await reserve(shopper);
        for (const answer of steps) answers.push({ phase: at, answer, path: "/checkout" });
      }
    };
    const load = [browse(), browse(), buy(), buy(), buy()];

    await new Promise((resolve) => setTimeout(resolve, 3000));
    await database.stop();
    phase = "down";
    // The settings the layout reads are kept 5 s in memory: after that, every page needs the database.
    await new Promise((resolve) => setTimeout(resolve, 8000));
    const ready = await request("/readyz", { ip: "127.0.0.1" });
    const health = await request("/healthz", { ip: "127.0.0.1" });
    const page = await request("/shop", { ip: "127.0.0.1" });
    expect(ready.status).toBe(503);
    expect(health.status).toBe(200);
    expect(page.status).toBe(503);
    expect(page.headers.get("retry-after")).toBe("30");
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain(outageTitle);
    expect(page.body).not.toMatch(/ECONNREFUSED|Error:|at \//);
    // A client navigation's data request: 503 as well, its body the error the page shows.
    const data = await request("/shop.data", { ip: "127.0.0.1" });
    expect([data.status, data.headers.get("retry-after")]).toEqual([503, "30"]);
    phase = "other";
    await database.start();
    const back = Date.now();
    await until(
      "the shop serving again",
      30_000,
      async () => (await request("/shop", { ip: "127.0.0.1" })).status === 200,
      250,
    );
    const recoveryMs = Date.now() - back;
    // Keep the load on a little after the return: checkouts succeed again.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    loading = false;
    await Promise.all(load);

    expect(app.child.exitCode).toBeNull();
    expect(recoveryMs).toBeLessThan(30_000);
    const down = answers.filter((entry) => entry.phase === "down");
    expect(down.length).toBeGreaterThan(10);
    for (const { answer, path: requested } of down) {
      // Answered, in bounded time, with the outage page, or with what needs no database (a 302 of
      // a checkout step that raced the stop, a page whose data was still in memory): never a 500.
      expect([200, 302, 503], `${requested}: ${answer.status} ${answer.body.slice(0, 200)}`).toContain(answer.status);
      expect(answer.ms).toBeLessThan(10_000);
      if (answer.status === 503 && requested !== "/api/catalogo") expect(answer.body).toContain(outageTitle);
    }
    expect(down.filter((entry) => entry.answer.status === 503).length).toBeGreaterThan(5);
    const after = await until(
      "a checkout placed after the return",
      20_000,
      async () => {
        const shopper = nextShopper();
        personalData.push(shopper.email, shopper.ip);
        return (await reserve(shopper)).placed;
      },
      250,
    );
    expect(after.status).toBe(302);

    // No order half-written: every order has its lines, and the stock taken is the stock held.
    expect(
      await query("SELECT o.id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)"),
    ).toEqual([]);
    const [stock] = await query<{ stock: number }>("SELECT stock FROM product_variants WHERE id = $1", [variant.id]);
    const [held] = await query<{ held: number; lines: number }>(
      `SELECT coalesce(sum(h.quantity), 0)::int AS held,
              (SELECT coalesce(sum(i.quantity), 0)::int FROM order_items i JOIN orders o ON o.id = i.order_id
               WHERE i.variant_id = $1 AND o.created_at >= $2) AS lines
       FROM stock_holds h WHERE h.variant_id = $1 AND h.released_at IS NULL AND h.created_at >= $2`,
      [variant.id, startedAt],
    );
    expect(startingStock - (stock?.stock ?? 0)).toBe(held?.held);
    expect(held?.lines).toBe(held?.held);
  });
});

describe("a payment webhook while the database is down", () => {
  it("is refused for a retry, and applied once when Stripe delivers it again", async () => {
    const shopper = nextShopper();
    personalData.push(shopper.email, shopper.ip);
    const started = await startCheckout(shopper);
    const { cookie, page } = started as { cookie: string; page: Answer };
    const information = await request("/checkout", {
      ip: shopper.ip,
      cookie,
      form: {
        intent: "information",
        deliveryMethod: "shipping",
        name: "Cliente Di Prova",
        email: shopper.email,
        phone: "+39 333 1234567",
        address: "Via Roma 1",
        city: "Bergamo",
        postalCode: "24121",
        province: "BG",
        country: "Italia",
        seen: seenOf(page.body),
      },
    });
    expect(information.location).toBe("/checkout?passo=pagamento");
    const summary = await request("/checkout?passo=pagamento", { ip: shopper.ip, cookie });
    const placed = await request("/checkout?passo=pagamento", {
      ip: shopper.ip,
      cookie,
      form: { intent: "place", seen: seenOf(summary.body) },
    });
    expect(placed.status, placed.body.slice(0, 300)).toBe(302);
    const session = [...stripe.sessions.values()].at(-1);
    if (!session) throw new Error("no Stripe session opened");
    expect(placed.location).toBe(session.url);
    expect(stripe.pay(session.id)).toBe(true);
    const event = stripe.event("checkout.session.completed", session.id);
    const deliver = () =>
      fetch(`${app.url}/api/pagamenti/webhook`, {
        method: "POST",
        // Stripe signs each delivery anew.
        headers: { "content-type": "application/json", "stripe-signature": stripe.sign(event.body) },
        body: event.body,
      });

    await database.stop();
    const refused = await deliver();
    expect(refused.status).toBe(503);
    expect(refused.headers.get("retry-after")).toBe("30");
    await database.start();
    await until(
      "the database back",
      30_000,
      async () => (await request("/readyz", { ip: "127.0.0.1" })).status === 200,
      250,
    );

    const accepted = await deliver();
    expect([accepted.status, await accepted.text()]).toEqual([200, "stored"]);
    const again = await deliver();
    expect([again.status, await again.text()]).toEqual([200, "duplicate"]);

    const [order] = await query<{ id: string; status: string; payment_status: string }>(
      "SELECT id, status, payment_status FROM orders WHERE email = $1",
      [shopper.email],
    );
    expect(order).toMatchObject({ status: "processing", payment_status: "paid" });
    expect(
      await query("SELECT to_status FROM order_status_changes WHERE order_id = $1 AND event = 'payment_succeeded'", [
        order?.id,
      ]),
    ).toHaveLength(1);
    const received = sink as NonNullable<typeof sink>;
    await until(
      "the order's confirmation",
      30_000,
      async () => received.messages.some((message) => message.to.includes(shopper.email)),
      250,
    );
    expect(received.messages.filter((message) => message.to.includes(shopper.email))).toHaveLength(1);
  });
});

describe("a Stripe payment whose webhook never arrives", () => {
  it("is settled by the reconciliation job, which asks Stripe, with one confirmation", async () => {
    const shopper = nextShopper();
    personalData.push(shopper.email, shopper.ip);
    const placed = await placeForPayment(new Visitor(app.url, shopper.ip), line(), shopper.email);
    const session = [...stripe.sessions.values()].at(-1);
    if (!session) throw new Error("no Stripe session opened");
    expect(placed.headers.get("location")).toBe(session.url);
    // Paid at Stripe; the webhook endpoint is misconfigured, so no event reaches the shop.
    expect(stripe.pay(session.id)).toBe(true);

    // The clock driven: the payment is older than the few minutes a webhook may take, and the job due.
    await query(`UPDATE payments SET created_at = now() - make_interval(mins => $2) WHERE session_id = $1`, [
      session.id,
      RECONCILE_AFTER_MINUTES + 1,
    ]);
    await query("UPDATE scheduled_jobs SET next_run_at = now() WHERE name = 'payment-reconciliation'");
    const order = await until(
      "the order paid",
      30_000,
      async () => {
        const [found] = await query<{ id: string; status: string; payment_status: string }>(
          "SELECT id, status, payment_status FROM orders WHERE email = $1",
          [shopper.email],
        );
        return found?.payment_status === "paid" ? found : null;
      },
      250,
    );
    expect(order.status).toBe("processing");
    const received = sink as NonNullable<typeof sink>;
    await until(
      "the order's confirmation",
      30_000,
      async () => received.messages.some((message) => message.to.includes(shopper.email)),
      250,
    );
    expect(received.messages.filter((message) => message.to.includes(shopper.email))).toHaveLength(1);
  });
});

describe("the shop's log through all of it", () => {
  it("never names a customer's e-mail address or IP, and the process never crashed", () => {
    const log = app.output();
    for (const value of personalData) expect(log.includes(value), value).toBe(false);
    expect(log).not.toMatch(/unhandled|uncaught/i);
    // Every line is a JSON object, and every request line has its id.
    const lines = log
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { msg?: string; requestId?: string });
    const requests = lines.filter((line) => line.msg === "request");
    expect(requests.length).toBeGreaterThan(300);
    expect(requests.every((line) => typeof line.requestId === "string")).toBe(true);
    expect(app.child.exitCode).toBeNull();
  });
});

import { randomBytes } from "node:crypto";
import net from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outageTitle } from "../../app/modules/rendering/outage-page";
import { startSmtpSink } from "../support/smtp-sink";
import { type AppInstance, type AppInstanceOptions, startAppInstance } from "./support/app-instance";
import { type CartLine, placeForPayment, reserve } from "./support/checkout";
import { startTestPostgres, type TestPostgres } from "./support/database";
import { Visitor } from "./support/visitor";
import { pause, until } from "./support/waiting";

// The shop on the payment sandbox, as a demo or test shop runs it, killed (SIGKILL) at the worst
// moments and started again: in the middle of a payment, and while it sends e-mail. What happened
// before the crash is finished after it, at once and once: the payment the shopper made, each
// e-mail. And its database away: the sandbox's payment page answers the outage page like the others.

// The mail server's port stays the same across the app's restarts: the test stalls it, then starts it again.
let smtpPort: number;

let database: TestPostgres;
let options: AppInstanceOptions;
let app: AppInstance;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let sql: pg.Pool;
let line: CartLine;
let shoppers = 0;

const query = async <T>(text: string, values: unknown[] = []) => (await sql.query(text, values)).rows as T[];

/** A shopper of their own: an address and an IP no other test uses. */
function shopper() {
  shoppers++;
  return {
    visitor: new Visitor(app.url, `198.51.100.${shoppers}`),
    email: `cliente.${shoppers}.${randomBytes(3).toString("hex")}@example.it`,
  };
}

/** An order to ship, placed up to the sandbox's payment page: the page's path and its session id. */
async function atPaymentPage() {
  const { visitor, email } = shopper();
  const placed = await placeForPayment(visitor, line, email);
  const page = new URL(placed.headers.get("location") ?? "", app.url);
  expect(page.pathname).toMatch(/^\/pagamento-di-prova\/sbx_cs_[0-9a-f]{32}$/);
  return { visitor, email, page: page.pathname, sessionId: page.pathname.split("/").at(-1) as string };
}

const orderOfSession = async (sessionId: string) =>
  (
    await query<{ id: string; status: string; payment_status: string }>(
      "SELECT o.id, o.status, o.payment_status FROM orders o JOIN payments p ON p.order_id = o.id WHERE p.session_id = $1",
      [sessionId],
    )
  )[0];

const mailTo = (email: string) => sink.messages.filter((message) => message.to.includes(email));

beforeAll(async () => {
  database = await startTestPostgres();
  sink = await startSmtpSink();
  smtpPort = sink.port;
  options = {
    databaseUrl: database.url,
    dataDir: path.join(database.workDir, "data"),
    authSecret: randomBytes(32).toString("base64"),
    env: {
      PAYMENTS: "sandbox",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      TRUST_PROXY: "loopback",
      // Due jobs are picked up within a second.
      JOBS_TICK_SECONDS: "1",
    },
  };
  app = await startAppInstance(options);
  sql = new pg.Pool({ connectionString: database.url, max: 3 });
  sql.on("error", () => {});
  const [variant] = await query<{ id: number; product_id: number; size: string; color_name: string }>(`
    SELECT v.id, v.product_id, v.size, v.color_name FROM product_variants v JOIN products p ON p.id = v.product_id
    WHERE p.archived_at IS NULL AND p.price_cents IS NOT NULL AND p.min_quantity = 1 ORDER BY v.id LIMIT 1`);
  if (!variant) throw new Error("no variant on sale");
  line = { id: variant.product_id, size: variant.size, color: variant.color_name, quantity: 1 };
  await query("UPDATE product_variants SET stock = 1000 WHERE id = $1", [variant.id]);
});

afterAll(async () => {
  await sql?.end().catch(() => {});
  await app?.stop();
  await sink?.close();
  await database?.destroy();
});

describe("the sandbox's payment page while the database is away", () => {
  it("answers the shop's outage page, 503, like every other page", async () => {
    const { page } = await atPaymentPage();
    expect((await fetch(`${app.url}${page}`)).status).toBe(200);

    await database.stop();
    try {
      const answer = await fetch(`${app.url}${page}`);
      expect([answer.status, answer.headers.get("retry-after")]).toEqual([503, "30"]);
      expect(await answer.text()).toContain(outageTitle);
    } finally {
      await database.start();
    }
    await until("the shop ready again", 30_000, async () => (await fetch(`${app.url}/readyz`)).ok, 50);
    expect((await fetch(`${app.url}${page}`)).status).toBe(200);
  });
});

describe("the shop killed in the middle of a sandbox payment", () => {
  it("has the order paid after its restart, by itself, with one confirmation e-mail", async () => {
    const { visitor, email, page, sessionId } = await atPaymentPage();
    // The shop's side of the payment is held back (its payment row locked), so the kill comes after
    // the sandbox took the money and before the shop heard of it, every time.
    const holder = await sql.connect();
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM payments WHERE session_id = $1 FOR UPDATE", [sessionId]);
    void visitor.post(page, { intent: "pay" }).catch(() => {});
    await until(
      "the sandbox's payment",
      10_000,
      async () => {
        const [session] = await query<{ state: string }>("SELECT state FROM sandbox_payment_sessions WHERE id = $1", [
          sessionId,
        ]);
        return session?.state === "paid";
      },
      50,
    );
    await app.stop("SIGKILL");
    await holder.query("ROLLBACK");
    holder.release();
    expect(await orderOfSession(sessionId)).toMatchObject({ status: "pending_payment", payment_status: "pending" });

    app = await startAppInstance(options);
    const paid = await until(
      "the order paid",
      120_000,
      async () => {
        const order = await orderOfSession(sessionId);
        return order?.payment_status === "paid" ? order : null;
      },
      50,
    );
    expect(paid.status).toBe("processing");
    await until("the confirmation", 30_000, async () => mailTo(email).length > 0, 50);
    // A second copy would be on its way by now.
    await pause(3000);
    expect(mailTo(email).map((message) => message.subject)).toEqual([expect.stringMatching(/^Conferma ordine #/)]);
    expect(
      await query("SELECT 1 FROM order_status_changes WHERE order_id = $1 AND event = 'payment_succeeded'", [paid.id]),
    ).toHaveLength(1);
  });
});

describe("the shop killed while it sends e-mail", () => {
  it("sends the e-mails its dead mail worker had claimed as soon as it is back, once each, with their Message-ID", async () => {
    // A mail server that takes connections and never answers: the worker's claims hang on it.
    await sink.close();
    const connections = new Set<net.Socket>();
    const stalled = net.createServer((socket) => {
      connections.add(socket);
    });
    await new Promise<void>((resolve) => stalled.listen(smtpPort, "127.0.0.1", resolve));

    const emails = Array.from({ length: 5 }, () => shopper());
    const placed = await Promise.all(emails.map(({ visitor, email }) => reserve(visitor, line, email)));
    expect(placed.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    const addresses = emails.map(({ email }) => email);
    // At least one is claimed by the worker, held for five minutes, when the shop dies.
    const claimed = await until(
      "an e-mail claimed",
      10_000,
      async () => {
        const rows = await query<{ id: number }>(
          `SELECT id FROM outgoing_emails WHERE to_address = ANY($1) AND status = 'pending'
         AND claimed_by IS NOT NULL AND next_attempt_at > now() + interval '4 minutes'`,
          [addresses],
        );
        return rows.length > 0 ? rows : null;
      },
      50,
    );
    await app.stop("SIGKILL");
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => stalled.close(resolve));
    sink = await startSmtpSink(smtpPort);

    app = await startAppInstance(options);
    const restarted = Date.now();
    await until(
      "every confirmation delivered",
      30_000,
      async () => addresses.every((address) => mailTo(address).length > 0),
      50,
    );
    expect(Date.now() - restarted).toBeLessThan(30_000);
    expect(claimed.length).toBeGreaterThan(0);
    await pause(2000);
    const rows = await query<{ to_address: string; message_id: string; status: string }>(
      "SELECT to_address, message_id, status FROM outgoing_emails WHERE to_address = ANY($1)",
      [addresses],
    );
    expect(rows.map((row) => row.status)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    for (const row of rows) {
      const received = mailTo(row.to_address);
      expect(received).toHaveLength(1);
      expect(received[0]?.headers["message-id"]).toBe(row.message_id);
    }
  });
});

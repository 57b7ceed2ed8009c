import { and, desc, eq, like } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { adminActions, orderNotes, orders, outgoingEmails } from "~/db/schema";
import { logger } from "~/logger.server";
import { signIn } from "~/modules/accounts/credentials.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import type { AdminOrderResult } from "~/modules/orders/admin-answer";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, cookieFrom, createTestAdmin, visitorHeaders } from "../../../tests/support/admin-session";
import { deleteTestVariants, testPassword, uniqueEmail } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { callAdminRoute, formPost } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as orderDetail from "./order-detail";
import * as orderLabels from "./order-labels";
import * as orderList from "./orders";

// The admin's order pages as staff use them, behind the admin area's guard: every action through
// the route, what the database then holds, and the audit log of who did what.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");
const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const ip = "198.51.100.80";

const paidOrder = async () =>
  (await placeTestOrder(db, services, { pay: (sessionId) => sandbox.act(sessionId, "pay") })).orderId;

async function orderOf(orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

async function customerCookie(): Promise<string> {
  const email = uniqueEmail("cliente");
  await createConfirmedUser(db, { email, password: testPassword, name: "Carla Cliente", role: "customer" });
  const login = await signIn({ email, password: testPassword }, visitorHeaders());
  if (!login.ok) throw new Error("login failed");
  return cookieFrom(login.headers);
}

const post = (
  handler: (args: never) => unknown,
  path: string,
  fields: Record<string, string>,
  cookie: string,
  params = {},
) =>
  callAdminRoute<AdminOrderResult>(
    handler,
    formPost(`http://localhost${path}`, fields, { ip, cookie }),
    services,
    params,
  );

describe("the admin's order pages", () => {
  it("ship an order from the list, and log who did it: in the audit table, the log naming no e-mail or IP", async () => {
    const admin = await createTestAdmin(db);
    const cookie = await adminSessionCookie(admin);
    const orderId = await paidOrder();

    const logged: string[] = [];
    for (const level of ["debug", "info", "warn", "error"] as const) {
      vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
        logged.push(JSON.stringify(args));
      }) as never);
    }
    const answer = await post(
      orderList.action,
      "/admin/orders",
      { intent: "create-shipment", orderId, weight: "0,5", parcels: "1" },
      cookie,
    );
    expect(answer).toMatchObject({
      status: 200,
      data: { ok: true, notice: { title: "Successo", description: "Spedizione GLS creata." } },
    });
    expect((await orderOf(orderId)).status).toBe("shipped");

    vi.restoreAllMocks();
    const [audited] = await db
      .select()
      .from(adminActions)
      .where(eq(adminActions.userId, admin.id))
      .orderBy(desc(adminActions.id));
    expect(audited).toMatchObject({
      userEmail: admin.email,
      method: "POST",
      path: "/admin/orders",
      intent: "create-shipment",
      status: 200,
      ip,
    });
    const log = logged.join("\n");
    expect(log).toContain('"event":"admin_action"');
    expect(log).toContain(admin.id);
    expect(log).not.toContain(admin.email);
    expect(log).not.toContain(ip);
  });

  it("answer a bad shipment form with the spec's 'Errore GLS' and leave the order as it was", async () => {
    const cookie = await adminSessionCookie(await createTestAdmin(db));
    const orderId = await paidOrder();
    const answer = await post(
      orderList.action,
      "/admin/orders",
      { intent: "create-shipment", orderId, weight: "0", parcels: "1" },
      cookie,
    );
    expect(answer).toMatchObject({
      status: 422,
      data: { ok: false, notice: { title: "Errore GLS", description: "Il peso minimo è 0,1 kg." } },
    });
    expect((await orderOf(orderId)).status).toBe("processing");
  });

  it("refuse a form without an intent, or with one no button posts, with a 400 in the one answer shape", async () => {
    const cookie = await adminSessionCookie(await createTestAdmin(db));
    const orderId = await paidOrder();
    for (const fields of [{ orderId }, { intent: "ship-everything", orderId }] as Record<string, string>[]) {
      expect(await post(orderList.action, "/admin/orders", fields, cookie)).toMatchObject({
        status: 400,
        data: { ok: false, notice: { title: "Errore", description: "Azione non riconosciuta." } },
      });
    }
    expect((await orderOf(orderId)).status).toBe("processing");
  });

  it("refuse customers and guests before any action runs, recording nothing", async () => {
    const orderId = await paidOrder();
    for (const cookie of [await customerCookie(), ""]) {
      const answer = await post(
        orderList.action,
        "/admin/orders",
        { intent: "create-shipment", orderId, weight: "1", parcels: "1" },
        cookie,
      );
      expect(answer.status).toBe(302);
      expect(answer.headers.get("Location")).toBe("/");
    }
    expect((await orderOf(orderId)).status).toBe("processing");
    expect(
      await db
        .select()
        .from(adminActions)
        .where(and(eq(adminActions.intent, "create-shipment"), eq(adminActions.status, 302))),
    ).toEqual([]);
  });

  it("show the order's timeline and notes, take a note and resend the confirmation", async () => {
    const admin = await createTestAdmin(db);
    const cookie = await adminSessionCookie(admin);
    const orderId = await paidOrder();
    const path = `/admin/orders/${orderId}`;

    // The form's orderId is the page's own, whatever was posted.
    const note = await post(
      orderDetail.action,
      path,
      { intent: "add-note", orderId: "00000000-0000-4000-8000-000000000000", note: "Cliente richiama domani" },
      cookie,
      { orderId },
    );
    expect(note.data).toMatchObject({ ok: true, notice: { description: "Nota aggiunta." } });
    expect(
      await db
        .select({ body: orderNotes.body, authorId: orderNotes.authorId })
        .from(orderNotes)
        .where(eq(orderNotes.orderId, orderId)),
    ).toEqual([{ body: "Cliente richiama domani", authorId: admin.id }]);
    const resent = await post(orderDetail.action, path, { intent: "resend-confirmation" }, cookie, { orderId });
    expect(resent.data).toMatchObject({
      ok: true,
      notice: { description: expect.stringContaining("Email di conferma inviata di nuovo a") },
    });

    const page = await callAdminRoute<{
      timeline: { kind: string; text: string; actor: string }[];
      notes: { body: string; author: string }[];
    }>(orderDetail.loader, new Request(`http://localhost${path}`, { headers: { cookie } }), services, { orderId });
    expect(page.status).toBe(200);
    expect(page.data.notes).toEqual([
      expect.objectContaining({ body: "Cliente richiama domani", author: admin.email }),
    ]);
    expect(page.data.timeline.map((entry) => `${entry.kind} · ${entry.actor} · ${entry.text}`)).toEqual([
      "status · Cliente · Ordine ricevuto: In Attesa di Pagamento (pagamento: In Attesa)",
      "status · Cliente · Pagamento riuscito: In Attesa di Pagamento → In Lavorazione (pagamento: Pagato)",
      expect.stringMatching(/^email · Sistema · Email di conferma inviata a /),
      expect.stringMatching(new RegExp(`^email · ${admin.email.replace(".", "\\.")} · Email di conferma inviata a `)),
    ]);
  });

  it("refuse to resend the confirmation of a cancelled or failed order: it would promise a parcel", async () => {
    const cookie = await adminSessionCookie(await createTestAdmin(db));
    const cancelled = await placeTestOrder(db, services, { pay: (sessionId) => sandbox.act(sessionId, "pay") });
    const failed = await placeTestOrder(db, services, { pay: (sessionId) => sandbox.act(sessionId, "fail") });
    const path = (orderId: string) => `/admin/orders/${orderId}`;
    const cancel = await post(
      orderDetail.action,
      path(cancelled.orderId),
      { intent: "cancel-order", refund: "0" },
      cookie,
      { orderId: cancelled.orderId },
    );
    expect(cancel.data).toMatchObject({ ok: true });
    expect((await orderOf(failed.orderId)).status).toBe("payment_failed");

    for (const [{ orderId, email }, message] of [
      [cancelled, "L'ordine è annullato: la conferma non vale più e non si può inviare di nuovo."],
      [failed, "L'ordine non è stato pagato: non c'è una conferma da inviare."],
    ] as const) {
      const confirmations = () =>
        db.$count(
          outgoingEmails,
          and(eq(outgoingEmails.toAddress, email), like(outgoingEmails.subject, "Conferma ordine%")),
        );
      const before = await confirmations();
      const resent = await post(orderDetail.action, path(orderId), { intent: "resend-confirmation" }, cookie, {
        orderId,
      });
      expect(resent).toMatchObject({ status: 422, data: { ok: false, notice: { description: message } } });
      expect(await confirmations()).toBe(before);
    }
  });

  it("give several orders' labels as one PDF", async () => {
    const cookie = await adminSessionCookie(await createTestAdmin(db));
    const [one, two] = [await paidOrder(), await paidOrder()];
    const shipped = await post(
      orderList.action,
      "/admin/orders",
      { intent: "create-shipments", orderId: one, weight: "1", parcels: "1" },
      cookie,
    );
    expect(shipped.data).toMatchObject({ ok: true });
    const form = new URLSearchParams([
      ["intent", "create-shipments"],
      ["orderId", one],
      ["orderId", two],
      ["weight", "1"],
      ["parcels", "2"],
    ]);
    const bulk = await callAdminRoute<AdminOrderResult>(
      orderList.action,
      new Request("http://localhost/admin/orders", {
        method: "POST",
        headers: { cookie, "content-type": "application/x-www-form-urlencoded", "x-client-ip": ip },
        body: form,
      }),
      services,
    );
    // The first was shipped already: the second ships, the answer says why the first did not.
    expect(bulk.data.data?.shippedOrderIds).toEqual([two]);
    expect(bulk.data.notice?.description).toContain(
      `#${one.slice(0, 8)}: Si può spedire solo un ordine In Lavorazione`,
    );

    const labels = await callAdminRoute(
      orderLabels.loader,
      new Request(`http://localhost/admin/orders/etichette?ordine=${one}&ordine=${two}`, { headers: { cookie } }),
      services,
    );
    expect(labels.status).toBe(200);
  });
});

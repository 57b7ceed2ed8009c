import { asc, eq } from "drizzle-orm";
import { afterAll, describe, expect, it, vi } from "vitest";
import { orderItems, refunds, withdrawalItems, withdrawalRequests } from "~/db/schema";
import { signIn } from "~/modules/accounts/credentials.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import type { ReturnResult } from "~/modules/withdrawals/return-views";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, cookieFrom, createTestAdmin, visitorHeaders } from "../../../tests/support/admin-session";
import { deleteTestVariants, stockOf, testPassword, uniqueEmail } from "../../../tests/support/fixtures";
import { placeTestOrder } from "../../../tests/support/placed-orders";
import { callAdminRoute, formPost } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as returnDetail from "./return-detail";
import * as returnList from "./returns";

// The admin's return pages behind the admin area's guard: the list, one request, and its steps
// through the route's action, with what the database then holds.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");
const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const ip = "198.51.100.81";

async function withdrawnOrder() {
  const placed = await placeTestOrder(db, services, { quantity: 2, pay: (sessionId) => sandbox.act(sessionId, "pay") });
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, placed.orderId));
  const [request] = await db
    .insert(withdrawalRequests)
    .values({ orderId: placed.orderId, name: "Anna Neri", email: placed.email, wholeOrder: true })
    .returning({ id: withdrawalRequests.id });
  const requestId = (request as { id: string }).id;
  const [item] = await db
    .insert(withdrawalItems)
    .values({ requestId, orderItemId: line?.id ?? 0, quantity: 2 })
    .returning({ id: withdrawalItems.id });
  return { ...placed, requestId, itemId: (item as { id: number }).id };
}

const get = (handler: (args: never) => unknown, path: string, cookie: string, params = {}) =>
  callAdminRoute<Record<string, unknown>>(
    handler,
    new Request(`http://localhost${path}`, { headers: { cookie, "x-client-ip": ip } }),
    services,
    params,
  );

const post = (requestId: string, fields: Record<string, string>, cookie: string) =>
  callAdminRoute<ReturnResult>(
    returnDetail.action,
    formPost(`http://localhost/admin/returns/${requestId}`, fields, { ip, cookie }),
    services,
    { requestId },
  );

describe("the admin's return pages", () => {
  it("list, open and settle a request: goods received, accepted and restocked, refunded", async () => {
    const cookie = await adminSessionCookie(await createTestAdmin(db));
    const { requestId, itemId, orderId, variant } = await withdrawnOrder();

    const list = await get(returnList.loader, "/admin/returns?stato=received", cookie);
    expect(list.status).toBe(200);
    expect((list.data.requests as { id: string }[]).map((row) => row.id)).toContain(requestId);
    const refunded = await get(returnList.loader, "/admin/returns?stato=refunded", cookie);
    expect((refunded.data.requests as { id: string }[]).map((row) => row.id)).not.toContain(requestId);

    const detail = await get(returnDetail.loader, `/admin/returns/${requestId}`, cookie, { requestId });
    expect(detail.data.request).toMatchObject({ id: requestId, state: "received", items: [{ id: itemId }] });
    const missing = await get(returnDetail.loader, "/admin/returns/x", cookie, {
      requestId: "00000000-0000-4000-8000-000000000000",
    });
    expect(missing.status).toBe(404);

    expect(await post(requestId, { intent: "goods-received" }, cookie)).toMatchObject({
      status: 200,
      data: { ok: true, notice: { title: "Successo" } },
    });
    expect(
      await post(requestId, { intent: "decide", item: String(itemId), [`decision-${itemId}`]: "refused" }, cookie),
    ).toMatchObject({ status: 422, data: { ok: false, notice: { title: "Errore" } } });
    expect(
      await post(
        requestId,
        { intent: "decide", item: String(itemId), [`decision-${itemId}`]: "accepted", [`restock-${itemId}`]: "on" },
        cookie,
      ),
    ).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stockOf(db, variant.variantId)).toBe(5);
    expect(await post(requestId, { intent: "refund-return" }, cookie)).toMatchObject({
      status: 200,
      data: { ok: true, notice: { title: "Successo" } },
    });
    const [request] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, requestId));
    const rows = await db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.id));
    expect(request).toMatchObject({ state: "refunded", refundedCents: rows[0]?.amountCents });
    expect(rows).toHaveLength(1);
  });

  it("send a customer home, changing nothing", async () => {
    const email = uniqueEmail("cliente");
    await createConfirmedUser(db, { email, password: testPassword, name: "Carla Cliente", role: "customer" });
    const login = await signIn({ email, password: testPassword }, visitorHeaders());
    if (!login.ok) throw new Error("login failed");
    const cookie = cookieFrom(login.headers);
    const { requestId } = await withdrawnOrder();

    const page = await get(returnList.loader, "/admin/returns", cookie);
    expect(page.status).toBe(302);
    const answer = await post(requestId, { intent: "goods-received" }, cookie);
    expect(answer.status).toBe(302);
    const [request] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, requestId));
    expect(request?.state).toBe("received");
  });
});

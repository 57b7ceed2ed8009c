import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { orders, withdrawalRequests } from "~/db/schema";
import { signIn } from "~/modules/accounts/credentials.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import type { SandboxProvider } from "~/modules/payments/sandbox.server";
import { withdrawalLookupLimit } from "~/modules/withdrawals/rate-limits.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { cookieFrom, visitorHeaders } from "../../tests/support/admin-session";
import { deleteTestVariants, testPassword, uniqueEmail } from "../../tests/support/fixtures";
import { placeTestOrder } from "../../tests/support/placed-orders";
import { callRoute, formPost } from "../../tests/support/route";
import { testContext, testServices } from "../../tests/support/services";
import * as withdrawal from "./withdrawal";

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const services = testServices(db);
const sandbox = services.payments as SandboxProvider;
const url = "http://negozio.test/recesso";

const paidOrder = () => placeTestOrder(db, services, { pay: (sessionId) => sandbox.act(sessionId, "pay") });

type Answer = { view: string; error?: string | null; choices?: { id: string }[] | null };

const post = (
  fields: Record<string, string>,
  { ip = "198.51.100.20", cookie }: { ip?: string; cookie?: string } = {},
) => callRoute<Answer>(withdrawal.action, formPost(url, fields, { ip, cookie }), testContext(services));

const get = (query: string, cookie?: string) =>
  callRoute<Answer>(
    withdrawal.loader,
    new Request(`${url}?${query}`, { headers: cookie ? { cookie } : {} }),
    testContext(services),
  );

const requestsOf = (orderId: string) =>
  db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));

describe("/recesso for a guest", () => {
  it("finds the order by number and e-mail, shows the summary, and on 'Conferma recesso' goes to the receipt", async () => {
    const { orderId, email } = await paidOrder();
    const auth = { ordine: `#${orderId.slice(0, 8)}`, emailOrdine: email };
    const found = await post({ ...auth, intent: "lookup" });
    expect(found.data.view).toBe("details");

    const choice = { nome: "Giulia Bianchi", email: "giulia@example.it", recesso: "tutto" };
    expect((await post({ ...auth, ...choice, intent: "review" })).data.view).toBe("summary");
    expect(await requestsOf(orderId)).toHaveLength(0);

    const confirmed = await post({ ...auth, ...choice, intent: "confirm" });
    const [request] = await requestsOf(orderId);
    expect(request).toMatchObject({ name: "Giulia Bianchi", email: "giulia@example.it", wholeOrder: true });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("location")).toBe(`/recesso?richiesta=${request?.id}`);

    // Sent again (a second tab, a double click): the same receipt, no second request.
    const again = await post({ ...auth, ...choice, intent: "confirm" });
    expect(again.headers.get("location")).toBe(`/recesso?richiesta=${request?.id}`);
    expect(await requestsOf(orderId)).toHaveLength(1);

    const receipt = await get(`richiesta=${request?.id}`);
    expect(receipt.data.view).toBe("receipt");
  });

  it("answers a wrong e-mail exactly as an order that does not exist", async () => {
    const { orderId } = await paidOrder();
    const wrongEmail = await post({ ordine: orderId.slice(0, 8), emailOrdine: "altro@example.it", intent: "lookup" });
    const noOrder = await post({ ordine: "00000000", emailOrdine: "altro@example.it", intent: "lookup" });
    expect(wrongEmail.status).toBe(404);
    expect(wrongEmail).toEqual({ ...noOrder, data: { ...noOrder.data, orderNumber: orderId.slice(0, 8) } });
    expect(wrongEmail.data.error).toMatch(/Non troviamo un ordine/);
    // Nor can a guest confirm with the wrong e-mail.
    await post({
      ordine: orderId.slice(0, 8),
      emailOrdine: "altro@example.it",
      nome: "X",
      email: "x@example.it",
      intent: "confirm",
    });
    expect(await requestsOf(orderId)).toHaveLength(0);
  });

  it("limits guest look-ups per IP", async () => {
    const ip = "198.51.100.99";
    const statuses: number[] = [];
    for (let attempt = 0; attempt < withdrawalLookupLimit.points; attempt++) {
      statuses.push((await post({ ordine: "00000000", emailOrdine: "a@example.it", intent: "lookup" }, { ip })).status);
    }
    expect(statuses.every((status) => status === 404)).toBe(true);
    const limited = await post({ ordine: "00000000", emailOrdine: "a@example.it", intent: "lookup" }, { ip });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });

  it("says why a cancelled order has no withdrawal", async () => {
    const { orderId, email } = await placeTestOrder(db, services);
    const answer = await post({ ordine: orderId.slice(0, 8), emailOrdine: email, intent: "lookup" });
    expect(answer.data).toMatchObject({ view: "closed", reason: expect.stringContaining("non è stato pagato") });
  });
});

describe("/recesso for a signed-in customer", () => {
  it("lists their orders and opens one of them without asking the e-mail again", async () => {
    const email = uniqueEmail("recesso");
    const userId = await createConfirmedUser(db, {
      email,
      password: testPassword,
      name: "Anna Neri",
      role: "customer",
    });
    const login = await signIn({ email, password: testPassword }, visitorHeaders());
    if (!login.ok) throw new Error(login.message);
    const cookie = cookieFrom(login.headers);
    const { orderId } = await paidOrder();
    const { orderId: someoneElses } = await paidOrder();
    await db.update(orders).set({ userId }).where(eq(orders.id, orderId));

    const list = await get("", cookie);
    expect(list.data.choices?.map((order) => order.id)).toEqual([orderId]);
    expect((await get(`ordine=${orderId.slice(0, 8)}`, cookie)).data.view).toBe("details");
    expect((await get(`ordine=${someoneElses.slice(0, 8)}`, cookie)).data.view).toBe("lookup");

    const confirmed = await post(
      { ordine: orderId.slice(0, 8), emailOrdine: "", nome: "Anna Neri", email, recesso: "tutto", intent: "confirm" },
      { cookie },
    );
    expect(confirmed.status).toBe(302);
    expect(await requestsOf(orderId)).toEqual([expect.objectContaining({ userId, email })]);
    // Someone else's order cannot be withdrawn from by number alone.
    await post(
      { ordine: someoneElses.slice(0, 8), emailOrdine: "", nome: "Anna Neri", email, intent: "confirm" },
      { cookie },
    );
    expect(await requestsOf(someoneElses)).toHaveLength(0);
  });
});

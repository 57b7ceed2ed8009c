import { setTimeout } from "node:timers/promises";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { checkoutSessions, orders } from "~/db/schema";
import { CART_COOKIE_NAME, encodeCartCookie } from "~/modules/cart/cart-cookie";
import type { CheckoutResult } from "~/modules/checkout/checkout-messages";
import type { CheckoutDraft } from "~/modules/checkout/values";
import { tooManyRequestsMessage } from "~/modules/security/rate-limit.server";
import { connectTestDatabase } from "../../tests/integration/database";
import { createTestVariant, deleteTestVariants, stockOf, testDraft, uniqueEmail } from "../../tests/support/fixtures";
import { callRoute, formPost, type RouteAnswer } from "../../tests/support/route";
import { testContext, testPublicUrl, testServices } from "../../tests/support/services";
import { action as webhookAction } from "./api-payment-webhook";
import { action, loader } from "./checkout";

// /checkout's loader and action as the browser reaches them, with the sandbox provider from the
// request context: the session cookie, the shop's messages, redirects, limits.

const db = connectTestDatabase();
afterAll(() => deleteTestVariants(db));
const context = testContext(testServices(db));

type Answer = RouteAnswer<CheckoutResult>;
const location = (answer: Answer) => answer.headers.get("Location");
const setCookie = (answer: Answer) => answer.headers.get("Set-Cookie");

let ipCounter = 0;
/** A POST to /checkout from its own IP (rate limits are per IP), with the session cookie when given. */
function post(fields: Record<string, string>, cookie?: string, ip = `198.51.100.${++ipCounter % 250}`) {
  return callRoute<CheckoutResult>(action, formPost("http://localhost/checkout", fields, { ip, cookie }), context);
}

const page = (path: string, cookie: string) =>
  callRoute<Record<string, unknown>>(loader, new Request(`http://localhost${path}`, { headers: { cookie } }), context);

const information = (overrides: Partial<Record<keyof CheckoutDraft, string>> = {}): Record<string, string> => ({
  intent: "information",
  ...testDraft(),
  ...overrides,
});

/** A shopper with a cart on the server: the cookie of their checkout session. */
async function shopperWith(cart: object[]): Promise<string> {
  const started = await post({ intent: "cart", cart: JSON.stringify(cart) });
  expect(started.status).toBe(200);
  return (setCookie(started) ?? "").split(";")[0] ?? "";
}

describe("/checkout", () => {
  it("keeps the cart the browser sends in a session named by an HttpOnly cookie", async () => {
    const slip = await createTestVariant(db, { priceCents: 1500, stock: 4 });
    const started = await post({ intent: "cart", cart: JSON.stringify([slip.line(2)]), next: "/checkout" });
    expect(started.status).toBe(302);
    expect(location(started)).toBe("/checkout");
    expect(setCookie(started)).toMatch(/^vetrina_checkout=[^;]+; Max-Age=604800; Path=\/; HttpOnly; SameSite=Lax/);

    const cookie = (setCookie(started) ?? "").split(";")[0] ?? "";
    const loaded = (await page("/checkout", cookie)).data as {
      cart: unknown[];
      quote: { pricing: { subtotalCents: number } };
    };
    expect(loaded.cart).toEqual([slip.line(2)]);
    expect(loaded.quote.pricing.subtotalCents).toBe(3000);
    // The table keeps a hash of the token, never the token.
    const token = decodeURIComponent(cookie.split("=")[1] ?? "");
    expect(await db.$count(checkoutSessions, eq(checkoutSessions.id, token.replaceAll('"', "")))).toBe(0);
  });

  it("checks the first step with the spec's messages, then moves to the payment step", async () => {
    const slip = await createTestVariant(db);
    const cookie = await shopperWith([slip.line(1)]);
    const refused = await post(
      information({ name: "a@b", email: "no", phone: "333-abc-123", address: "", province: "" }),
      cookie,
    );
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      ok: false,
      fieldErrors: {
        name: "Il nome non può contenere il simbolo '@'",
        email: "Email non valida",
        phone: "Il numero di telefono può contenere solo cifre, spazi e il simbolo '+'",
        address: "Indirizzo richiesto",
        province: "Provincia richiesta",
      },
      notice: {
        title: "Indirizzo incompleto",
        description: "Per la spedizione a domicilio, tutti i campi dell'indirizzo sono richiesti.",
      },
    });
    // A pickup needs no address.
    const pickup = await post(information({ deliveryMethod: "pickup", address: "", city: "", province: "" }), cookie);
    expect(pickup.status).toBe(302);
    expect(location(pickup)).toBe("/checkout?passo=pagamento");
  });

  it("pays only from a live session: otherwise the spec's 'Sessione utente non trovata'", async () => {
    const noSession = await post({ intent: "place" });
    expect(noSession.status).toBe(401);
    expect(noSession.data?.ok === false && noSession.data.notice).toEqual({
      title: "Errore nel checkout",
      description: "Sessione utente non trovata. Per favore, effettua di nuovo il login.",
    });
    const forged = await post({ intent: "place" }, "vetrina_checkout=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    expect(forged.status).toBe(401);
  });

  it("places the order and sends the shopper to the payment page", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 3 });
    const cookie = await shopperWith([slip.line(1)]);
    const details = information();
    expect((await post(details, cookie)).status).toBe(302);
    const { seen } = (await page("/checkout?passo=pagamento", cookie)).data as { seen: string };

    const placed = await post({ intent: "place", seen }, cookie);
    expect(placed.status).toBe(302);
    expect(location(placed)).toMatch(new RegExp(`^${testPublicUrl}/pagamento-di-prova/sbx_cs_[0-9a-f]+$`));
    expect(await stockOf(db, slip.variantId)).toBe(2);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.email, details.email ?? ""));
    expect(order).toMatchObject({ status: "pending_payment", deliveryMethod: "shipping" });
  });

  it("gives every press of one page's 'Completa Ordine e Paga' the same order's payment page", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 5 });
    const cookie = await shopperWith([slip.line(1)]);
    const details = information();
    expect((await post(details, cookie)).status).toBe(302);
    const { seen } = (await page("/checkout?passo=pagamento", cookie)).data as { seen: string };

    // Four presses close together, as the testers sent them, then one more after the page opened.
    const presses = await Promise.all(
      [0, 25, 50, 75].map(async (delay) => {
        await setTimeout(delay);
        return post({ intent: "place", seen }, cookie);
      }),
    );
    const answers = [...presses, await post({ intent: "place", seen }, cookie)];
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    expect(new Set(answers.map(location)).size).toBe(1);
    expect(location(answers[0] as Answer)).toMatch(/\/pagamento-di-prova\/sbx_cs_/);
    const placed = await db
      .select()
      .from(orders)
      .where(eq(orders.email, details.email ?? ""));
    expect(placed.map((order) => order.status)).toEqual(["pending_payment"]);
    expect(await stockOf(db, slip.variantId)).toBe(4);
  });

  it("confirms a reservation once, however often 'Conferma Prenotazione' is pressed", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 5 });
    const cookie = await shopperWith([slip.line(1)]);
    const details = information({
      deliveryMethod: "pickup_and_pay",
      address: "",
      city: "",
      postalCode: "",
      province: "",
    });
    expect(location(await post(details, cookie))).toBe("/checkout?passo=pagamento");
    const { seen } = (await page("/checkout?passo=pagamento", cookie)).data as { seen: string };
    const presses = await Promise.all(
      [0, 25, 50, 75].map(async (delay) => {
        await setTimeout(delay);
        return post({ intent: "place", seen }, cookie);
      }),
    );
    const answers = [...presses, await post({ intent: "place", seen }, cookie)];
    expect(answers.map((answer) => answer.status)).toEqual([302, 302, 302, 302, 302]);
    expect(new Set(answers.map(location)).size).toBe(1);
    const placed = await db
      .select()
      .from(orders)
      .where(eq(orders.email, details.email ?? ""));
    expect(placed.map((order) => order.status)).toEqual(["reserved"]);
    expect(location(answers[0] as Answer)).toBe(`/checkout-success?order_id=${placed[0]?.id}&reservation=true`);
    expect(await stockOf(db, slip.variantId)).toBe(4);
  });

  it("shows a reservation's summary before placing it, then reserves it from there", async () => {
    const slip = await createTestVariant(db, { priceCents: 2000, stock: 3 });
    const cookie = await shopperWith([slip.line(1)]);
    const details = information({ deliveryMethod: "pickup_and_pay", address: "", city: "", province: "" });
    const sent = await post(details, cookie);
    expect(sent.status).toBe(302);
    expect(location(sent)).toBe("/checkout?passo=pagamento");
    expect(await db.$count(orders, eq(orders.email, details.email ?? ""))).toBe(0);
    expect(await stockOf(db, slip.variantId)).toBe(3);

    const { seen } = (await page("/checkout?passo=pagamento", cookie)).data as { seen: string };
    const placed = await post({ intent: "place", seen }, cookie);
    expect(placed.status).toBe(302);
    expect(location(placed)).toMatch(/^\/checkout-success\?order_id=[0-9a-f-]+&reservation=true$/);
    const [order] = await db
      .select()
      .from(orders)
      .where(eq(orders.email, details.email ?? ""));
    expect(order).toMatchObject({ status: "reserved", deliveryMethod: "pickup_and_pay" });
    expect(await stockOf(db, slip.variantId)).toBe(2);
  });

  it("opened without its session (no JavaScript), works on the cart cookie's lines", async () => {
    const slip = await createTestVariant(db, { priceCents: 1500, stock: 4 });
    const cartCookie = `${CART_COOKIE_NAME}=${encodeCartCookie([slip.line(2)], "server")}`;
    const loaded = (await page("/checkout", cartCookie)).data as { quote: { pricing: { subtotalCents: number } } };
    expect(loaded.quote.pricing.subtotalCents).toBe(3000);

    const sent = await post(information(), cartCookie);
    expect(sent.status).toBe(302);
    expect(location(sent)).toBe("/checkout?passo=pagamento");
    const session = (setCookie(sent) ?? "").split(";")[0] ?? "";
    expect(session).toMatch(/^vetrina_checkout=/);
    const summary = (await page("/checkout?passo=pagamento", `${session}; ${cartCookie}`)).data as {
      cart: unknown[];
    };
    expect(summary.cart).toEqual([slip.line(2)]);
  });

  it("answers an empty cart with 'Carrello vuoto'", async () => {
    const cookie = await shopperWith([]);
    expect(await post({ intent: "place" }, cookie)).toMatchObject({
      status: 400,
      data: { ok: false, data: { emptyCart: true } },
    });
  });

  it("limits placements per IP, in the form contract, with Retry-After", async () => {
    const ip = "203.0.113.77";
    let last: Answer | undefined;
    for (let attempt = 0; attempt < 31; attempt++) last = await post({ intent: "place" }, undefined, ip);
    expect(last?.status).toBe(429);
    expect(last?.data).toEqual({ ok: false, notice: { title: "Errore", description: tooManyRequestsMessage } });
    expect(last?.headers.get("Retry-After")).toMatch(/^\d+$/);
  });
});

describe("the first-order look-up", () => {
  const lookUp = (email: string, ip: string) => post({ intent: "first-order", email }, undefined, ip);
  const tooMany = { ok: false, notice: { title: "Errore", description: tooManyRequestsMessage } };

  it("answers one client of a few addresses an hour, not of a list: then 429 with Retry-After", async () => {
    const ip = "203.0.113.81";
    for (let count = 0; count < 10; count++) {
      const answer = await lookUp(uniqueEmail("elenco"), ip);
      expect(answer.data).toEqual({ intent: "first-order", ok: true, data: { discountPercentage: 10 } });
    }
    const refused = await lookUp(uniqueEmail("elenco"), ip);
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual(tooMany);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // Another client is answered.
    expect((await lookUp(uniqueEmail("elenco"), "203.0.113.82")).status).toBe(200);
  });

  it("answers of one address only so often, whatever the client", async () => {
    const email = uniqueEmail("bersaglio");
    for (let count = 0; count < 10; count++) expect((await lookUp(email, `203.0.113.${90 + count}`)).status).toBe(200);
    const refused = await lookUp(email, "203.0.113.120");
    expect(refused.status).toBe(429);
    expect(refused.data).toEqual(tooMany);
    // Written otherwise, it is the same address.
    expect((await lookUp(` ${email.toUpperCase()} `, "203.0.113.121")).status).toBe(429);
  });
});

describe("/api/pagamenti/webhook", () => {
  const webhook = (body: string, headers: Record<string, string> = {}) =>
    webhookAction({
      request: new Request("http://localhost/api/pagamenti/webhook", { method: "POST", body, headers }),
      params: {},
      context,
    } as never) as Promise<Response>;

  it("refuses a body without a valid signature, and one too large to be an event", async () => {
    expect((await webhook('{"id":"evt_1"}', { "vetrina-sandbox-signature": "t=1,v1=00" })).status).toBe(400);
    expect((await webhook("{}", { "content-length": String(10 * 1024 * 1024) })).status).toBe(413);
  });
});

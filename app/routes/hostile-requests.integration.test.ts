import { eq, gte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { blogPosts, coupons, settingChanges, shopSettings } from "~/db/schema";
import { logger } from "~/logger.server";
import { adminGuard } from "~/modules/accounts/admin-guard.server";
import { createConfirmedUser } from "~/modules/accounts/provisioning.server";
import { listProducts } from "~/modules/catalog/listing.server";
import { unknownIntentMessage } from "~/modules/forms/action-result";
import { SANDBOX_SIGNATURE_HEADER } from "~/modules/payments/sandbox.server";
import { forgetCachedSettings } from "~/modules/settings/settings.server";
import { settingsIntents } from "~/modules/settings/settings-answer";
import { PRICE_BUCKETS, SORT_OPTIONS } from "~/modules/shop/constants";
import * as root from "~/root";
import { connectTestDatabase } from "../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../tests/support/admin-session";
import {
  createTestVariant,
  deleteTestVariants,
  insertOrder,
  TEST_SKU_PREFIX,
  testDraft,
  testPassword,
  testShippingAddress,
  uniqueEmail,
} from "../../tests/support/fixtures";
import {
  formBody,
  HostileInput,
  hostileFields,
  hostileQuery,
  runHandler,
  SeededRandom,
} from "../../tests/support/fuzz";
import { callAdminRoute, callRoute, formPost } from "../../tests/support/route";
import { testContext, testServices } from "../../tests/support/services";
import { htmlPage, svgWithScript, testImage } from "../../tests/support/test-images";
import * as adminAnalytics from "./admin/analytics";
import * as adminAnalyticsExport from "./admin/analytics-export";
import * as adminBackups from "./admin/backups";
import * as adminDemoData from "./admin/demo-data";
import * as adminIndex from "./admin/index";
import * as adminLayout from "./admin/layout";
import * as adminOrderDetail from "./admin/order-detail";
import * as adminOrderLabels from "./admin/order-labels";
import * as adminOrders from "./admin/orders";
import * as adminOrdersExport from "./admin/orders-export";
import * as adminProductEdit from "./admin/product-edit";
import * as adminProductImages from "./admin/product-images";
import * as adminProducts from "./admin/products";
import * as adminProductsExport from "./admin/products-export";
import * as adminProductsImport from "./admin/products-import";
import * as adminReadiness from "./admin/readiness";
import * as adminReturnDetail from "./admin/return-detail";
import * as adminReturns from "./admin/returns";
import * as adminSettings from "./admin/settings";
import * as cartQuote from "./api-cart-quote";
import * as catalogueApi from "./api-catalogue";
import * as paymentWebhook from "./api-payment-webhook";
import * as auth from "./auth";
import * as blog from "./blog";
import * as blogPost from "./blog-post";
import * as cart from "./cart";
import * as checkout from "./checkout";
import * as checkoutSuccess from "./checkout-success";
import * as bambini from "./children";
import * as contact from "./contact";
import * as home from "./home";
import * as logout from "./logout";
import * as uomo from "./men";
import * as newCollection from "./new-collection";
import * as newsletterConfirm from "./newsletter-confirm";
import * as newsletterUnsubscribe from "./newsletter-unsubscribe";
import * as notFound from "./not-found";
import * as orderLabel from "./order-label";
import * as orders from "./orders";
import * as outlet from "./outlet";
import * as product from "./product";
import * as profile from "./profile";
import * as profileData from "./profile-data";
import * as profileDelete from "./profile-delete";
import * as resetPassword from "./reset-password";
import * as robots from "./robots";
import * as sandboxPayment from "./sandbox-payment";
import * as shop from "./shop";
import * as signedFile from "./signed-file";
import * as sitemap from "./sitemap";
import * as subscribe from "./subscribe";
import * as secondFactor from "./two-factor";
import * as secondFactorSetup from "./two-factor-setup";
import * as withdrawal from "./withdrawal";
import * as donna from "./women";

// The outside security test, kept: a few thousand hostile requests, the same ones at every run
// (seeded), over the loader and action of every route of app/routes.ts, called as React Router
// calls them. None may end in a 5xx or in a crash. What sits in front of the routes (methods,
// body sizes, cross-site posts) is tested in server/request-guards.test.ts, /files in
// server/public-files.test.ts; /images/* renders files of the store and is fuzzed in app/modules/files.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const services = testServices(db);
const context = testContext(services);
// Another seed (FUZZ_SEED=…) explores other requests; the default one runs in `npm test`.
const seed = Number(process.env.FUZZ_SEED ?? 20_260_501);
const random = new SeededRandom(seed);
const input = new HostileInput(random);

const origin = "http://localhost";
const fuzzPostSlug = "test-richieste-ostili";

/** What the set-up leaves for the requests to use: real ids, cookies and cursors among the hostile ones. */
const known = {
  adminCookie: "",
  orderId: "",
  productId: "",
  variantId: 0,
  variantLine: { id: 0, size: "M", color: "Nero", quantity: 1 },
  customerCookie: "",
  checkoutCookie: "",
  paymentSessionId: "",
  cursors: [] as string[],
  /** A real JPEG, among the hostile files of uploads. */
  jpeg: new Uint8Array() as Uint8Array,
};

type Handler = (args: never) => unknown;

/** One request: where it goes, its route params, and how it was built (to describe a failure). */
type Sent = { request: Request; params?: Record<string, string>; description: string };

type Target = { route: string; handler: Handler; requests: number; make: () => Sent };

/**
 * An admin route's handler as React Router runs it: behind the admin area's guard, in a request
 * context of its own. Most requests carry the admin's session, so the hostile input reaches the action.
 */
function behindAdminGuard(handler: Handler): Handler {
  return (async ({ request, params }: { request: Request; params: Record<string, string> }) => {
    if (random.chance(0.8)) request.headers.set("cookie", known.adminCookie);
    const requestContext = testContext(services);
    let result: unknown;
    let thrown = false;
    await adminGuard({ request, params, context: requestContext } as never, async () => {
      try {
        result = await handler({ request, url: new URL(request.url), params, context: requestContext } as never);
      } catch (error) {
        if (!(error instanceof Response)) throw error;
        [result, thrown] = [error, true];
      }
      return result instanceof Response ? result : new Response(null, { status: 200 });
    });
    if (thrown) throw result;
    return result;
  }) as Handler;
}

const excerpt = (text: string) => (text.length > 160 ? `${text.slice(0, 160)}…(${text.length})` : text);

/** A visitor of its own (rate limits count per IP) behind a public address. */
function clientIp(): string {
  return `10.${random.int(256)}.${random.int(256)}.${random.int(256)}`;
}

/** A React Router cookie as the browser would send it, holding whatever value an attacker likes. */
function craftedCookie(name: string, value: unknown): string {
  return `${name}=${Buffer.from(JSON.stringify(value)).toString("base64")}`;
}

/** No cookie, the real ones of the set-up (the customer's session only when `signedIn`), or hostile ones. */
function cookie(signedIn: boolean): string | undefined {
  switch (random.int(8)) {
    case 0:
    case 1:
      return undefined;
    case 2:
      return signedIn ? known.customerCookie : undefined;
    case 3:
      return known.checkoutCookie;
    case 4:
      return signedIn ? `${known.customerCookie}; ${known.checkoutCookie}` : known.checkoutCookie;
    case 5:
      return `${random.pick(["vetrina.session_token", "vetrina_checkout", "vetrina_visitor", "promo-bar-dismissed"])}=${input.headerValue()}`;
    case 6:
      return craftedCookie(
        random.pick(["vetrina_checkout", "vetrina_visitor", "vetrina.confirm_token", "vetrina.reset_token"]),
        random.chance(0.5) ? input.text() : input.jsonValue(),
      );
    default:
      return input.headerValue();
  }
}

function headers(extra: Record<string, string | undefined> = {}, signedIn = true): Headers {
  const all = new Headers({ "x-client-ip": clientIp() });
  for (const [name, value] of Object.entries({ cookie: cookie(signedIn), ...extra })) {
    if (value !== undefined) all.set(name, value);
  }
  return all;
}

/** A GET of `path` with a hostile query string of `query`'s parameters. */
function get(path: string, query: Record<string, string[]> = {}, params?: Record<string, string>): Sent {
  const search = hostileQuery(input, query);
  const url = `${origin}${path}${search ? `?${search}` : ""}`;
  return { request: new Request(url, { headers: headers() }), params, description: `GET ${excerpt(url)}` };
}

/** Every byte of `text` (lone surrogates included, as replacement bytes) percent-encoded: any text as a URL path. */
function percentEncoded(text: string): string {
  return [...Buffer.from(text)].map((byte) => `%${byte.toString(16).padStart(2, "0")}`).join("");
}

/** A GET of the admin area, mostly as the signed-in admin: otherwise only the redirect would be fuzzed. */
function adminGet(path: string, query: Record<string, string[]>): Sent {
  const sent = get(path, query);
  if (!random.chance(0.8)) return sent;
  const request = new Request(sent.request.url, { headers: headers({ cookie: known.adminCookie }) });
  return { request, description: `${sent.description} (admin)` };
}

/** The admin order list's filters, valid and not. */
const adminOrderQuery = {
  stato: ["processing", "reserved", "spedito"],
  pagamento: ["paid", "refunded"],
  consegna: ["pickup", "shipping"],
  dal: ["2026-01-01", "2026-02-30", "0000-01-01"],
  al: ["2026-12-31", "9999-12-31"],
  cerca: ["Anna", "#A1B2C3D4", "a1b2c3d4", "ro", "%_\\'"],
  pagina: ["1", "2", "999999", "0"],
};

/** The admin product list's filters, valid and not. */
const adminProductQuery = {
  cerca: ["Pigiama", "SKU-", "%_\\'"],
  genere: ["Donna", "Cani"],
  sottocategoria: ["pigiama", "x"],
  marca: ["Lunaria"],
  etichetta: ["nuovo", "outlet", "scontato", "x"],
  "scorte-basse": ["1", "0"],
  stato: ["in-vendita", "archiviati", "tutti", "x"],
  ordina: ["nome", "giacenza", "prezzo-crescente", "x"],
  pagina: ["1", "2", "999999", "0"],
};

/** The statistics' period, valid and not. */
const adminStatsQuery = {
  dal: ["2026-01-01", "2026-02-30", "0000-01-01", "1900-01-01"],
  al: ["2026-12-31", "9999-12-31", "ieri"],
  raggruppa: ["giorno", "settimana", "mese", "anno"],
};

/** The export's loader, its CSV read to the end: a failure while streaming is a crash too. */
async function exportReadToTheEnd(args: Parameters<typeof adminOrdersExport.loader>[0]): Promise<Response> {
  const response = await adminOrdersExport.loader(args);
  const body = await response.text();
  return new Response(body, { status: response.status, headers: response.headers });
}

/**
 * A POST of a form with `fields` filled by an attacker, sent as a form or as anything else; with the
 * customer's session only when `signedIn` (a logout would end it for the requests after it).
 */
function post(
  path: string,
  fields: Record<string, string[]>,
  { params, signedIn = true }: { params?: Record<string, string>; signedIn?: boolean } = {},
): Sent {
  const sent = hostileFields(input, fields);
  const { contentType, body } = formBody(input, sent);
  const url = `${origin}${path}${random.chance(0.1) ? `?${hostileQuery(input, { token: [] })}` : ""}`;
  const request = new Request(url, {
    method: "POST",
    headers: headers({ "content-type": contentType }, signedIn),
    body,
  });
  const description = `POST ${excerpt(url)} [${request.headers.get("content-type")}] ${excerpt(JSON.stringify(sent))}`;
  return { request, params, description };
}

/**
 * A multipart POST as a browser sends a form with files: hostile `fields`, and under `fileField` a
 * few files among `files` (real and hostile bytes, hostile text) with hostile names.
 */
function multipartPost(
  path: string,
  fields: Record<string, string[]>,
  fileField: string,
  files: () => Uint8Array | string,
  params?: Record<string, string>,
): Sent {
  const form = new FormData();
  for (const [name, value] of hostileFields(input, fields)) form.append(name, value);
  const count = random.int(4);
  for (let index = 0; index < count; index++) {
    const bytes = files();
    const name = input.value("foto.jpg", "x.png", "", "../../etc/passwd", "a\u0000.svg");
    form.append(fileField, new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  }
  const request = new Request(`${origin}${path}`, { method: "POST", headers: headers(), body: form });
  return {
    request,
    params,
    description: `POST ${path} [multipart, ${count} files] ${excerpt(JSON.stringify([...form.keys()]))}`,
  };
}

/** A products sheet: the import's header and rows of hostile cells, or hostile text. */
function hostileSheet(): string {
  if (random.chance(0.2)) return input.text();
  const header =
    "sku_prodotto;nome;genere;sottocategoria;marca;descrizione;prezzo;prezzo_originale;sconto;sku_variante;colore;codice_colore;taglia;giacenza";
  const cell = () => input.value("Donna", "pigiama", "12,50", "0", "#1f3a93", "M", "'=1+1", '"a;b"', '"aperta');
  const rows = Array.from({ length: 1 + random.int(3) }, () =>
    // Product SKUs of the test prefix: a row that happens to be valid is cleaned up with the test products.
    [`${TEST_SKU_PREFIX}ostile`, ...Array.from({ length: 13 }, cell)].join(random.pick([";", ","])),
  );
  return [header, ...rows].join(random.pick(["\r\n", "\n", "\r"]));
}

/** A POST of JSON (or of something that only claims to be JSON). */
function postJson(path: string, value: unknown): Sent {
  const body = random.chance(0.1) ? input.text() : JSON.stringify(value);
  const contentType = random.pick(["application/json", "text/plain", "application/x-www-form-urlencoded"]);
  const request = new Request(`${origin}${path}`, {
    method: "POST",
    headers: headers({ "content-type": contentType }),
    body,
  });
  return { request, description: `POST ${path} [${contentType}] ${excerpt(body)}` };
}

/** A product id: the test product's, a missing one, or hostile. */
const productId = () => input.value(known.productId, "1", "999999999", "2147483647", "2147483648");
/** The same for requests that change a product: never a demo product, which other tests count on. */
const writableProductId = () => input.value(known.productId, "999999999", "2147483647", "2147483648");

/** A cart line with one or two hostile fields, or no line at all. */
function hostileCartLine(): unknown {
  if (random.chance(0.1)) return input.jsonValue();
  const line: Record<string, unknown> = { ...known.variantLine };
  for (let changes = 1 + random.int(2); changes > 0; changes--) {
    line[random.pick(Object.keys(line))] = random.chance(0.5) ? input.jsonValue() : input.text();
  }
  return line;
}

/** A cart: valid lines around one hostile line (one is enough to refuse the cart), or no list at all. */
function cartLines(): unknown {
  if (random.chance(0.1)) return input.jsonValue();
  const lines: unknown[] = Array.from({ length: random.int(3) }, () => ({ ...known.variantLine, size: "S" }));
  lines.splice(random.int(lines.length + 1), 0, hostileCartLine());
  return lines;
}

/** A page cursor: a real one, a real one for another sort, hand-made JSON, or junk. */
function cursor(): string {
  const kind = random.pick(["newest", "price_asc", "price_desc", "relevance", "other"]);
  const key =
    kind === "newest"
      ? random.pick([
          "2024-05-01 10:00:00.123456+00",
          "2024-13-45 25:61:61+99",
          "2024-02-30 10:00:00+00",
          "0000-01-01 00:00:00+00",
          "9999-12-31 23:59:59.999999-15:59",
          input.text(),
        ])
      : input.jsonValue();
  const made = {
    kind,
    key,
    id: random.chance(0.5) ? input.jsonValue() : 1,
    total: random.chance(0.5) ? input.jsonValue() : 10,
  };
  switch (random.int(4)) {
    case 0:
      return random.pick(known.cursors);
    case 1:
    case 2:
      return Buffer.from(JSON.stringify(made)).toString("base64url");
    default:
      return input.text();
  }
}

const catalogueQuery = () => ({
  category: ["Donna", "Uomo", "Bambini", "all"],
  subcategory: ["reggiseno", "pigiama", "all"],
  price: [...PRICE_BUCKETS],
  color: ["Nero", "Bianco"],
  size: ["M", "S"],
  brand: ["Triumph"],
  search: [input.search(), "reggiseno", "regiseno nero"],
  sort: [...SORT_OPTIONS],
  // A cursor that is not the page's sends the list back to its top: other inputs go deeper without one.
  ...(random.chance(0.3) && { cursor: [cursor()] }),
});

/** The first step of the checkout as a shopper fills it in, with a fixed address. */
const draftFields = () => ({ ...testDraft(), email: "anna@example.it" });

const checkoutIntents = (): Record<string, Record<string, string[]>> => ({
  cart: { cart: [JSON.stringify([known.variantLine])], next: ["/checkout", "//evil.example"] },
  "first-order": { email: ["anna@example.it", "a@b"] },
  coupon: { code: ["VETRINA15", "vetrina 15"] },
  "coupon-remove": {},
  information: Object.fromEntries(Object.entries(draftFields()).map(([name, value]) => [name, [value]])),
  place: { seen: ['{"totalCents":null,"lines":[]}', "null"] },
});

const authIntents: Record<string, Record<string, string[]>> = {
  login: { email: ["anna@example.it"], password: [testPassword], redirectTo: ["/orders", "//evil.example"] },
  register: {
    name: ["Anna Neri"],
    email: ["ostile-registrazione@example.it"],
    password: [testPassword],
    confirmPassword: [testPassword],
    termsAccepted: ["on"],
    privacyAccepted: ["on"],
  },
  "reset-request": { email: ["anna@example.it"] },
  "resend-confirmation": { email: ["anna@example.it"] },
  "confirm-email": {},
};

function withIntent(intents: Record<string, Record<string, string[]>>): Record<string, string[]> {
  const intent = random.pick(Object.keys(intents));
  return { intent: [intent], ...intents[intent] };
}

const targets: Target[] = [
  { route: "GET (root)", handler: root.loader, requests: 100, make: () => get(random.pick(["/", "/shop", "/x"])) },
  { route: "GET /", handler: home.loader, requests: 20, make: () => get("/") },
  { route: "GET /blog", handler: blog.loader, requests: 20, make: () => get("/blog") },
  {
    route: "GET /blog/:slug",
    handler: blogPost.loader,
    requests: 120,
    make: () => get("/blog/x", {}, { slug: input.value(fuzzPostSlug) }),
  },
  {
    route: "POST /blog/:slug",
    handler: blogPost.action,
    requests: 250,
    make: () =>
      post(
        "/blog/x",
        random.chance(0.5)
          ? { intent: ["rate"], rating: ["1", "5", "4.5"], website: [""] }
          : { intent: ["comment"], author: ["Anna"], content: ["Bello!"], website: [""] },
        { params: { slug: input.value(fuzzPostSlug) } },
      ),
  },
  {
    route: "POST /contact",
    handler: contact.action,
    requests: 150,
    make: () =>
      post("/contact", {
        name: ["Anna Neri"],
        email: ["anna@example.it"],
        subject: ["Taglie"],
        message: ["Avete la M?"],
        website: [""],
      }),
  },
  {
    route: "POST /subscribe",
    handler: subscribe.action,
    requests: 120,
    make: () => post("/subscribe", { email: ["anna@example.it"], source: ["footer", "popup"], website: [""] }),
  },
  {
    route: "GET /newsletter/conferma",
    handler: newsletterConfirm.loader,
    requests: 30,
    make: () => get("/newsletter/conferma", { token: [] }),
  },
  {
    route: "POST /newsletter/conferma",
    handler: newsletterConfirm.action,
    requests: 100,
    make: () => post("/newsletter/conferma", { token: [] }),
  },
  {
    route: "GET /newsletter/disiscriviti",
    handler: newsletterUnsubscribe.loader,
    requests: 30,
    make: () => get("/newsletter/disiscriviti", { token: [] }),
  },
  {
    route: "POST /newsletter/disiscriviti",
    handler: newsletterUnsubscribe.action,
    requests: 100,
    make: () => post("/newsletter/disiscriviti", { token: [] }),
  },
  {
    route: "GET /product/:id",
    handler: product.loader,
    requests: 150,
    make: () => get("/product/x", {}, { id: productId() }),
  },
  {
    route: "POST /product/:id",
    handler: product.action,
    requests: 250,
    make: () =>
      post(
        "/product/x",
        { author: ["Dora"], rating: ["1", "5"], content: ["Perfetto."], website: [""] },
        { params: { id: productId() } },
      ),
  },
  {
    route: "POST /api/cart/quote",
    handler: cartQuote.action,
    requests: 250,
    make: () => postJson("/api/cart/quote", random.chance(0.9) ? { items: cartLines() } : input.jsonValue()),
  },
  {
    route: "GET /checkout",
    handler: checkout.loader,
    requests: 60,
    make: () => get("/checkout", { passo: ["pagamento"] }),
  },
  {
    route: "POST /checkout",
    handler: checkout.action,
    requests: 600,
    make: () => {
      const fields = withIntent(checkoutIntents());
      if (fields.intent?.[0] === "cart" && random.chance(0.5)) fields.cart = [JSON.stringify(cartLines())];
      return post("/checkout", fields);
    },
  },
  {
    route: "GET /checkout-success",
    handler: checkoutSuccess.loader,
    requests: 80,
    make: () =>
      get("/checkout-success", {
        session_id: [known.paymentSessionId],
        order_id: ["00000000-0000-4000-8000-000000000000"],
        reservation: ["true"],
      }),
  },
  {
    route: "GET /pagamento-di-prova/:sessionId",
    handler: sandboxPayment.loader,
    requests: 60,
    make: () => get("/pagamento-di-prova/x", {}, { sessionId: input.value(known.paymentSessionId) }),
  },
  {
    route: "POST /pagamento-di-prova/:sessionId",
    handler: sandboxPayment.action,
    requests: 80,
    make: () =>
      post(
        "/pagamento-di-prova/x",
        { intent: ["decline", "pay", "fail"] },
        { params: { sessionId: input.value(known.paymentSessionId) } },
      ),
  },
  {
    route: "POST /api/pagamenti/webhook",
    handler: paymentWebhook.action,
    requests: 100,
    make: () => {
      const body = random.chance(0.5) ? JSON.stringify({ id: input.jsonValue(), type: input.text() }) : input.text();
      const signature = input.headerValue(random.chance(0.5) ? `t=${input.number()},v1=${input.text()}` : input.text());
      const request = new Request(`${origin}/api/pagamenti/webhook`, {
        method: "POST",
        headers: headers({ [SANDBOX_SIGNATURE_HEADER]: signature }),
        body,
      });
      return { request, description: `POST webhook ${excerpt(signature)} ${excerpt(body)}` };
    },
  },
  {
    route: "GET /auth",
    handler: auth.loader,
    requests: 80,
    make: () => get("/auth", { token: [], redirectTo: ["/orders"], tab: ["register"] }),
  },
  {
    route: "POST /auth",
    handler: auth.action,
    requests: 350,
    make: () => post("/auth", withIntent(authIntents)),
  },
  {
    route: "GET /auth/codice",
    handler: secondFactor.loader,
    requests: 30,
    make: () => get("/auth/codice", { redirectTo: ["/admin"] }),
  },
  {
    route: "POST /auth/codice",
    handler: secondFactor.action,
    requests: 100,
    make: () =>
      post("/auth/codice", {
        intent: ["totp", "recovery"],
        code: ["123456", "ABCDE-12345"],
        redirectTo: ["/admin", "//evil.example"],
      }),
  },
  {
    route: "GET /auth/attiva-due-passaggi",
    handler: secondFactorSetup.loader,
    requests: 30,
    make: () => get("/auth/attiva-due-passaggi", { redirectTo: ["/admin"] }),
  },
  {
    route: "POST /auth/attiva-due-passaggi",
    handler: secondFactorSetup.action,
    requests: 100,
    make: () =>
      post("/auth/attiva-due-passaggi", { intent: ["start", "confirm"], password: [testPassword], code: ["123456"] }),
  },
  {
    route: "GET /reset-password",
    handler: resetPassword.loader,
    requests: 40,
    make: () => get("/reset-password", { token: [] }),
  },
  {
    route: "POST /reset-password",
    handler: resetPassword.action,
    requests: 80,
    make: () => post("/reset-password", { password: [testPassword], confirmPassword: [testPassword] }),
  },
  {
    route: "POST /logout",
    handler: logout.action,
    requests: 60,
    make: () => post("/logout", { redirectTo: ["/"] }, { signedIn: false }),
  },
  { route: "GET /profile", handler: profile.loader, requests: 30, make: () => get("/profile") },
  {
    route: "POST /profile",
    handler: profile.action,
    requests: 300,
    make: () =>
      post("/profile", {
        first_name: ["Anna"],
        last_name: ["Neri"],
        phone: ["333 1234567"],
        address: ["Via Roma 1"],
        city: ["Fossano"],
        postal_code: ["12045"],
        province: ["CN"],
        country: ["Italia"],
        date_of_birth: ["1980-02-29", "2024-02-30", "0000-01-01", ""],
      }),
  },
  { route: "GET /profile/dati.json", handler: profileData.loader, requests: 20, make: () => get("/profile/dati.json") },
  {
    route: "GET /profile/elimina-account",
    handler: profileDelete.loader,
    requests: 20,
    make: () => get("/profile/elimina-account"),
  },
  {
    route: "POST /profile/elimina-account",
    handler: profileDelete.action,
    requests: 60,
    // Never the customer's password: the session must live on for the requests after these.
    make: () => post("/profile/elimina-account", { password: ["Sbagliata#2024", ""], redirectTo: ["/"] }),
  },
  { route: "GET /orders", handler: orders.loader, requests: 20, make: () => get("/orders") },
  {
    route: "GET /orders/:orderId/label",
    handler: orderLabel.loader,
    requests: 60,
    make: () => get("/orders/x/label", {}, { orderId: input.value("00000000-0000-4000-8000-000000000000") }),
  },
  {
    route: "GET /scarica/*",
    handler: signedFile.loader,
    requests: 60,
    make: () =>
      get(
        // Well-formed and hostile keys (encoded as a browser sends them), any signature.
        `/scarica/${random.chance(0.5) ? random.pick(["labels/etichetta.pdf", "products/1/nero-0.svg", "..%2F..%2Fetc%2Fpasswd", "%E0%A4%A"]) : percentEncoded(input.text())}`,
        { scade: ["99999999999", "0", "-1"], nome: ["etichetta.pdf", 'a"b.pdf'], firma: ["AAAA", ""] },
      ),
  },
  {
    route: "GET /recesso",
    handler: withdrawal.loader,
    requests: 60,
    make: () =>
      get("/recesso", {
        ordine: [known.orderId.slice(0, 8), "#A1B2C3D4"],
        richiesta: ["00000000-0000-4000-8000-000000000000"],
      }),
  },
  {
    route: "POST /recesso",
    handler: withdrawal.action,
    requests: 200,
    make: () =>
      post("/recesso", {
        intent: ["lookup", "review", "confirm", "edit"],
        ordine: [known.orderId.slice(0, 8), `#${known.orderId.slice(0, 8).toUpperCase()}`],
        emailOrdine: [testShippingAddress.email, ""],
        nome: ["Anna Neri"],
        email: ["anna@example.it"],
        recesso: ["tutto", "articoli"],
        "quantita-1": ["1", "-1", "1e9"],
      }),
  },
  { route: "GET /admin", handler: behindAdminGuard(adminLayout.loader), requests: 10, make: () => get("/admin") },
  {
    route: "GET /admin (index)",
    handler: behindAdminGuard(adminIndex.loader),
    requests: 10,
    make: () => get("/admin"),
  },
  {
    route: "GET /admin/orders",
    handler: behindAdminGuard(adminOrders.loader),
    requests: 150,
    make: () => adminGet("/admin/orders", adminOrderQuery),
  },
  {
    route: "GET /admin/orders/export.csv",
    handler: behindAdminGuard(exportReadToTheEnd as Handler),
    requests: 60,
    make: () => adminGet("/admin/orders/export.csv", adminOrderQuery),
  },
  {
    route: "POST /admin/orders",
    handler: behindAdminGuard(adminOrders.action),
    requests: 120,
    make: () =>
      post("/admin/orders", {
        intent: ["create-shipment", "create-shipments", "complete", "close-day", "delete-shipment", "refund"],
        orderId: [known.orderId, "00000000-0000-4000-8000-000000000000"],
        weight: ["0,5", "1.2", "0", "99999"],
        parcels: ["1", "2", "0"],
        refund: ["1,00", "0"],
      }),
  },
  {
    route: "GET /admin/orders/etichette",
    handler: behindAdminGuard(adminOrderLabels.loader),
    requests: 20,
    make: () => get("/admin/orders/etichette", { ordine: [known.orderId, "00000000-0000-4000-8000-000000000000"] }),
  },
  {
    route: "GET /admin/orders/:orderId",
    handler: behindAdminGuard(adminOrderDetail.loader),
    requests: 20,
    make: () => get("/admin/orders/x", {}, { orderId: input.value(known.orderId) }),
  },
  {
    route: "POST /admin/orders/:orderId",
    handler: behindAdminGuard(adminOrderDetail.action),
    requests: 80,
    make: () =>
      post(
        "/admin/orders/x",
        {
          intent: ["add-note", "resend-confirmation", "cancel-order", "refund", "complete"],
          note: ["Richiamare"],
          refund: ["1,00", "0", "12,505"],
          reason: ["reso"],
        },
        { params: { orderId: input.value(known.orderId) } },
      ),
  },
  {
    route: "GET /admin/returns",
    handler: behindAdminGuard(adminReturns.loader),
    requests: 30,
    make: () => get("/admin/returns", { stato: ["received", "refunded", "", "nessuno"] }),
  },
  {
    route: "GET /admin/returns/:requestId",
    handler: behindAdminGuard(adminReturnDetail.loader),
    requests: 20,
    make: () => get("/admin/returns/x", {}, { requestId: input.value("00000000-0000-4000-8000-000000000000") }),
  },
  {
    route: "POST /admin/returns/:requestId",
    handler: behindAdminGuard(adminReturnDetail.action),
    requests: 60,
    make: () =>
      post(
        "/admin/returns/x",
        {
          intent: ["goods-received", "decide", "refund-return"],
          item: ["1", "-1", "9999999999999999"],
          "decision-1": ["accepted", "refused"],
          "reason-1": ["Sigillo aperto"],
          "restock-1": ["on"],
        },
        { params: { requestId: input.value("00000000-0000-4000-8000-000000000000") } },
      ),
  },
  {
    route: "GET /admin/analytics",
    handler: behindAdminGuard(adminAnalytics.loader),
    requests: 60,
    make: () => adminGet("/admin/analytics", adminStatsQuery),
  },
  {
    route: "GET /admin/analytics/export.csv",
    handler: behindAdminGuard(adminAnalyticsExport.loader),
    requests: 40,
    make: () => adminGet("/admin/analytics/export.csv", adminStatsQuery),
  },
  {
    route: "GET /admin/products",
    handler: behindAdminGuard(adminProducts.loader),
    requests: 60,
    make: () => adminGet("/admin/products", adminProductQuery),
  },
  {
    route: "POST /admin/products",
    handler: behindAdminGuard(adminProducts.action),
    requests: 30,
    make: () =>
      post("/admin/products", {
        intent: ["stock", "archive", "unarchive", "duplicate", "save"],
        productId: [known.productId, "-1", "9999999999999999"],
        [`stock-${known.variantId}`]: ["5", "-1", "1e9"],
        [`seen-${known.variantId}`]: ["1000000", "x"],
      }),
  },
  {
    route: "GET /admin/products/nuovo",
    handler: behindAdminGuard(adminProductEdit.loader),
    requests: 10,
    make: () => get("/admin/products/nuovo", { fatto: ["creato", "copiato"] }),
  },
  {
    route: "GET /admin/products/:productId",
    handler: behindAdminGuard(adminProductEdit.loader),
    requests: 20,
    make: () => get("/admin/products/x", {}, { productId: productId() }),
  },
  {
    route: "POST /admin/products/:productId",
    handler: behindAdminGuard(adminProductEdit.action),
    requests: 40,
    make: () =>
      post(
        "/admin/products/x",
        {
          intent: ["save", "archive", "unarchive", "duplicate"],
          name: ["Pigiama"],
          gender: ["Donna", "Cani"],
          subcategory: ["pigiama"],
          brand: ["Marca"],
          // A valid save keeps the test prefix, so the test products' cleanup still finds the product.
          sku: [`${TEST_SKU_PREFIX}ostile`, "con spazi"],
          price: ["29,90", "-1", "1e99"],
          colorName: ["Nero"],
          colorCode: ["#111111", "rosso"],
          size: ["M"],
          stock: ["1", "-1"],
          variantId: ["1", "x"],
        },
        { params: { productId: writableProductId() } },
      ),
  },
  {
    route: "GET /admin/products/:productId/immagini",
    handler: behindAdminGuard(adminProductImages.loader),
    requests: 20,
    make: () => get("/admin/products/x/immagini", {}, { productId: productId() }),
  },
  {
    route: "POST /admin/products/:productId/immagini",
    handler: behindAdminGuard(adminProductImages.action),
    requests: 80,
    make: () =>
      post(
        "/admin/products/x/immagini",
        {
          intent: ["move-up", "move-down", "save", "delete", "upload"],
          imageId: ["1", "0", "-1", "2147483648"],
          alt: ["Pigiama, davanti", ""],
          colorName: ["Nero", "", "Fucsia"],
        },
        { params: { productId: writableProductId() } },
      ),
  },
  {
    route: "POST /admin/products/:productId/immagini (upload)",
    handler: behindAdminGuard(adminProductImages.action),
    requests: 40,
    make: () =>
      multipartPost(
        "/admin/products/x/immagini",
        { intent: ["upload"], alt: ["Pigiama", ""], colorName: ["Nero", ""] },
        "images",
        () => random.pick([known.jpeg, svgWithScript, htmlPage, input.text(), new Uint8Array([0xff, 0xd8, 0xff])]),
        { productId: writableProductId() },
      ),
  },
  {
    route: "GET /admin/products/export.csv",
    handler: behindAdminGuard(adminProductsExport.loader),
    requests: 10,
    make: () => adminGet("/admin/products/export.csv", { modello: ["1", "0"] }),
  },
  {
    route: "GET /admin/products/import",
    handler: behindAdminGuard(adminProductsImport.loader),
    requests: 10,
    make: () => get("/admin/products/import"),
  },
  {
    route: "POST /admin/products/import",
    handler: behindAdminGuard(adminProductsImport.action),
    requests: 80,
    make: () =>
      random.chance(0.3)
        ? post("/admin/products/import", { intent: ["check", "import"], file: ["prodotti.csv"] })
        : multipartPost("/admin/products/import", { intent: ["check", "import"] }, "file", hostileSheet),
  },
  {
    route: "GET /admin/settings/backup",
    handler: behindAdminGuard(adminBackups.loader),
    requests: 10,
    make: () => get("/admin/settings/backup"),
  },
  {
    route: "POST /admin/settings/backup",
    handler: behindAdminGuard(adminBackups.action),
    requests: 60,
    // Never a folder that exists: the shared database's setting must not point the page at one.
    make: () =>
      post("/admin/settings/backup", {
        intent: ["backups", "shipping", "coupon-create"],
        folder: [
          "",
          "backups",
          "../../etc",
          "/proc/self/../..",
          "s3://",
          "s3://Bad_Bucket/x",
          "/nonexistent-vetrina-fuzz",
        ],
        kept: ["7", "0", "366", "-1", "1e3"],
      }),
  },
  {
    route: "GET /admin/pronto",
    handler: behindAdminGuard(adminReadiness.loader),
    requests: 10,
    make: () => get("/admin/pronto"),
  },
  {
    route: "POST /admin/pronto",
    handler: behindAdminGuard(adminReadiness.action),
    requests: 30,
    // The tests' sandboxes and no SMTP server: 'Verifica' calls nothing outside.
    make: () => post("/admin/pronto", { intent: ["verify", "backups", ""] }),
  },
  {
    route: "GET /admin/settings/demo",
    handler: behindAdminGuard(adminDemoData.loader),
    requests: 10,
    make: () => get("/admin/settings/demo"),
  },
  {
    route: "POST /admin/settings/demo",
    handler: behindAdminGuard(adminDemoData.action),
    requests: 40,
    // Never the confirmation itself: the shared database's demo catalogue must stay for the other files.
    make: () =>
      post("/admin/settings/demo", {
        intent: ["remove-demo", "backups"],
        confirmation: ["", "inizia?", "INIZIA CON", "ＩＮＩＺＩＡ", "INIZ\u0130A", "' or 1=1 --"],
      }),
  },
  {
    route: "GET /admin/settings",
    handler: behindAdminGuard(adminSettings.loader),
    requests: 20,
    make: () => get("/admin/settings"),
  },
  {
    route: "POST /admin/settings",
    handler: behindAdminGuard(adminSettings.action),
    requests: 150,
    make: () =>
      post("/admin/settings", {
        intent: [...settingsIntents],
        feeEuro: ["7,90", "0", "1.000,00", "-1"],
        freeShippingEnabled: ["on"],
        freeShippingThresholdEuro: ["100", ""],
        returnCostEuro: ["7,90"],
        monday: ["09:00-13:00", "25:00-26:00"],
        text: ["Saldi"],
        enabled: ["on"],
        firstOrderPercent: ["10", "0", "101"],
        birthdayPercent: ["10"],
        urlTemplate: ["https://gls.example/{tracking}"],
        code: ["OSTILE", "ostile 2"],
        percentOff: ["10", "100", "0"],
        startsOn: ["2026-06-01", "2026-02-30"],
        endsOn: ["2026-08-31"],
        maxUses: ["1", "0", ""],
        vatNumber: ["02987610041", "1"],
      }),
  },
  {
    route: "GET /shop",
    handler: shop.loader,
    requests: 400,
    make: () => get("/shop", catalogueQuery()),
  },
  {
    route: "GET /api/catalogo",
    handler: catalogueApi.loader,
    requests: 400,
    make: () => get("/api/catalogo", catalogueQuery()),
  },
  ...(
    [
      ["/donna", donna.loader],
      ["/uomo", uomo.loader],
      ["/bambini", bambini.loader],
      ["/outlet", outlet.loader],
      ["/nuova-collezione", newCollection.loader],
    ] as const
  ).map(
    ([path, handler]): Target => ({
      route: `GET ${path}`,
      handler,
      requests: 40,
      make: () => get(path, catalogueQuery()),
    }),
  ),
  ...(
    [
      ["GET /api/cart/quote", cartQuote.loader],
      ["GET /logout", logout.loader],
      ["GET /api/pagamenti/webhook", paymentWebhook.loader],
    ] as const
  ).map(([route, handler]): Target => ({ route, handler, requests: 5, make: () => get(route.slice(4)) })),
  ...(
    [
      ["POST /api/catalogo", catalogueApi.action],
      ["POST /orders/:orderId/label", orderLabel.action],
      ["POST /scarica/labels/x.pdf", signedFile.action],
      ["POST /admin/orders/export.csv", adminOrdersExport.action],
      ["POST /sitemap.xml", sitemap.action],
      ["POST /robots.txt", robots.action],
    ] as const
  ).map(([route, handler]): Target => ({ route, handler, requests: 5, make: () => post(route.slice(5), {}) })),
  { route: "GET /sitemap.xml", handler: sitemap.loader, requests: 5, make: () => get("/sitemap.xml") },
  { route: "GET /robots.txt", handler: robots.loader, requests: 5, make: () => get("/robots.txt") },
  {
    route: "GET /* (not found)",
    handler: notFound.loader,
    requests: 10,
    make: () => get("/x", {}, { "*": input.text() }),
  },
];

// Refused requests are logged as warnings, thousands of them here; errors still show.
const loggerLevel = logger.level;
beforeAll(() => {
  logger.level = "error";
});
afterAll(() => {
  logger.level = loggerLevel;
});

beforeAll(async () => {
  const variant = await createTestVariant(db, { stock: 1_000_000 });
  known.productId = String(variant.productId);
  known.variantId = variant.variantId;
  known.variantLine = variant.line(1);
  known.jpeg = await testImage("jpeg", { width: 40, height: 30 });
  await db.insert(blogPosts).values({
    slug: fuzzPostSlug,
    title: "Articolo delle richieste ostili",
    excerpt: "Per i test.",
    contentHtml: "<p>Testo.</p>",
    publishedAt: new Date("2020-01-01T09:00:00Z"),
    author: "Redazione",
    category: "Prove",
  });

  const email = uniqueEmail("ostile");
  await createConfirmedUser(db, { email, password: testPassword, name: "Anna Neri", role: "customer" });
  const login = await callRoute(
    auth.action,
    formPost(`${origin}/auth`, { intent: "login", email, password: testPassword }, { ip: "192.0.2.200" }),
    context,
  );
  known.customerCookie = (login.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  known.adminCookie = await adminSessionCookie(await createTestAdmin(db));
  known.orderId = await insertOrder(db, null, { shippingAddress: { ...testShippingAddress, province: "CN" } });

  // A checkout with a cart and the first step done, then paid through a sandbox page: its session id.
  const started = await callRoute(
    checkout.action,
    formPost(
      `${origin}/checkout`,
      { intent: "cart", cart: JSON.stringify([known.variantLine]) },
      { ip: "192.0.2.201" },
    ),
    context,
  );
  known.checkoutCookie = (started.headers.get("Set-Cookie") ?? "").split(";")[0] ?? "";
  const shopper = { ip: "192.0.2.202", cookie: known.checkoutCookie };
  await callRoute(
    checkout.action,
    formPost(`${origin}/checkout`, { intent: "information", ...draftFields() }, shopper),
    context,
  );
  const payment = await callRoute<{ seen: string }>(
    checkout.loader,
    new Request(`${origin}/checkout?passo=pagamento`, { headers: { cookie: known.checkoutCookie } }),
    context,
  );
  const placed = await callRoute(
    checkout.action,
    formPost(`${origin}/checkout`, { intent: "place", seen: payment.data.seen }, shopper),
    context,
  );
  known.paymentSessionId = (placed.headers.get("Location") ?? "").split("/").at(-1) ?? "";

  for (const sort of SORT_OPTIONS) {
    for (const search of ["", "reggiseno"]) {
      const page = await listProducts(db, { sort, search }, { pageSize: 2 });
      if (page.nextCursor) known.cursors.push(page.nextCursor);
    }
  }
});

const startedAt = new Date();

afterAll(async () => {
  await deleteTestVariants(db);
  // What the fuzzing of 'Impostazioni' saved: the shop goes back to its defaults.
  await db.delete(shopSettings);
  await db.delete(settingChanges).where(gte(settingChanges.createdAt, startedAt));
  await db.delete(coupons).where(gte(coupons.createdAt, startedAt));
  forgetCachedSettings();
  // Its comments and ratings go with it.
  await db.delete(blogPosts).where(eq(blogPosts.slug, fuzzPostSlug));
});

describe("hostile requests", () => {
  it("the set-up found its real ids, cookies and cursors", () => {
    expect(known.customerCookie).toMatch(/^vetrina\.session_token=/);
    expect(known.adminCookie).toMatch(/vetrina\.session_token=/);
    expect(known.checkoutCookie).toMatch(/^vetrina_checkout=/);
    expect(known.paymentSessionId).toMatch(/^sbx_cs_/);
    expect(known.cursors.length).toBeGreaterThan(0);
  });

  it("never answer with a server error", async () => {
    const started = performance.now();
    const failures = new Map<string, string>();
    const summary: string[] = [];
    let total = 0;
    for (const target of targets) {
      const statuses = new Map<number, number>();
      for (let index = 0; index < target.requests; index++) {
        const sent = target.make();
        const outcome = await runHandler(() =>
          target.handler({
            request: sent.request,
            url: new URL(sent.request.url),
            params: sent.params ?? {},
            context,
          } as never),
        );
        statuses.set(outcome.status, (statuses.get(outcome.status) ?? 0) + 1);
        if (outcome.status >= 500) {
          const cause =
            outcome.crash instanceof Error ? outcome.crash.message : String(outcome.crash ?? outcome.status);
          // One example per route and cause.
          const key = `${target.route}: ${excerpt(cause.split("\n")[0] ?? "")}`;
          if (!failures.has(key)) failures.set(key, sent.description);
        }
      }
      total += target.requests;
      const counts = [...statuses].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`);
      summary.push(`${target.route.padEnd(36)} ${String(target.requests).padStart(4)}  ${counts.join(" ")}`);
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      [
        `${total} hostile requests (seed ${seed}) over ${targets.length} loaders and actions in ${seconds} s`,
        ...summary,
      ].join("\n"),
    );
    expect(Object.fromEntries(failures)).toEqual({});
  }, 120_000);

  it("refuse a form without an intent, or with one no form posts, with a 400 in the one answer shape", async () => {
    const refused = { ok: false, notice: { title: "Errore", description: unknownIntentMessage } };
    const forms: Record<string, string>[] = [{}, { intent: "drop-table" }, { intent: "constructor" }];
    const storefront: [string, (args: never) => unknown, Record<string, string>?][] = [
      ["/checkout", checkout.action],
      ["/cart", cart.action],
      ["/auth", auth.action],
      ["/auth/codice", secondFactor.action],
      ["/auth/attiva-due-passaggi", secondFactorSetup.action],
      [`/blog/${fuzzPostSlug}`, blogPost.action, { slug: fuzzPostSlug }],
      ["/recesso", withdrawal.action],
      [`/pagamento-di-prova/${known.paymentSessionId}`, sandboxPayment.action, { sessionId: known.paymentSessionId }],
    ];
    for (const [path, handler, params] of storefront) {
      for (const fields of forms) {
        const answer = await callRoute(
          handler,
          formPost(`${origin}${path}`, fields, { ip: "192.0.2.203" }),
          context,
          params,
        );
        expect({ path, fields, ...answer, headers: undefined }).toEqual({
          path,
          fields,
          status: 400,
          data: refused,
          headers: undefined,
        });
      }
    }
    const admin: [string, (args: never) => unknown, Record<string, string>?][] = [
      ["/admin/orders", adminOrders.action],
      [`/admin/orders/${known.orderId}`, adminOrderDetail.action, { orderId: known.orderId }],
      ["/admin/returns/x", adminReturnDetail.action, { requestId: "00000000-0000-4000-8000-000000000000" }],
      ["/admin/products", adminProducts.action],
      [`/admin/products/${known.productId}`, adminProductEdit.action, { productId: known.productId }],
      [`/admin/products/${known.productId}/immagini`, adminProductImages.action, { productId: known.productId }],
      ["/admin/products/import", adminProductsImport.action],
      ["/admin/settings", adminSettings.action],
      ["/admin/pronto", adminReadiness.action],
    ];
    for (const [path, handler, params] of admin) {
      for (const fields of forms) {
        const request = formPost(`${origin}${path}`, fields, { ip: "192.0.2.204", cookie: known.adminCookie });
        const answer = await callAdminRoute(handler, request, services, params);
        expect({ path, fields, ...answer, headers: undefined }).toEqual({
          path,
          fields,
          status: 400,
          data: refused,
          headers: undefined,
        });
      }
    }
  });

  it("answer a method an endpoint does not take with 405, in Italian", async () => {
    for (const handler of [cartQuote.loader, paymentWebhook.loader]) {
      const answer = handler();
      expect([answer.status, answer.headers.get("Allow"), await answer.text()]).toEqual([
        405,
        "POST",
        "Metodo non consentito.",
      ]);
    }
    for (const handler of [
      catalogueApi.action,
      orderLabel.action,
      signedFile.action,
      adminOrdersExport.action,
      sitemap.action,
      robots.action,
    ]) {
      const answer = handler();
      expect([answer.status, answer.headers.get("Allow")]).toEqual([405, "GET, HEAD"]);
    }
  });

  it("send a GET of /logout home, without ending the session (only the Logout button's POST does)", () => {
    const answer = logout.loader();
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, "/"]);
  });

  it("take a hand-made reset cookie holding a NUL character as no link", async () => {
    const request = new Request(`${origin}/reset-password`, {
      headers: { cookie: craftedCookie("vetrina.reset_token", "a\u0000") },
    });
    // The page then says the link is not valid.
    await expect(
      resetPassword.loader({ request, url: new URL(request.url), params: {}, context } as never),
    ).resolves.toEqual({
      email: null,
    });
  });
});

import net from "node:net";
import { eq } from "drizzle-orm";
import {
  blogPosts,
  orderItems,
  orders,
  productImages,
  products,
  userProfiles,
  withdrawalItems,
  withdrawalRequests,
} from "../../app/db/schema";
import { everyRoute, isPage, readsSession } from "../support/route-modules";
import {
  createUser,
  labelDownload,
  placeOrder,
  sessionCookie,
  signedLabelPath,
  type TestUser,
} from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { appPort, baseURL } from "./support/ports";
import { expect, test } from "./support/test";

// Who may reach what, over HTTP as any client would: every admin and customer endpoint (pages, their
// `.data` requests, including ones aimed at a single child route's loader, the label download and
// the profile update) for a guest, a customer, another customer and an admin.

type Role = "guest" | "customer" | "otherCustomer" | "admin";
const roles: Role[] = ["guest", "customer", "otherCustomer", "admin"];

/** What one role must get: the page (status 200) showing and not showing some text, a redirect, or an error. */
type Outcome =
  | { shows: string[]; hides?: string[] }
  | { redirect: string }
  | { status: number; body: string; type?: string };

let users: Record<Exclude<Role, "guest">, TestUser>;
let cookies: Record<Role, string | undefined>;
let orderOf: { customer: string; customerUnlabelled: string; otherCustomer: string };
/** The customer's withdrawal from their order, as the withdrawal form leaves it. */
let returnOf: string;
const short = (id: string) => `#${id.slice(0, 8)}`;

test.beforeAll(async () => {
  users = {
    customer: await createUser("customer", "Carla Cliente"),
    otherCustomer: await createUser("customer", "Oscar Altro"),
    admin: await createUser("admin", "Ada Admin"),
  };
  orderOf = {
    customer: await placeOrder(users.customer.id, { label: "file" }),
    customerUnlabelled: await placeOrder(users.customer.id),
    otherCustomer: await placeOrder(users.otherCustomer.id, { label: "file" }),
  };
  // On the order the /recesso test leaves without a request.
  returnOf = await withdraw(orderOf.customerUnlabelled, users.customer);
  cookies = {
    guest: undefined,
    customer: await sessionCookie(users.customer),
    otherCustomer: await sessionCookie(users.otherCustomer),
    admin: await sessionCookie(users.admin),
  };
});

async function withdraw(orderId: string, customer: TestUser): Promise<string> {
  const db = e2eDatabase();
  const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  const [request] = await db
    .insert(withdrawalRequests)
    .values({ orderId, userId: customer.id, name: customer.name, email: customer.email, wholeOrder: true })
    .returning({ id: withdrawalRequests.id });
  if (!line || !request) throw new Error(`no withdrawal from ${orderId}`);
  await db.insert(withdrawalItems).values({ requestId: request.id, orderItemId: line.id, quantity: line.quantity });
  return request.id;
}

/**
 * `role` is sent on from the label's page link to the store's short-lived link to its PDF, which
 * opens for anyone holding it (no cookie), and for nothing else once tampered with.
 */
async function expectLabel(path: string, role: Role) {
  const where = `${role} GET ${path}`;
  const answer = await get(path, role);
  expect(answer.status, where).toBe(303);
  const download = answer.headers.get("Location") ?? "";
  expect(download, where).toMatch(labelDownload);
  const file = await fetch(`${baseURL}${download}`, { redirect: "manual" });
  expect(file.status, where).toBe(200);
  expect(file.headers.get("Content-Type"), where).toBe("application/pdf");
  expect(file.headers.get("Cache-Control"), where).toBe("private, no-store");
  expect((await file.text()).startsWith("%PDF-"), where).toBe(true);
  const tampered = await fetch(
    `${baseURL}${download.replace(/scade=(\d)/, (_, digit) => `scade=${(Number(digit) + 1) % 10}`)}`,
  );
  expect(tampered.status, where).toBe(403);
}

function get(path: string, role: Role) {
  const cookie = cookies[role];
  return fetch(`${baseURL}${path}`, { redirect: "manual", headers: cookie ? { Cookie: cookie } : {} });
}

async function expectOutcome(path: string, role: Role, outcome: Outcome) {
  const response = await get(path, role);
  const body = await response.text();
  const where = `${role} GET ${path}`;
  const isData = path.includes(".data");
  if ("redirect" in outcome) {
    if (isData) {
      // A data request gets its redirect inside the body, for the client router to follow.
      expect(response.status, where).toBe(202);
      expect(body, where).toContain(`"redirect","${outcome.redirect}"`);
    } else {
      expect(response.status, where).toBe(302);
      expect(response.headers.get("Location"), where).toBe(outcome.redirect);
    }
    return;
  }
  if ("status" in outcome) {
    expect(response.status, where).toBe(outcome.status);
    expect(body, where).toContain(outcome.body);
    if (outcome.type) expect(response.headers.get("Content-Type"), where).toContain(outcome.type);
    return;
  }
  expect(response.status, where).toBe(200);
  for (const text of outcome.shows) expect(body, where).toContain(text);
  for (const text of outcome.hides ?? []) expect(body, where).not.toContain(text);
}

const home = { redirect: "/" };

/** Every page of the admin area: everyone but an admin is sent home, with or without the layout's loader. */
const adminEndpoints: { path: string; routeId: string; adminPage: () => Outcome; adminData: () => Outcome }[] = [
  {
    path: "/admin",
    routeId: "routes/admin/index",
    adminPage: () => ({ redirect: "/admin/orders" }),
    adminData: () => ({ redirect: "/admin/orders" }),
  },
  {
    path: "/admin/orders",
    routeId: "routes/admin/orders",
    adminPage: () => ({ shows: ["Gestione Ordini", short(orderOf.customer), short(orderOf.otherCustomer)] }),
    adminData: () => ({ shows: [orderOf.customer, orderOf.otherCustomer] }),
  },
  {
    path: "/admin/orders/{customerOrder}",
    routeId: "routes/admin/order-detail",
    adminPage: () => ({ shows: [`Dettaglio Ordine ${short(orderOf.customer)}`, "Pigiama in cotone"] }),
    adminData: () => ({ shows: [orderOf.customer, "Pigiama in cotone"] }),
  },
  {
    path: "/admin/returns",
    routeId: "routes/admin/returns",
    adminPage: () => ({ shows: ["Resi e recessi", short(orderOf.customerUnlabelled)] }),
    adminData: () => ({ shows: [returnOf] }),
  },
  {
    path: "/admin/returns/{customerReturn}",
    routeId: "routes/admin/return-detail",
    adminPage: () => ({ shows: [`Recesso ordine ${short(orderOf.customerUnlabelled)}`, "Pigiama in cotone"] }),
    adminData: () => ({ shows: [returnOf, "Pigiama in cotone"] }),
  },
  {
    path: "/admin/analytics",
    routeId: "admin-analytics",
    adminPage: () => ({ shows: ["Statistiche di Vendita", "Ricavi per periodo"] }),
    adminData: () => ({ shows: ["revenueCents"] }),
  },
  {
    path: "/admin/products",
    routeId: "admin-products",
    adminPage: () => ({ shows: ["Gestione Prodotti", "Salva giacenze"] }),
    adminData: () => ({ shows: ["totalStock"] }),
  },
  {
    path: "/admin/products/nuovo",
    routeId: "admin-product-new",
    adminPage: () => ({ shows: ["Nuovo prodotto", "Crea prodotto"] }),
    adminData: () => ({ shows: [] }),
  },
  {
    path: "/admin/products/1",
    routeId: "admin-product-edit",
    adminPage: () => ({ shows: ["Storico prezzi", "Salva modifiche"] }),
    adminData: () => ({ shows: ["priceHistory"] }),
  },
  {
    path: "/admin/products/1/immagini",
    routeId: "routes/admin/product-images",
    adminPage: () => ({ shows: ["Immagini di", "Carica immagini", "/images/products/1/"] }),
    adminData: () => ({ shows: ["/files/products/1/"] }),
  },
  {
    path: "/admin/products/import",
    routeId: "routes/admin/products-import",
    adminPage: () => ({ shows: ["Importa prodotti e giacenze", "sku_variante"] }),
    adminData: () => ({ shows: [] }),
  },
  {
    path: "/admin/settings",
    routeId: "admin-settings",
    adminPage: () => ({ shows: ["Impostazioni", "Registro modifiche", "Codici sconto"] }),
    adminData: () => ({ shows: ["freeShippingThresholdEuro"] }),
  },
  {
    path: "/admin/settings/backup",
    routeId: "routes/admin/backups",
    adminPage: () => ({ shows: ["Backup notturno", "Ultimi backup"] }),
    adminData: () => ({ shows: ["kept"] }),
  },
  {
    path: "/admin/pronto",
    routeId: "routes/admin/readiness",
    adminPage: () => ({ shows: ["Pronto per vendere?", "Verifica"] }),
    adminData: () => ({ shows: ["auth-secret"] }),
  },
  {
    path: "/admin/settings/demo",
    routeId: "routes/admin/demo-data",
    adminPage: () => ({ shows: ["Dati dimostrativi", "Per confermare scrivi INIZIA"] }),
    adminData: () => ({ shows: ["counts"] }),
  },
];

const withIds = (path: string) =>
  path.replace("{customerOrder}", orderOf.customer).replace("{customerReturn}", returnOf);

test.describe("admin area", () => {
  for (const endpoint of adminEndpoints) {
    test(`${endpoint.path}: pages and data requests for admins only`, async () => {
      const path = withIds(endpoint.path);
      for (const role of roles) {
        const admin = role === "admin";
        await expectOutcome(path, role, admin ? endpoint.adminPage() : home);
        // The data request of a client-side navigation, and one asking for this route's loader alone.
        for (const dataPath of [`${path}.data`, `${path}.data?_routes=${encodeURIComponent(endpoint.routeId)}`]) {
          await expectOutcome(dataPath, role, admin ? endpoint.adminData() : home);
        }
      }
    });
  }
});

test.describe("admin actions and downloads", () => {
  test("a product action posted by anyone but an admin changes nothing", async () => {
    for (const role of ["guest", "customer", "otherCustomer"] as const) {
      for (const path of ["/admin/products", "/admin/products/1", "/admin/products/nuovo"]) {
        const response = await fetch(`${baseURL}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: {
            Origin: baseURL,
            "Content-Type": "application/x-www-form-urlencoded",
            ...(cookies[role] ? { Cookie: cookies[role] as string } : {}),
          },
          body: new URLSearchParams({ intent: "archive", productId: "1" }),
        });
        expect([response.status, response.headers.get("Location")], `${role} POST ${path}`).toEqual([302, "/"]);
      }
    }
    const [product] = await e2eDatabase()
      .select({ archivedAt: products.archivedAt })
      .from(products)
      .where(eq(products.id, 1));
    expect(product?.archivedAt).toBeNull();
  });

  test("an order action posted by anyone but an admin changes nothing; merged labels and the CSV for admins only", async () => {
    const reservation = await placeOrder(null, {
      status: "reserved",
      paymentStatus: "to_be_paid_in_store",
      deliveryMethod: "pickup_and_pay",
      shippingTracking: null,
    });
    const post = (role: Role, path: string) =>
      fetch(`${baseURL}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookies[role] ? { Cookie: cookies[role] as string } : {}),
        },
        body: new URLSearchParams({ intent: "complete", orderId: reservation }),
      });
    const statusOf = async () =>
      (await e2eDatabase().select({ status: orders.status }).from(orders).where(eq(orders.id, reservation)))[0]?.status;
    for (const role of ["guest", "customer", "otherCustomer"] as const) {
      for (const path of ["/admin/orders", `/admin/orders/${reservation}`, "/admin/orders.data"]) {
        const response = await post(role, path);
        expect([200, 202, 302], `${role} POST ${path}`).toContain(response.status);
        if (response.status === 302) expect(response.headers.get("Location")).toBe("/");
        else expect(await response.text(), `${role} POST ${path}`).toContain('"redirect","/"');
      }
    }
    expect(await statusOf()).toBe("reserved");
    expect((await post("admin", "/admin/orders")).status).toBe(200);
    expect(await statusOf()).toBe("completed");

    const labels = `/admin/orders/etichette?ordine=${orderOf.customer}&ordine=${orderOf.otherCustomer}`;
    for (const role of ["guest", "customer", "otherCustomer"] as const) await expectOutcome(labels, role, home);
    await expectOutcome(labels, "admin", { status: 200, body: "%PDF-", type: "application/pdf" });

    const csv = `/admin/orders/export.csv?cerca=${orderOf.customer.slice(0, 8)}`;
    for (const role of ["guest", "customer", "otherCustomer"] as const) await expectOutcome(csv, role, home);
    await expectOutcome(csv, "admin", { status: 200, body: `#${orderOf.customer.slice(0, 8)};`, type: "text/csv" });

    const productsCsv = "/admin/products/export.csv?modello=1";
    for (const role of ["guest", "customer", "otherCustomer"] as const) await expectOutcome(productsCsv, role, home);
    await expectOutcome(productsCsv, "admin", { status: 200, body: "sku_prodotto;nome;", type: "text/csv" });

    const statsCsv = "/admin/analytics/export.csv?dal=1990-01-01&al=1990-01-01";
    for (const role of ["guest", "customer", "otherCustomer"] as const) await expectOutcome(statsCsv, role, home);
    await expectOutcome(statsCsv, "admin", { status: 200, body: "1990-01-01;", type: "text/csv" });
  });
});

test.describe("product images and import", () => {
  test("posted by anyone but an admin, they change nothing", async () => {
    const db = e2eDatabase();
    const imagesOfFirst = () =>
      db.select({ id: productImages.id }).from(productImages).where(eq(productImages.productId, 1));
    const before = await imagesOfFirst();
    const imageId = String(before[0]?.id);
    const post = (role: Role, path: string, body: FormData | URLSearchParams) =>
      fetch(`${baseURL}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: baseURL, ...(cookies[role] ? { Cookie: cookies[role] as string } : {}) },
        body,
      });
    const sheet = new FormData();
    sheet.set("intent", "import");
    sheet.set("file", new Blob(["sku_prodotto;nome\r\nX;Y"]), "prodotti.csv");
    for (const role of ["guest", "customer", "otherCustomer"] as const) {
      for (const path of ["/admin/products/1/immagini", "/admin/products/1/immagini.data"]) {
        const response = await post(role, path, new URLSearchParams({ intent: "delete", imageId }));
        expect([202, 302], `${role} POST ${path}`).toContain(response.status);
      }
      const response = await post(role, "/admin/products/import", sheet);
      expect(response.status, `${role} POST import`).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect(await imagesOfFirst()).toEqual(before);
  });
});

test.describe("customer pages", () => {
  test("/profile: the signed-in user's own profile, a prompt for guests", async () => {
    await expectOutcome("/profile", "guest", { shows: ["Accesso richiesto"], hides: ["Salva modifiche"] });
    // The orders tab's data travels in the page for hydration: the full order ids show whose they are.
    await expectOutcome("/profile", "customer", {
      shows: [users.customer.email, orderOf.customer],
      hides: [users.otherCustomer.email, orderOf.otherCustomer],
    });
    await expectOutcome("/profile", "otherCustomer", {
      shows: [users.otherCustomer.email, orderOf.otherCustomer],
      hides: [users.customer.email, orderOf.customer],
    });
    await expectOutcome("/profile", "admin", { shows: [users.admin.email], hides: [orderOf.customer] });
    await expectOutcome("/profile.data", "guest", { shows: ['"account"'], hides: ["@example.it"] });
    await expectOutcome("/profile.data", "customer", {
      shows: [users.customer.email],
      hides: [users.otherCustomer.email, orderOf.otherCustomer],
    });
  });

  test("/orders: each customer's own orders only, guests to /auth", async () => {
    for (const path of ["/orders", "/orders.data", "/orders.data?_routes=routes%2Forders"]) {
      await expectOutcome(path, "guest", { redirect: "/auth?redirectTo=%2Forders" });
      await expectOutcome(path, "customer", {
        shows: [orderOf.customer.slice(0, 8), orderOf.customerUnlabelled.slice(0, 8)],
        hides: [orderOf.otherCustomer.slice(0, 8)],
      });
      await expectOutcome(path, "otherCustomer", {
        shows: [orderOf.otherCustomer.slice(0, 8)],
        hides: [orderOf.customer.slice(0, 8)],
      });
      await expectOutcome(path, "admin", {
        hides: [orderOf.customer.slice(0, 8), orderOf.otherCustomer.slice(0, 8)],
        shows: [],
      });
    }
  });

  test("/orders: each order links the withdrawal function with its number", async () => {
    await expectOutcome("/orders", "customer", {
      shows: [
        `/recesso?ordine=${orderOf.customer.slice(0, 8)}`,
        `/recesso?ordine=${orderOf.customerUnlabelled.slice(0, 8)}`,
      ],
      hides: [`/recesso?ordine=${orderOf.otherCustomer.slice(0, 8)}`],
    });
  });

  test("/recesso: a customer picks among their own orders only; anyone else needs the order's e-mail", async () => {
    const own = orderOf.customer.slice(0, 8);
    const others = orderOf.otherCustomer.slice(0, 8);
    await expectOutcome("/recesso", "guest", { shows: ["Il tuo ordine"], hides: [orderOf.customer] });
    await expectOutcome("/recesso", "customer", { shows: [short(orderOf.customer)], hides: [orderOf.otherCustomer] });
    await expectOutcome("/recesso", "otherCustomer", {
      shows: [short(orderOf.otherCustomer)],
      hides: [orderOf.customer],
    });
    await expectOutcome(`/recesso?ordine=${own}`, "customer", { shows: ["Passo 1 di 2", "Pigiama in cotone"] });
    for (const role of ["guest", "otherCustomer", "admin"] as const) {
      await expectOutcome(`/recesso?ordine=${own}`, role, { shows: [], hides: ["Passo 1 di 2", "Pigiama in cotone"] });
      await expectOutcome(`/recesso.data?ordine=${own}`, role, { shows: [], hides: ["Pigiama in cotone"] });
    }
    await expectOutcome(`/recesso?ordine=${others}`, "customer", { shows: [], hides: ["Pigiama in cotone"] });

    // Confirming someone else's order by its number alone records nothing.
    for (const role of ["guest", "otherCustomer", "admin"] as const) {
      const response = await fetch(`${baseURL}/recesso`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookies[role] ? { Cookie: cookies[role] as string } : {}),
        },
        body: new URLSearchParams({
          intent: "confirm",
          ordine: own,
          emailOrdine: "",
          nome: "X",
          email: "x@example.it",
        }),
      });
      expect(response.status, role).toBe(404);
    }
    const requests = await e2eDatabase()
      .select()
      .from(withdrawalRequests)
      .where(eq(withdrawalRequests.orderId, orderOf.customer));
    expect(requests).toHaveLength(0);
  });

  test("label download: the order's customer and admins only, through a link the shop signed", async () => {
    const pdf = "the label's PDF";
    const noOrder = { status: 404, body: "Ordine non trovato." };
    const guest = { status: 401, body: "Accedi al tuo account per scaricare l'etichetta." };
    const matrix: [string, Record<Role, Outcome | typeof pdf>][] = [
      [orderOf.customer, { guest, customer: pdf, otherCustomer: noOrder, admin: pdf }],
      [orderOf.otherCustomer, { guest, customer: noOrder, otherCustomer: pdf, admin: pdf }],
      [
        orderOf.customerUnlabelled,
        {
          guest,
          customer: { status: 404, body: "URL etichetta firmato non ricevuto dalla funzione." },
          otherCustomer: noOrder,
          admin: { status: 404, body: "URL etichetta non trovato." },
        },
      ],
      ["00000000-0000-4000-8000-000000000000", { guest, customer: noOrder, otherCustomer: noOrder, admin: noOrder }],
    ];
    for (const [orderId, outcomes] of matrix) {
      for (const role of roles) {
        const outcome = outcomes[role];
        if (outcome === pdf) await expectLabel(signedLabelPath(orderId), role);
        else await expectOutcome(signedLabelPath(orderId), role, outcome);
      }
    }
    // The bare address, or a link signed for another order, opens nothing, even for the owner.
    const badLink = { status: 403, body: "Link dell'etichetta non valido" };
    const otherOrdersLink = signedLabelPath(orderOf.otherCustomer).replace(orderOf.otherCustomer, orderOf.customer);
    for (const path of [`/orders/${orderOf.customer}/label`, otherOrdersLink]) {
      await expectOutcome(path, "guest", guest);
      for (const role of ["customer", "otherCustomer", "admin"] as const) await expectOutcome(path, role, badLink);
    }
  });

  test("profile update: only ever the sender's own profile, never a guest's post", async () => {
    const form = {
      first_name: "Carla",
      last_name: "Cambiata",
      phone: "0172 111111",
      address: "Via Nuova 2",
      city: "Cuneo",
      postal_code: "12100",
      province: "CN",
      country: "Italia",
      date_of_birth: "",
    };
    const post = (role: Role) =>
      fetch(`${baseURL}/profile`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookies[role] ? { Cookie: cookies[role] as string } : {}),
        },
        // An id in the form is ignored: the action only knows the session's user.
        body: new URLSearchParams({ ...form, id: users.otherCustomer.id }),
      });
    const guest = await post("guest");
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile");

    expect((await post("customer")).status).toBe(200);
    const lastName = async (id: string) =>
      (await e2eDatabase().select().from(userProfiles).where(eq(userProfiles.id, id)))[0]?.lastName;
    expect(await lastName(users.customer.id)).toBe("Cambiata");
    expect(await lastName(users.otherCustomer.id)).toBe("Altro");
  });

  test("/profile/dati.json: only ever the signed-in user's own data, guests to /auth", async () => {
    await expectOutcome("/profile/dati.json", "guest", { redirect: "/auth?redirectTo=%2Fprofile%2Fdati.json" });
    const own = (role: "customer" | "otherCustomer") => ({
      status: 200,
      body: users[role].email,
      type: "application/json",
    });
    await expectOutcome("/profile/dati.json", "customer", own("customer"));
    await expectOutcome("/profile/dati.json", "otherCustomer", own("otherCustomer"));
    for (const [role, other] of [
      ["customer", "otherCustomer"],
      ["otherCustomer", "customer"],
    ] as const) {
      const body = await (await get("/profile/dati.json", role)).text();
      expect(body).toContain(orderOf[role]);
      expect(body).not.toContain(users[other].email);
      expect(body).not.toContain(orderOf[other]);
    }
  });

  test("account deletion: the sender's own account only, with their password; never a guest's or an admin's", async () => {
    const post = (role: Role, password: string) =>
      fetch(`${baseURL}/profile/elimina-account`, {
        method: "POST",
        redirect: "manual",
        headers: {
          Origin: baseURL,
          "Content-Type": "application/x-www-form-urlencoded",
          ...(cookies[role] ? { Cookie: cookies[role] as string } : {}),
        },
        // An id in the form is ignored: the action only knows the session's user.
        body: new URLSearchParams({ password, id: users.otherCustomer.id }),
      });
    for (const path of ["/profile/elimina-account", "/profile/elimina-account.data"]) {
      await expectOutcome(path, "guest", { redirect: "/auth?redirectTo=%2Fprofile%2Felimina-account" });
    }
    const guest = await post("guest", users.customer.password);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("Location")).toBe("/auth?redirectTo=%2Fprofile%2Felimina-account");
    // A wrong password deletes nothing, and an admin cannot delete their own account this way.
    expect((await post("customer", "Sbagliata#2024")).status).toBe(400);
    expect((await post("admin", users.admin.password)).status).toBe(403);
    const accountOf = async (id: string) =>
      (await e2eDatabase().select().from(userProfiles).where(eq(userProfiles.id, id))).length;
    for (const user of Object.values(users)) expect(await accountOf(user.id)).toBe(1);
  });
});

test.describe("request safety", () => {
  test("no page sends a signed-in visitor to another site, whatever redirectTo's dot segments and encoding", async () => {
    // As a hostile link carries them: each becomes "//evil.example" once decoded and normalised.
    const offsite = ["/..//evil.example", "/.%2F%2Fevil.example", "/%2e%2e//evil.example", "/..///evil.example"];
    for (const redirectTo of offsite) {
      for (const page of ["/auth", "/auth/codice"]) {
        await expectOutcome(`${page}?redirectTo=${redirectTo}`, "customer", home);
        await expectOutcome(`${page}.data?redirectTo=${redirectTo}`, "customer", home);
      }
      // The login form posted before hydration carries the decoded value.
      const login = await fetch(`${baseURL}/auth`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: baseURL, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          intent: "login",
          email: users.customer.email,
          password: users.customer.password,
          redirectTo: decodeURIComponent(redirectTo),
        }),
      });
      expect(login.status, redirectTo).toBe(302);
      expect(login.headers.get("Location"), redirectTo).toBe("/");
    }
  });

  test("a login posted from another site is refused before it reaches the app", async () => {
    const response = await fetch(`${baseURL}/auth`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "login", email: users.customer.email, password: users.customer.password }),
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toBe("Richiesta non consentita da un altro sito.");
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  test("account pages carry the security headers, HSTS included in production", async () => {
    for (const path of ["/auth", "/reset-password", "/profile"]) {
      const response = await get(path, "guest");
      const csp = response.headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toContain("default-src 'self'");
      expect(response.headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(response.headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(response.headers.get("Strict-Transport-Security"), path).toMatch(/max-age=\d+/);
    }
  });

  test("a request without a valid Host gets a short 400 in Italian on every page, never a stack trace", async () => {
    const heads = [
      // HTTP/1.0 needs no Host; HTTP/1.1 must send one, which Node checks is there but not what it holds.
      "HTTP/1.0",
      "HTTP/1.0\r\nHost:",
      "HTTP/1.1\r\nHost:",
      "HTTP/1.1\r\nHost: a b",
      "HTTP/1.1\r\nHost: negozio.example:porta",
    ];
    for (const path of ["/", "/shop", "/product/1", "/auth", "/recesso", "/orders", "/pagina-che-non-esiste"]) {
      for (const head of heads) {
        const answer = await rawHttp(`GET ${path} ${head}\r\nConnection: close\r\n\r\n`);
        const where = JSON.stringify(`GET ${path} ${head}`);
        expect(answer, where).toMatch(/^HTTP\/1\.1 400 /);
        expect(answer.split("\r\n\r\n")[1], where).toBe("Indirizzo del sito mancante o non valido.");
      }
    }
  });
});

/** What the app answers to `request`, written as is on a socket (fetch always sends a valid Host). */
function rawHttp(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(appPort, "127.0.0.1", () => socket.end(request));
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("end", () => resolve(answer));
    socket.on("error", reject);
  });
}

test.describe("caching", () => {
  /** A real value for each route parameter, so every route of app/routes.ts is asked for. */
  const samplePath = (pattern: string): string => {
    const samples: Record<string, () => string> = {
      ":slug": () => blogSlug,
      ":id": () => "1",
      ":productId": () => "1",
      ":orderId": () => orderOf.customer,
      ":requestId": () => returnOf,
      ":sessionId": () => "cs_sconosciuta",
      "*": () => "pagina-che-non-esiste",
    };
    return pattern.replace(/:\w+|\*/g, (parameter) => {
      const sample = samples[parameter];
      if (!sample) throw new Error(`no sample value for ${parameter} in ${pattern}: add one`);
      return sample();
    });
  };
  let blogSlug: string;

  test.beforeAll(async () => {
    const [post] = await e2eDatabase().select({ slug: blogPosts.slug }).from(blogPosts).limit(1);
    blogSlug = post?.slug ?? "";
  });

  test("every route that reads a session answers private, no-store, pages and their data requests", async () => {
    const checked: string[] = [];
    for (const route of everyRoute().filter(readsSession)) {
      const role: Role = route.path.startsWith("/admin") ? "admin" : "customer";
      const path = samplePath(route.path);
      const requests = isPage(route.file) ? [path, path === "/" ? "/_root.data" : `${path}.data`] : [path];
      for (const request of requests) {
        const answer = await get(request, role);
        await answer.body?.cancel();
        expect(answer.headers.get("Cache-Control"), `${role} GET ${request} (${answer.status})`).toBe(
          "private, no-store",
        );
        checked.push(request);
      }
    }
    // The walk reached the pages the outside testers found, and the admin area.
    expect(checked).toEqual(expect.arrayContaining(["/recesso", "/recesso.data", "/orders", "/admin/orders"]));
  });

  test("the catalogue a guest sees stays cacheable", async () => {
    for (const path of ["/", "/shop", "/product/1", `/blog/${blogSlug}`, "/chi-siamo"]) {
      const answer = await get(path, "guest");
      await answer.body?.cancel();
      expect(answer.headers.get("Cache-Control") ?? "", path).not.toContain("no-store");
    }
  });
});

import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { insertOrder, testShippingAddress } from "../../../tests/support/fixtures";
import { adminContextFor, callAdminRoute } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as ordersPage from "./orders";
import * as ordersExport from "./orders-export";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const services = testServices(db);
const origin = "http://localhost";
const surname = `Pagina${randomBytes(3).toString("hex")}`;
let adminCookie = "";
let orderId = "";

const asAdmin = (path: string) => new Request(`${origin}${path}`, { headers: { cookie: adminCookie } });

beforeAll(async () => {
  adminCookie = await adminSessionCookie(await createTestAdmin(db));
  orderId = await insertOrder(db, null, {
    shippingAddress: { ...testShippingAddress, name: `Anna ${surname}` },
    status: "reserved",
  });
});

type PageData = Awaited<ReturnType<typeof ordersPage.loader>>;

describe("/admin/orders", () => {
  it("reads the filters from the address and lists what they find", async () => {
    const answer = await callAdminRoute<PageData>(
      ordersPage.loader,
      asAdmin(`/admin/orders?stato=reserved&cerca=${surname}`),
      services,
    );
    expect(answer.data.errors).toEqual([]);
    expect(answer.data.orders.map((order) => order.id)).toEqual([orderId]);
    expect(answer.data).toMatchObject({ totalCount: 1, page: 1, pageCount: 1 });
  });

  it("names the values it does not understand instead of failing", async () => {
    const answer = await callAdminRoute<PageData>(
      ordersPage.loader,
      asAdmin(`/admin/orders?stato=spedito&cerca=${surname}`),
      services,
    );
    expect(answer.status).toBe(200);
    expect(answer.data.errors).toEqual(["Stato dell'ordine non valido: «spedito»."]);
    expect(answer.data.orders.map((order) => order.id)).toEqual([orderId]);
  });

  it("sends a page past the end to the last page, filters kept", async () => {
    const answer = await callAdminRoute(
      ordersPage.loader,
      asAdmin(`/admin/orders?cerca=${surname}&pagina=9`),
      services,
    );
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, `/admin/orders?cerca=${surname}`]);
  });

  it("is for admins only", async () => {
    const answer = await callAdminRoute(ordersPage.loader, new Request(`${origin}/admin/orders`), services);
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, "/"]);
  });
});

describe("/admin/orders/export.csv", () => {
  it("downloads the orders of the filters as a CSV file", async () => {
    const request = asAdmin(`/admin/orders/export.csv?cerca=${surname}`);
    const response = await ordersExport.loader({
      request,
      context: await adminContextFor(request, services),
    } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="ordini-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    // The UTF-8 byte order mark Excel needs.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(new RegExp(`^#${orderId.slice(0, 8)};[^;]+;Anna ${surname};`));
    expect(lines[1]).toContain(";57,90;Riservato (Paga in Negozio);");
  });

  it("writes what each total is made of, the discount named, as the order's page shows it", async () => {
    const name = `Bruna Sconto${randomBytes(3).toString("hex")}`;
    await insertOrder(db, null, {
      shippingAddress: { ...testShippingAddress, name },
      discounts: [{ code: "first_order", label: "Sconto primo ordine (10%)", amountCents: 500 }],
      discountCents: 500,
      totalCents: 5290,
    });
    const request = asAdmin(`/admin/orders/export.csv?cerca=${encodeURIComponent(name)}`);
    const response = await ordersExport.loader({
      request,
      context: await adminContextFor(request, services),
    } as never);
    const [header, line] = (await response.text()).split("\r\n");
    expect(header).toContain(
      ";Subtotale (EUR);Promo Extra 2° Costume (EUR);Sconto;Sconto (EUR);Spedizione (EUR);Totale (EUR);",
    );
    expect(line).toContain(
      `;${name};anna@example.it;50,00;0,00;Sconto primo ordine (10%);5,00;7,90;52,90;In Lavorazione;`,
    );
  });

  it("refuses filters it does not understand rather than export other orders", async () => {
    const request = asAdmin("/admin/orders/export.csv?consegna=drone");
    const response = await ordersExport.loader({
      request,
      context: await adminContextFor(request, services),
    } as never);
    expect(response.status).toBe(400);
    expect(await response.text()).toBe("Esportazione non riuscita. Metodo di consegna non valido: «drone».");
  });

  it("is for admins only", async () => {
    const answer = await callAdminRoute(
      ordersExport.loader,
      new Request(`${origin}/admin/orders/export.csv`),
      services,
    );
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, "/"]);
  });
});

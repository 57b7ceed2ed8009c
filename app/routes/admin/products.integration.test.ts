import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { adminActions, productPriceHistory, products } from "~/db/schema";
import { productMessages } from "~/modules/product-admin/product-form";
import { saveMessages } from "~/modules/product-admin/products.server";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { deleteTestVariants, stockOf, TEST_SKU_PREFIX } from "../../../tests/support/fixtures";
import { callAdminRoute } from "../../../tests/support/route";
import { testServices } from "../../../tests/support/services";
import * as productEdit from "./product-edit";
import * as productList from "./products";

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
const db = connectTestDatabase();
const services = testServices(db);
const origin = "http://localhost";
let adminCookie = "";

beforeAll(async () => {
  adminCookie = await adminSessionCookie(await createTestAdmin(db));
});
afterAll(() => deleteTestVariants(db));

const asAdmin = (path: string) => new Request(`${origin}${path}`, { headers: { cookie: adminCookie } });

function postAsAdmin(path: string, fields: [string, string][]) {
  return new Request(`${origin}${path}`, {
    method: "POST",
    headers: { cookie: adminCookie, "content-type": "application/x-www-form-urlencoded", "x-client-ip": "203.0.113.9" },
    body: new URLSearchParams(fields),
  });
}

/** The edit page's form, as the browser posts it: two colours in one size. */
function productFields(sku: string, overrides: Record<string, string> = {}): [string, string][] {
  const fields = {
    intent: "save",
    name: `Body ${sku.slice(-8)}`,
    gender: "Donna",
    subcategory: "intero",
    brand: "Marca di prova",
    sku,
    description: "",
    composition: "",
    washing: "",
    details: "",
    minQuantity: "1",
    pricePerPack: "",
    price: "49,00",
    originalPrice: "",
    ...overrides,
  };
  const variants = [
    ["", "Nero", "#111111", "M", "", "3", ""],
    ["", "Blu", "#1f3a93", "M", "", "2", ""],
  ];
  const variantFields = ["variantId", "colorName", "colorCode", "size", "variantSku", "stock", "stockSeen"];
  return [
    ...Object.entries(fields),
    ...variants.flatMap((row) =>
      row.map((value, index) => [variantFields[index] as string, value] as [string, string]),
    ),
  ];
}

type EditData = Awaited<ReturnType<typeof productEdit.loader>>;
type ListData = Awaited<ReturnType<typeof productList.loader>>;

async function createThroughPage(overrides: Record<string, string> = {}) {
  const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;
  const answer = await callAdminRoute(
    productEdit.action,
    postAsAdmin("/admin/products/nuovo", productFields(sku, overrides)),
    services,
  );
  const location = answer.headers.get("Location") ?? "";
  const id = Number(/\/admin\/products\/(\d+)\?fatto=creato$/.exec(location)?.[1]);
  return { answer, id, sku };
}

describe("/admin/products/nuovo and /admin/products/:productId", () => {
  it("creates the product and opens its page, which says so; the save is audited with its intent", async () => {
    const { answer, id, sku } = await createThroughPage();
    expect(answer.status).toBe(302);
    const page = await callAdminRoute<EditData>(
      productEdit.loader,
      asAdmin(`/admin/products/${id}?fatto=creato`),
      services,
      {
        productId: String(id),
      },
    );
    expect(page.data.done).toBe(saveMessages.created);
    expect(page.data.product).toMatchObject({ sku, priceCents: 4900 });
    expect(page.data.product?.variants.map((row) => row.sku)).toEqual([`${sku}-NERO-M`, `${sku}-BLU-M`]);
    const audited = await db
      .select({ intent: adminActions.intent })
      .from(adminActions)
      .where(eq(adminActions.path, "/admin/products/nuovo"));
    expect(audited.map((row) => row.intent)).toContain("save");
  });

  it("answers 422 with the message under each wrong field, and creates nothing", async () => {
    const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;
    const answer = await callAdminRoute<{ fieldErrors: Record<string, string> }>(
      productEdit.action,
      postAsAdmin("/admin/products/nuovo", productFields(sku, { name: "", price: "gratis" })),
      services,
    );
    expect(answer.status).toBe(422);
    expect(answer.data.fieldErrors).toEqual({ name: productMessages.name, price: productMessages.price });
    expect(await db.select().from(products).where(eq(products.sku, sku))).toEqual([]);
  });

  it("saves a new price into the history, archives the product and copies it", async () => {
    const { id, sku } = await createThroughPage();
    const path = `/admin/products/${id}`;
    const params = { productId: String(id) };
    const { data } = await callAdminRoute<EditData>(productEdit.loader, asAdmin(path), services, params);
    const variants = data.product?.variants ?? [];
    const posted = productFields(sku, { price: "39,00", originalPrice: "49,00" }).filter(
      ([name]) => !["variantId", "colorName", "colorCode", "size", "variantSku", "stock", "stockSeen"].includes(name),
    );
    for (const variant of variants) {
      posted.push(
        ["variantId", String(variant.id)],
        ["colorName", variant.colorName],
        ["colorCode", variant.colorCode],
        ["size", variant.size],
        ["variantSku", variant.sku],
        ["stock", String(variant.stock)],
        ["stockSeen", String(variant.stock)],
      );
    }
    const saved = await callAdminRoute(productEdit.action, postAsAdmin(path, posted), services, params);
    expect([saved.status, saved.data]).toEqual([
      200,
      { intent: "save", ok: true, notice: { title: saveMessages.saved }, data: { productId: id } },
    ]);
    const history = await db
      .select({ priceCents: productPriceHistory.priceCents })
      .from(productPriceHistory)
      .where(eq(productPriceHistory.productId, id));
    expect(history.map((row) => row.priceCents)).toEqual([4900, 3900]);

    const archived = await callAdminRoute(
      productEdit.action,
      postAsAdmin(path, [["intent", "archive"]]),
      services,
      params,
    );
    expect(archived.data).toMatchObject({ ok: true, notice: { title: saveMessages.archived } });

    const copied = await callAdminRoute(
      productEdit.action,
      postAsAdmin(path, [["intent", "duplicate"]]),
      services,
      params,
    );
    expect([copied.status, copied.headers.get("Location")]).toEqual([302, expect.stringMatching(/\?fatto=copiato$/)]);
  });

  it("answers 404 for a product that does not exist", async () => {
    for (const productId of ["2000000000", "abc", "0"]) {
      const answer = await callAdminRoute(productEdit.loader, asAdmin(`/admin/products/${productId}`), services, {
        productId,
      });
      expect(answer.status).toBe(404);
    }
  });

  it("is for admins only", async () => {
    const answer = await callAdminRoute(productEdit.loader, new Request(`${origin}/admin/products/nuovo`), services);
    expect([answer.status, answer.headers.get("Location")]).toEqual([302, "/"]);
  });
});

describe("/admin/products", () => {
  it("finds a product by SKU, archived ones under their own filter, and saves the quick stock edit", async () => {
    const { id, sku } = await createThroughPage();
    const listed = await callAdminRoute<ListData>(
      productList.loader,
      asAdmin(`/admin/products?cerca=${sku}`),
      services,
    );
    expect(listed.data.products.map((row) => row.id)).toEqual([id]);
    const [black, blue] = listed.data.products[0]?.variants ?? [];
    if (!black || !blue) throw new Error("two variants expected");

    const stock = await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", [
        ["intent", "stock"],
        [`stock-${black.id}`, "12"],
        [`seen-${black.id}`, "3"],
        [`stock-${blue.id}`, "2"],
        [`seen-${blue.id}`, "2"],
      ]),
      services,
    );
    expect(stock.data).toMatchObject({ ok: true, notice: { title: saveMessages.stockSaved(1) } });
    expect(await stockOf(db, black.id)).toBe(12);

    const stale = await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", [
        ["intent", "stock"],
        [`stock-${black.id}`, "20"],
        [`seen-${black.id}`, "3"],
      ]),
      services,
    );
    expect([stale.status, stale.data]).toEqual([
      422,
      { intent: "stock", ok: false, notice: { title: saveMessages.stockChanged("Nero M", 12) } },
    ]);

    const wrong = await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", [
        ["intent", "stock"],
        [`stock-${black.id}`, "-3"],
        [`seen-${black.id}`, "12"],
      ]),
      services,
    );
    expect(wrong.data).toMatchObject({ ok: false, notice: { title: productMessages.stock } });
    const absurd = await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", [
        ["intent", "stock"],
        [`stock-${black.id}`, "10000000"],
        [`seen-${black.id}`, "12"],
      ]),
      services,
    );
    expect(absurd.data).toMatchObject({
      ok: false,
      notice: { title: "La giacenza è troppo alta: al massimo 999.999 pezzi." },
    });
    expect(await stockOf(db, black.id)).toBe(12);

    await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", [
        ["intent", "archive"],
        ["productId", String(id)],
      ]),
      services,
    );
    const onSale = await callAdminRoute<ListData>(
      productList.loader,
      asAdmin(`/admin/products?cerca=${sku}`),
      services,
    );
    expect(onSale.data.products).toEqual([]);
    const archived = await callAdminRoute<ListData>(
      productList.loader,
      asAdmin(`/admin/products?cerca=${sku}&stato=archiviati`),
      services,
    );
    expect(archived.data.products.map((row) => [row.id, row.archived])).toEqual([[id, true]]);
  });

  it("does not create products: a save posted to the list is refused as an unknown intent", async () => {
    const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;
    const answer = await callAdminRoute(
      productList.action,
      postAsAdmin("/admin/products", productFields(sku)),
      services,
    );
    expect(answer).toMatchObject({
      status: 400,
      data: { ok: false, notice: { description: "Azione non riconosciuta." } },
    });
    expect(await db.select().from(products).where(eq(products.sku, sku))).toEqual([]);
  });
});

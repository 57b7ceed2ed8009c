import { randomUUID } from "node:crypto";
import { and, asc, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { productPriceHistory, products, productVariants } from "~/db/schema";
import { getProductDetails } from "~/modules/catalog/product-details.server";
import type { ProductImportResult } from "~/modules/product-import/import-answer";
import { importColumnNames } from "~/modules/product-import/import-row";
import { connectTestDatabase } from "../../../tests/integration/database";
import { adminSessionCookie, createTestAdmin } from "../../../tests/support/admin-session";
import { deleteTestVariants, TEST_SKU_PREFIX } from "../../../tests/support/fixtures";
import { adminContextFor, callAdminRoute } from "../../../tests/support/route";
import { testClock, testServices } from "../../../tests/support/services";
import * as exportRoute from "./products-export";
import * as importPage from "./products-import";

// The products sheet through the admin's import and export routes: the dry run lists problems and
// writes nothing, the import writes everything in one go (with the price history the Omnibus price
// needs) or nothing, and an exported file imports back unchanged.

vi.stubEnv("BETTER_AUTH_SECRET", "integration-test-secret-of-32-characters!");
vi.stubEnv("PUBLIC_URL", "http://negozio.test");
const db = connectTestDatabase();
const clock = testClock(new Date("2026-11-20T10:00:00Z"));
const services = testServices(db, clock);
const ip = "198.51.100.83";
let cookie: string;
beforeAll(async () => {
  cookie = await adminSessionCookie(await createTestAdmin(db));
});
afterAll(() => deleteTestVariants(db));

/** A product SKU deleteTestVariants cleans up. */
const productSku = () => `${TEST_SKU_PREFIX}${randomUUID()}`;

type Row = Record<(typeof importColumnNames)[number], string>;
const row = (sku: string, overrides: Partial<Row> = {}): Row => ({
  sku_prodotto: sku,
  nome: "Pigiama di prova",
  genere: "Donna",
  sottocategoria: "pigiama",
  marca: "Marca di prova",
  descrizione: "Pigiama lungo in cotone.",
  prezzo: "39,90",
  prezzo_originale: "",
  sku_variante: `${sku}-BLU-M`,
  colore: "Blu",
  codice_colore: "#1f3a93",
  taglia: "M",
  giacenza: "5",
  ...overrides,
});
const csv = (...rows: Row[]) =>
  [importColumnNames.join(";"), ...rows.map((cells) => importColumnNames.map((name) => cells[name]).join(";"))].join(
    "\r\n",
  );

function send(intent: string, file: string | Uint8Array | null) {
  const form = new FormData();
  form.set("intent", intent);
  if (file !== null)
    form.set(
      "file",
      new File([typeof file === "string" ? file : new Uint8Array(file)], "prodotti.csv", { type: "text/csv" }),
    );
  const request = new Request("http://localhost/admin/products/import", {
    method: "POST",
    headers: { cookie, "x-client-ip": ip },
    body: form,
  });
  return callAdminRoute<ProductImportResult>(importPage.action, request, services);
}

async function productBySku(sku: string) {
  const [product] = await db.select().from(products).where(eq(products.sku, sku));
  return product;
}
const variantsOf = (productId: number) =>
  db
    .select()
    .from(productVariants)
    .where(eq(productVariants.productId, productId))
    .orderBy(asc(productVariants.position));
const historyOf = (productId: number) =>
  db
    .select({ priceCents: productPriceHistory.priceCents, validFrom: productPriceHistory.validFrom })
    .from(productPriceHistory)
    .where(eq(productPriceHistory.productId, productId))
    .orderBy(asc(productPriceHistory.validFrom));
const testProductCount = async () =>
  (
    await db
      .select({ id: products.id })
      .from(products)
      .where(like(products.sku, `${TEST_SKU_PREFIX}%`))
  ).length;

async function exportFile(query = ""): Promise<{ status: number; text: string; headers: Headers }> {
  const request = new Request(`http://localhost/admin/products/export.csv${query}`, {
    headers: { cookie, "x-client-ip": ip },
  });
  const context = await adminContextFor(request, services);
  const response = (await exportRoute.loader({ request, params: {}, context } as never)) as Response;
  // Decoded as Excel reads it, the byte order mark kept.
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
  return { status: response.status, text, headers: response.headers };
}

describe("importing products", () => {
  it("checks a valid file and says what would change, writing nothing", async () => {
    const sku = productSku();
    const before = await testProductCount();

    const answer = await send("check", csv(row(sku), row(sku, { sku_variante: `${sku}-BLU-L`, taglia: "L" })));

    expect(answer).toMatchObject({
      status: 200,
      data: {
        intent: "check",
        ok: true,
        notice: { title: "Il file è corretto. Non è ancora stato salvato nulla: premi «Importa» per applicarlo." },
        data: {
          problems: [],
          summary: { productsCreated: 1, productsUpdated: 0, variantsCreated: 2, variantsUpdated: 0, priceChanges: 1 },
        },
      },
    });
    expect(await testProductCount()).toBe(before);
  });

  it("lists every problem by row and column, and neither the check nor the import writes anything", async () => {
    const sku = productSku();
    const text = csv(
      row(sku),
      row(sku, { sku_variante: `${sku}-BLU-L`, taglia: "L", giacenza: "tanti" }),
      row(productSku(), { prezzo: "12,345", codice_colore: "rosso" }),
    );
    const before = await testProductCount();

    for (const intent of ["check", "import"]) {
      const answer = await send(intent, text);
      expect(answer.status).toBe(422);
      expect(answer.data.data?.problems).toEqual([
        { line: 3, column: "giacenza", message: "La giacenza deve essere un numero intero da 0 in su." },
        {
          line: 4,
          column: "prezzo",
          message: "Il prezzo deve essere un importo in euro da 0 in su, ad esempio 39,90.",
        },
        {
          line: 4,
          column: "codice_colore",
          message: "Il codice colore deve essere nel formato #rrggbb, ad esempio #1f3a93.",
        },
      ]);
      expect(answer.data.notice?.title).toBe(
        intent === "check"
          ? "Il file ha 3 problemi: correggi e verifica di nuovo. Non è stato salvato nulla."
          : "Nessuna modifica salvata: il file ha 3 problemi.",
      );
    }
    expect(await testProductCount()).toBe(before);
  });

  it("creates products and variants, then updates them by SKU with stock and a price history row", async () => {
    const sku = productSku();
    // Cells as Excel quotes them: a separator inside, quotes doubled.
    const named = { nome: '"Pigiama «Notte»; cotone"', descrizione: '"""Morbido, caldo"""' };
    const created = await send(
      "import",
      csv(
        row(sku, named),
        row(sku, {
          ...named,
          sku_variante: `${sku}-NER-S`,
          colore: "Nero",
          codice_colore: "#111111",
          taglia: "S",
          giacenza: "0",
        }),
      ),
    );
    expect(created.data.data?.problems).toEqual([]);
    expect(created).toMatchObject({
      status: 200,
      data: {
        ok: true,
        notice: { title: "Importazione completata." },
        data: { summary: { productsCreated: 1, variantsCreated: 2 } },
      },
    });
    const product = await productBySku(sku);
    expect(product).toMatchObject({
      name: "Pigiama «Notte»; cotone",
      description: '"Morbido, caldo"',
      gender: "Donna",
      subcategory: "pigiama",
      priceCents: 3990,
      originalPriceCents: null,
    });
    const productId = product?.id ?? 0;
    expect((await variantsOf(productId)).map((v) => [v.sku, v.colorName, v.colorCode, v.size, v.stock])).toEqual([
      [`${sku}-BLU-M`, "Blu", "#1f3a93", "M", 5],
      [`${sku}-NER-S`, "Nero", "#111111", "S", 0],
    ]);
    expect(await historyOf(productId)).toEqual([{ priceCents: 3990, validFrom: clock.now() }]);

    // Forty days later: a 25% reduction with its crossed-out price, and new stock.
    clock.advance(40 * 24 * 60 * 60 * 1000);
    const updated = await send("import", csv(row(sku, { prezzo: "29,90", prezzo_originale: "39,90", giacenza: "8" })));
    expect(updated.data.data?.summary).toEqual({
      productsCreated: 0,
      productsUpdated: 1,
      variantsCreated: 0,
      variantsUpdated: 1,
      priceChanges: 1,
    });
    expect(await productBySku(sku)).toMatchObject({ priceCents: 2990, originalPriceCents: 3990 });
    expect((await variantsOf(productId)).map((v) => v.stock)).toEqual([8, 0]);
    expect((await historyOf(productId)).map((price) => price.priceCents)).toEqual([3990, 2990]);
    const details = await getProductDetails(db, productId, clock.now());
    expect(details).toMatchObject({ priceCents: 2990, discountPercentage: 25, lowestPrice30DaysCents: 3990 });

    // The same price again: no new history row.
    const again = await send("import", csv(row(sku, { prezzo: "29,90", prezzo_originale: "39,90" })));
    expect(again.data.data?.summary?.priceChanges).toBe(0);
    expect(await historyOf(productId)).toHaveLength(2);
  });

  it("refuses a variant SKU of another product and a colour and size the product has under another SKU", async () => {
    const first = productSku();
    const second = productSku();
    await send("import", csv(row(first), row(second)));

    const answer = await send(
      "check",
      csv(row(second, { sku_variante: `${first}-BLU-M` }), row(first, { sku_variante: `${first}-ALTRO` })),
    );

    expect(answer.data.data?.problems).toEqual([
      {
        line: 2,
        column: "sku_variante",
        message: `Questo SKU variante appartiene già al prodotto ${first}: una variante non può cambiare prodotto.`,
      },
      {
        line: 3,
        column: "sku_variante",
        message: `Il prodotto ha già questo colore e questa taglia con lo SKU variante ${first}-BLU-M: usa quello.`,
      },
    ]);
  });

  it("refuses a variant renamed onto another's colour and size, and writes nothing", async () => {
    const sku = productSku();
    await send("import", csv(row(sku), row(sku, { sku_variante: `${sku}-BLU-L`, taglia: "L" })));

    const answer = await send("import", csv(row(sku, { sku_variante: `${sku}-BLU-L`, taglia: "M", prezzo: "10,00" })));

    expect(answer.data).toMatchObject({
      ok: false,
      data: {
        problems: [
          {
            line: 1,
            column: null,
            message:
              "Due varianti dello stesso prodotto avrebbero lo stesso colore e la stessa taglia: controlla colori e taglie delle varianti esistenti.",
          },
        ],
      },
    });
    expect(await productBySku(sku)).toMatchObject({ priceCents: 3990 });
  });

  it("words a missing file, a file not in UTF-8 and an unknown button", async () => {
    expect((await send("check", null)).data.notice?.title).toBe("Scegli il file CSV da verificare o importare.");
    const latin1 = new Uint8Array([...new TextEncoder().encode(`${importColumnNames.join(";")}\r\nPigiama `), 0xe8]);
    expect((await send("import", latin1)).data.notice?.title).toBe(
      "Il file non è in UTF-8: in Excel salvalo come «CSV UTF-8 (delimitato da virgole)», oppure esportalo di nuovo da qui.",
    );
    expect(await send("cancella", csv(row(productSku())))).toMatchObject({
      status: 400,
      data: { ok: false, notice: { description: "Azione non riconosciuta." } },
    });
  });
});

describe("exporting products", () => {
  it("writes every variant in the import's columns, formulas made harmless, and imports back unchanged", async () => {
    const sku = productSku();
    // The name as Excel writes a cell holding quotes.
    const priced = {
      nome: '"=HYPERLINK(""http://evil.example"")"',
      prezzo: "19,50",
      prezzo_originale: "25,00",
    };
    await send(
      "import",
      csv(row(sku, priced), row(sku, { ...priced, sku_variante: `${sku}-BLU-L`, taglia: "L", giacenza: "3" })),
    );

    clock.set(new Date("2026-11-20T23:30:00Z"));
    const exported = await exportFile();
    expect(exported.status).toBe(200);
    expect(exported.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(exported.headers.get("Content-Disposition")).toBe('attachment; filename="prodotti-2026-11-21.csv"');
    const lines = exported.text.split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${importColumnNames.join(";")}`);
    const ours = lines.filter((line) => line.startsWith(`${sku};`));
    expect(ours).toEqual([
      `${sku};"'=HYPERLINK(""http://evil.example"")";Donna;pigiama;Marca di prova;Pigiama lungo in cotone.;19,50;25,00;${sku}-BLU-M;Blu;#1f3a93;M;5`,
      `${sku};"'=HYPERLINK(""http://evil.example"")";Donna;pigiama;Marca di prova;Pigiama lungo in cotone.;19,50;25,00;${sku}-BLU-L;Blu;#1f3a93;L;3`,
    ]);

    // Edited in Excel: one stock changed. Imported back, only that changes.
    const edited = [lines[0], ours[0], (ours[1] as string).replace(/;3$/, ";7")].join("\r\n");
    const answer = await send("import", edited);
    expect(answer.data.data?.summary).toEqual({
      productsCreated: 0,
      productsUpdated: 1,
      variantsCreated: 0,
      variantsUpdated: 2,
      priceChanges: 0,
    });
    const product = await productBySku(sku);
    expect(product).toMatchObject({
      name: '=HYPERLINK("http://evil.example")',
      priceCents: 1950,
      originalPriceCents: 2500,
    });
    expect((await variantsOf(product?.id ?? 0)).map((variant) => variant.stock)).toEqual([5, 7]);
  });

  it("gives the template, whose example row passes the check", async () => {
    const template = await exportFile("?modello=1");
    expect(template.headers.get("Content-Disposition")).toBe('attachment; filename="modello-prodotti.csv"');
    expect(template.text.split("\r\n")).toEqual([
      `\uFEFF${importColumnNames.join(";")}`,
      "ESEMPIO-001;Pigiama in cotone;Donna;pigiama;Lovable;Pigiama lungo in cotone pettinato.;39,90;49,90;ESEMPIO-001-BLU-M;Blu;#1f3a93;M;12",
      "",
    ]);
    expect((await send("check", template.text)).data).toMatchObject({
      ok: true,
      data: { summary: { productsCreated: 1 } },
    });
    expect(
      await db
        .select()
        .from(products)
        .where(and(eq(products.sku, "ESEMPIO-001"))),
    ).toEqual([]);
  });
});

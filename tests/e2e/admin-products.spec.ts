import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { productVariants } from "../../app/db/schema";
import { deleteTestVariants, TEST_SKU_PREFIX } from "../support/fixtures";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, type Page, test } from "./support/test";

// A new arrival as staff add it from /admin/products: two colours with a photo each, on /shop and
// in the search at once; a reduced price, and the product page shows the 30-day lowest price
// (Omnibus). The product is archived at the end (and its rows deleted), so the demo catalogue's
// counts stay exact.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));
test.afterAll(() => deleteTestVariants(e2eDatabase()));

/** The page's answer to the last action (other live regions of the page are empty). */
async function expectNotice(page: Page, text: string) {
  await expect(page.getByRole("status").filter({ hasText: text })).toHaveText(text);
}

async function fillVariant(page: Page, row: number, colour: string, code: string, size: string, stock: string) {
  const variant = page.getByRole("listitem", { name: `Variante ${row}` });
  await variant.getByLabel("Colore", { exact: true }).fill(colour);
  await variant.getByLabel("Codice colore").fill(code);
  await variant.getByLabel("Taglia").fill(size);
  await variant.getByLabel("Giacenza").fill(stock);
}

test("staff add a product in two colours, find it in the shop, reduce its price, then archive it", async ({ page }) => {
  // Four pages of the admin and four of the shop, one after the other.
  test.slow();
  const word = `Zefiro${randomUUID().slice(0, 6)}`;
  const name = `Body ${word}`;
  const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;

  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/products");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Gestione Prodotti");
  await page.getByRole("link", { name: "Nuovo prodotto" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuovo prodotto");

  await page.getByLabel("Nome").fill(name);
  await page.getByLabel("SKU", { exact: true }).fill(sku);
  await page.getByLabel("Genere").selectOption("Donna");
  await page.getByLabel("Sottocategoria").selectOption("intero");
  await page.getByLabel("Marca").fill("Lunaria");
  await page.getByLabel("Descrizione").fill("Body in microfibra, spalline regolabili.");
  await page.getByLabel("Prezzo di vendita (€)").fill("49,00");
  await fillVariant(page, 1, "Nero", "#111111", "M", "5");
  await page.getByRole("button", { name: "Aggiungi variante" }).click();
  await fillVariant(page, 2, "Verde salvia", "#8fa98f", "M", "3");
  await page.getByRole("button", { name: "Crea prodotto" }).click();

  await expect(page).toHaveURL(/\/admin\/products\/\d+\?fatto=creato$/);
  await expectNotice(page, "Prodotto creato.");
  const productId = /\/admin\/products\/(\d+)/.exec(page.url())?.[1];
  // A photo of each colour, from the product's images page.
  await page.getByRole("link", { name: "Immagini" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Immagini di ${name}`);
  const photos = page.getByRole("listitem", { name: /^Immagine \d+ di \d+$/ });
  for (const [index, [colour, background]] of (
    [
      ["Nero", "#111111"],
      ["Verde salvia", "#8fa98f"],
    ] as const
  ).entries()) {
    const photo = await sharp({ create: { width: 800, height: 1000, channels: 3, background } })
      .jpeg()
      .toBuffer();
    await page.getByLabel("File").setInputFiles({ name: `${colour}.jpg`, mimeType: "image/jpeg", buffer: photo });
    await page.locator("#upload-color").selectOption(colour);
    await page.getByRole("button", { name: "Carica immagini" }).click();
    await expect(photos).toHaveCount(index + 1);
  }

  // The shop's search, from the header: the new product, in both colours.
  await openHydrated(page, "/");
  await page.getByLabel("Cerca", { exact: true }).click();
  await page.getByRole("searchbox", { name: "Cerca nel negozio" }).fill(word);
  await page.getByRole("searchbox", { name: "Cerca nel negozio" }).press("Enter");
  await expect(page).toHaveURL(`/shop?search=${word}`);
  const card = page.getByRole("link", { name: new RegExp(name) }).first();
  await expect(card).toBeVisible();
  // Searching a colour of it finds it as well.
  await page.goto(`/shop?search=${encodeURIComponent(`${word} salvia`)}`);
  await expect(page.getByRole("link", { name: new RegExp(name) }).first()).toBeVisible();

  // A reduction is two prices, 39,00 € from 49,00 €: the percentage is worked out, never typed.
  await openHydrated(page, `/admin/products/${productId}`);
  await expect(page.getByLabel("Sconto (%)")).toHaveCount(0);
  await page.getByLabel("Prezzo di vendita (€)").fill("39,00");
  await page.getByLabel("Prezzo di riferimento (€)").fill("49,00");
  await expect(page.getByTestId("discount-shown")).toContainText("Sconto mostrato ai clienti: −20%");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expectNotice(page, "Prodotto salvato.");
  await expect(
    page.getByText("Prezzo più basso dei 30 giorni prima del prezzo attuale (Omnibus): 49,00 €"),
  ).toBeVisible();
  await page.goto(`/admin/products?cerca=${sku}`);
  await expect(page.getByRole("main")).toContainText("39,00 € invece di 49,00 € (−20%)");

  await page.goto(`/product/${productId}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByTestId("product-price")).toContainText("-20%");
  await expect(page.getByText("Prezzo più basso degli ultimi 30 giorni: 49,00 €")).toBeVisible();
  // The first colour's photo, described by the name and colour staff did not need to type.
  await expect(page.getByRole("img", { name: `${name}, colore Nero` }).first()).toBeVisible();

  // Off sale: gone from the shop, its page a 404.
  await openHydrated(page, `/admin/products/${productId}`);
  await page.getByRole("button", { name: "Archivia" }).click();
  await expectNotice(page, "Prodotto archiviato: non è più in vendita.");
  const gone = await page.goto(`/product/${productId}`);
  expect(gone?.status()).toBe(404);
  await page.goto(`/shop?search=${word}`);
  await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
});

test("on the list, staff restock a variant with one submit; a stock changed meanwhile is not overwritten", async ({
  page,
}) => {
  // A product made through the pages first, then restocked from the list.
  test.slow();
  const sku = `${TEST_SKU_PREFIX}${randomUUID()}`;
  await logIn(page, await createUser("admin", "Ada Admin"));
  // On a phone, as staff are in the stockroom: every page fits the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  const fitsThePhone = async () =>
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await openHydrated(page, "/admin/products/nuovo");
  await fitsThePhone();
  await page.getByLabel("Nome").fill(`Calze ${sku.slice(-6)}`);
  await page.getByLabel("SKU", { exact: true }).fill(sku);
  await page.getByLabel("Genere").selectOption("Uomo");
  await page.getByLabel("Sottocategoria").selectOption("calze");
  await page.getByLabel("Marca").fill("Lunaria");
  await page.getByLabel("Prezzo di vendita (€)").fill("9,90");
  await fillVariant(page, 1, "Blu", "#1f3a93", "40/41", "2");
  await page.getByRole("button", { name: "Crea prodotto" }).click();
  await expectNotice(page, "Prodotto creato.");
  await page.getByRole("button", { name: "Archivia" }).click();
  await expectNotice(page, "Prodotto archiviato: non è più in vendita.");

  await fitsThePhone();
  await openHydrated(page, `/admin/products?cerca=${sku}&stato=archiviati`);
  const stock = page.getByLabel("Giacenza Blu 40/41");
  await expect(stock).toHaveValue("2");
  await fitsThePhone();

  await stock.fill("14");
  await page.getByRole("button", { name: "Salva giacenze" }).first().click();
  await expectNotice(page, "Giacenza aggiornata.");
  await expect(page.getByLabel("Giacenza Blu 40/41")).toHaveValue("14");
  // The page opened afresh, so nothing of the save's own round trip is still on its way.
  await openHydrated(page, `/admin/products?cerca=${sku}&stato=archiviati`);
  await expect(page.getByLabel("Giacenza Blu 40/41")).toHaveValue("14");

  // An order takes one while the page is open.
  await e2eDatabase()
    .update(productVariants)
    .set({ stock: 13 })
    .where(eq(productVariants.sku, `${sku}-BLU-4041`));
  await page.getByLabel("Giacenza Blu 40/41").fill("30");
  await page.getByRole("button", { name: "Salva giacenze" }).first().click();
  await expect(page.getByRole("alert").filter({ hasText: "cambiata" })).toHaveText(
    "La giacenza di Blu 40/41 è cambiata nel frattempo (ora 13): ricarica la pagina e riprova.",
  );
});

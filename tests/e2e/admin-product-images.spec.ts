import { asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { productImages, products } from "../../app/db/schema";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { expectToast, openHydrated, skipCookieBannerAndPopup, toast } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, test } from "./support/test";

// Staff add a photo to a demo product, describe it, see it on the product's page, then remove it,
// leaving the product as it was for the other specs.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

const productId = 1;
const alt = "Foto di prova caricata dallo staff";

const imagesOfProduct = () =>
  e2eDatabase()
    .select({ id: productImages.id, path: productImages.path })
    .from(productImages)
    .where(eq(productImages.productId, productId))
    .orderBy(asc(productImages.position), asc(productImages.id));

test("staff upload a JPEG, give it its alternative text, and it shows on the product page", async ({
  page,
  browser,
}) => {
  // Two pages, a login with its second step and the upload's renditions, on a small shared machine.
  test.setTimeout(60_000);
  const before = await imagesOfProduct();
  const [product] = await e2eDatabase()
    .select({ name: products.name })
    .from(products)
    .where(eq(products.id, productId));
  const photo = await sharp({ create: { width: 1600, height: 2000, channels: 3, background: "#b5485d" } })
    .jpeg({ quality: 80 })
    .toBuffer();

  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, `/admin/products/${productId}/immagini`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Immagini di ${product?.name}`);
  await page.getByLabel("File").setInputFiles({ name: "foto-prova.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByRole("button", { name: "Carica immagini" }).click();
  await expectToast(page, "Successo", "Immagine caricata.");

  const cards = page.getByRole("listitem", { name: /^Immagine \d+ di \d+$/ });
  await expect(cards).toHaveCount(before.length + 1);
  const card = cards.last();
  await expect(card.getByLabel("Testo alternativo")).toHaveValue(product?.name ?? "");
  await card.getByLabel("Testo alternativo").fill(alt);
  await card.getByRole("button", { name: "Salva" }).click();
  // Toasts pile up: this one is found by its text.
  await expect(toast(page, "Immagine aggiornata.")).toBeVisible();
  const uploaded = (await imagesOfProduct()).at(-1);
  expect(uploaded?.path).toMatch(new RegExp(`^/files/products/${productId}/[0-9a-f]{16}\\.jpg$`));

  // A shopper's view: the photo is one of the product's images, for every colour.
  const shopper = await browser.newPage();
  await skipCookieBannerAndPopup(shopper);
  await openHydrated(shopper, `/product/${productId}`);
  await shopper.getByRole("button", { name: new RegExp(`^Mostra immagine \\d+: ${alt}$`) }).click();
  const shown = shopper.getByRole("img", { name: alt });
  await expect(shown).toBeVisible();
  await expect(shown).toHaveAttribute("src", new RegExp(`^/images/products/${productId}/[0-9a-f]{16}\\.jpg\\?w=`));
  await expect.poll(() => shown.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await shopper.close();

  page.once("dialog", (dialog) => dialog.accept());
  await card.getByRole("button", { name: /^Elimina/ }).click();
  await expect(toast(page, "Immagine eliminata.")).toBeVisible();
  await expect(cards).toHaveCount(before.length);
  expect(await imagesOfProduct()).toEqual(before);
  const gone = await page.request.get(uploaded?.path ?? "");
  expect(gone.status()).toBe(404);
});

test("an SVG is refused with its name, and nothing is added", async ({ page }) => {
  const before = await imagesOfProduct();
  await logIn(page, await createUser("admin", "Ada Admin"));
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, `/admin/products/${productId}/immagini`);
  await page.getByLabel("File").setInputFiles({
    name: "logo.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await page.getByRole("button", { name: "Carica immagini" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "logo.svg" })).toContainText(
    "Il file «logo.svg» non è un'immagine JPEG, PNG, WebP o AVIF.",
  );
  expect(await imagesOfProduct()).toEqual(before);
  // Usable on a phone: nothing wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test("photos over 25 MB together are refused in the page, in Italian, before and without JavaScript", async ({
  page,
  browser,
}) => {
  // Sending 26 MB twice, on a small shared machine.
  test.setTimeout(60_000);
  const before = await imagesOfProduct();
  const tooLarge = "Le immagini scelte superano insieme 25 MB: caricale in più volte.";
  const photos = [1, 2].map((index) => ({
    name: `foto-${index}.jpg`,
    mimeType: "image/jpeg",
    buffer: Buffer.alloc(13 * 1024 * 1024),
  }));
  const admin = await createUser("admin", "Ada Admin");
  await logIn(page, admin);
  await openHydrated(page, `/admin/products/${productId}/immagini`);
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") uploads.push(request.url());
  });
  await page.getByLabel("File").setInputFiles(photos);
  await page.getByRole("button", { name: "Carica immagini" }).click();
  await expect(page.getByRole("alert").filter({ hasText: tooLarge })).toBeVisible();
  await expectToast(page, "Errore", tooLarge);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Immagini di /);
  expect(uploads).toEqual([]);

  // A page posted before its scripts run sends the files: the server reads them, throws them away and
  // shows the page again with the same words.
  const plain = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: "it-IT" });
  const plainPage = await plain.newPage();
  await plainPage.context().addCookies(await page.context().cookies());
  await plainPage.goto(`/admin/products/${productId}/immagini`);
  await plainPage.getByLabel("File").setInputFiles(photos);
  await plainPage.getByRole("button", { name: "Carica immagini" }).click();
  await expect(plainPage.getByRole("alert").filter({ hasText: tooLarge })).toBeVisible();
  await expect(plainPage.getByRole("heading", { level: 1 })).toHaveText(/^Immagini di /);
  await plain.close();
  expect(await imagesOfProduct()).toEqual(before);
});

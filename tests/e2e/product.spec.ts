import { and, desc, eq } from "drizzle-orm";
import { productVariants, reviews } from "../../app/db/schema";
import { lowestPriceBeforeCurrent } from "../../app/modules/catalog/omnibus";
import { formatEuro } from "../../app/modules/format/numbers";
import { e2eDatabase } from "./support/database";
import {
  demoCatalog,
  discountedProduct,
  everydayProduct,
  fewerPiecesInOtherColour,
  fewPiecesProduct,
  lastPieceProduct,
  packProduct,
  preselected,
  selectable,
  sizeGoneInOtherColourProduct,
  soldOutColourProduct,
  soldOutProduct,
  unpricedProduct,
} from "./support/demo-products";
import {
  expectToast,
  holdBackScripts,
  openHydrated,
  skipCookieBannerAndPopup,
  toast,
  waitForHydration,
} from "./support/page";
import { expect, type Page, test } from "./support/test";

// The product page: options preselected, every rule that blocks 'Aggiungi al carrello' with its toast,
// prices, reviews, the newsletter popup and the 404 for unknown products.

// The newsletter popup has its own test.
test.beforeEach(({ page }, testInfo) =>
  skipCookieBannerAndPopup(page, { showNewsletterPopup: testInfo.title.includes("newsletter popup") }),
);

const openProduct = (page: Page, id: number) => openHydrated(page, `/product/${id}`);

const addButton = (page: Page) => page.getByRole("button", { name: "Aggiungi al carrello" });
const storedCart = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem("shoppingCart") ?? "[]"));

test("preselects the first available colour and size, and adding to the cart updates the header badge", async ({
  page,
}) => {
  const product = everydayProduct;
  const { color, size } = preselected(product);
  await openProduct(page, product.id);
  await expect(page.getByRole("heading", { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByRole("radio", { name: color as string, exact: true })).toBeChecked();
  await expect(page.getByRole("radio", { name: size as string, exact: true })).toBeChecked();
  await expect(page.getByTestId("quantity")).toHaveValue("1");
  await expect(page.getByTestId("price")).toHaveText(formatEuro(product.priceCents as number));

  await page.getByRole("button", { name: "Aumenta quantità" }).click();
  await addButton(page).click();
  await expectToast(page, "Aggiunto al carrello!");
  await expect(page.getByTestId("cart-count")).toHaveText("2");
  expect(await storedCart(page)).toEqual([
    {
      id: product.id,
      name: product.name,
      price: product.priceCents,
      image: product.images.find((image) => image.colorName === color)?.path,
      quantity: 2,
      color,
      size,
      category: product.gender,
      subcategory: product.subcategory,
    },
  ]);

  // The same colour and size again: one line with the quantities added up.
  await addButton(page).click();
  await expect(page.getByTestId("cart-count")).toHaveText("4");
  expect(await storedCart(page)).toHaveLength(1);
});

test("asks for a size when the chosen colour does not have the size that was selected", async ({ page }) => {
  const { product, otherColour } = sizeGoneInOtherColourProduct;
  await openProduct(page, product.id);
  await page.getByRole("radio", { name: otherColour, exact: true }).check();
  await expect(page.getByText("Taglia: scegli una taglia")).toBeVisible();
  await addButton(page).click();
  await expectToast(page, "Selezione richiesta", "Per favore, seleziona una taglia.");
  expect(await storedCart(page)).toEqual([]);
});

test("a sold-out colour looks sold out, and is refused when added anyway", async ({ page }) => {
  const product = soldOutColourProduct;
  const soldOut = selectable(product).colors.find((colour) => !colour.available)?.name as string;
  await openProduct(page, product.id);
  await expect(addButton(page)).not.toHaveAccessibleDescription("Colore esaurito");
  await page.getByRole("radio", { name: `${soldOut} (esaurito)` }).check();
  await expect(page.getByRole("radio", { name: `${soldOut} (esaurito)` })).toBeChecked();
  await expect(addButton(page)).toHaveAccessibleDescription("Colore esaurito");
  await expect(page.getByRole("button", { name: "Acquista ora" })).toHaveAccessibleDescription("Colore esaurito");
  await addButton(page).click();
  await expectToast(page, "Colore Esaurito", "Questo colore non è al momento disponibile.");
  expect(await storedCart(page)).toEqual([]);
});

test("caps the quantity at the stock of the chosen colour and size", async ({ page }) => {
  const product = fewPiecesProduct;
  const { stock } = preselected(product);
  await openProduct(page, product.id);
  const plus = page.getByRole("button", { name: "Aumenta quantità" });
  await expect(page.getByText("Quantità massima raggiunta")).toBeHidden();
  for (let pieces = 1; pieces < stock; pieces++) await plus.click();
  await expect(page.getByTestId("quantity")).toHaveValue(String(stock));
  // At the stock '+' is off, and the limit is said once, beside it, not in a toast per click.
  await expect(plus).toBeDisabled();
  await expect(page.getByText("Quantità massima raggiunta")).toHaveCount(1);
  await expect(toast(page, "Quantità massima raggiunta")).toHaveCount(0);

  await addButton(page).click();
  await expectToast(page, "Aggiunto al carrello!");
  // Everything is in the cart already: one more piece is too many.
  for (let pieces = stock; pieces > 1; pieces--)
    await page.getByRole("button", { name: "Diminuisci quantità" }).click();
  await expect(page.getByTestId("quantity")).toHaveValue("1");
  await addButton(page).click();
  await expectToast(page, "Quantità non disponibile", `Sono disponibili solo ${stock} pezzi per questo colore.`);
  expect((await storedCart(page))[0].quantity).toBe(stock);
});

test("the quantity follows the stock of the colour and size chosen", async ({ page }) => {
  const { product, otherColour, otherStock } = fewerPiecesInOtherColour;
  const { stock, size } = preselected(product);
  await openProduct(page, product.id);
  const quantity = page.getByTestId("quantity");
  await quantity.fill(String(stock + 5));
  await expect(quantity).toHaveValue(String(stock));
  await page.getByRole("radio", { name: otherColour, exact: true }).check();
  await expect(page.getByRole("radio", { name: size as string, exact: true })).toBeChecked();
  await expect(quantity).toHaveValue(String(otherStock));
  await expect(page.getByRole("button", { name: "Aumenta quantità" })).toBeDisabled();
  await expect(page.getByText("Quantità massima raggiunta")).toHaveCount(1);
  await quantity.fill("0");
  await expect(quantity).toHaveValue("1");
  await expect(page.getByRole("button", { name: "Aumenta quantità" })).toBeEnabled();
});

test("colour, size and quantity chosen before the page is interactive are kept once it is", async ({ page }) => {
  const { product, otherColour } = fewerPiecesInOtherColour;
  const { size } = preselected(product);
  // The page's scripts wait until the choices are made, as on a slow phone.
  const scripts = await holdBackScripts(page);
  await page.goto(`/product/${product.id}`, { waitUntil: "commit" });
  await page.getByRole("radio", { name: otherColour, exact: true }).check();
  await page.getByTestId("quantity").fill("2");
  scripts.release();
  await waitForHydration(page);

  await expect(page.getByText(`Colore: ${otherColour}`)).toBeVisible();
  await expect(page.getByRole("radio", { name: otherColour, exact: true })).toBeChecked();
  await expect(page.getByTestId("quantity")).toHaveValue("2");
  await addButton(page).click();
  await expectToast(page, "Aggiunto al carrello!");
  expect(await storedCart(page)).toMatchObject([{ id: product.id, color: otherColour, size, quantity: 2 }]);
});

test("a product without a price says 'Prezzo su richiesta' and leads to the contact form naming it", async ({
  page,
}) => {
  await openProduct(page, unpricedProduct.id);
  await expect(page.getByTestId("product-price")).toContainText("Prezzo su richiesta");
  await expect(addButton(page)).toHaveAccessibleDescription(/Prezzo su richiesta/);
  await addButton(page).click();
  await expectToast(page, "Errore", "Prezzo del prodotto non disponibile.");
  expect(await storedCart(page)).toEqual([]);

  await page.getByTestId("product-price").getByRole("link", { name: "Chiedi il prezzo" }).click();
  await expect(page).toHaveURL(/\/contact\?oggetto=/);
  await expect(page.getByRole("textbox", { name: "Oggetto" })).toHaveValue(`Prezzo di ${unpricedProduct.name}`);
});

test("one piece left says so on arrival, without the red 'Quantità massima raggiunta'", async ({ page }) => {
  const product = lastPieceProduct;
  const { color, size, stock } = preselected(product);
  const db = e2eDatabase();
  const variant = and(
    eq(productVariants.productId, product.id),
    eq(productVariants.colorName, color ?? ""),
    eq(productVariants.size, size ?? ""),
  );
  await db.update(productVariants).set({ stock: 1 }).where(variant);
  try {
    await openProduct(page, product.id);
    await expect(page.getByText("Ultimo pezzo disponibile")).toBeVisible();
    await expect(page.getByText("Quantità massima raggiunta")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Aumenta quantità" })).toBeDisabled();
  } finally {
    await db.update(productVariants).set({ stock }).where(variant);
  }
});

test("a price for one piece of several bought together says what it buys, and the cart charges just that", async ({
  page,
}) => {
  const product = packProduct;
  const unit = product.priceCents as number;
  const pieces = product.minQuantity;
  await openProduct(page, product.id);
  await expect(page.getByTestId("price")).toHaveText(formatEuro(unit));
  await expect(page.getByTestId("product-price").getByText("al pezzo", { exact: true })).toBeVisible();
  await expect(page.getByTestId("pack-price")).toHaveText(
    `Si acquistano almeno ${pieces} pezzi: ${pieces} × ${formatEuro(unit)} = ${formatEuro(pieces * unit)}`,
  );
  await expect(page.getByTestId("quantity")).toHaveValue(String(pieces));
  await expect(page.getByTestId("quantity-total")).toHaveText(`${pieces} pezzi: ${formatEuro(pieces * unit)}`);
  await page.getByRole("button", { name: "Aumenta quantità" }).click();
  await expect(page.getByTestId("quantity-total")).toHaveText(
    `${pieces + 1} pezzi: ${formatEuro((pieces + 1) * unit)}`,
  );
  await addButton(page).click();
  await expectToast(page, "Aggiunto al carrello!");
  await openHydrated(page, "/cart");
  await expect(page.getByTestId("line-total")).toHaveText(formatEuro((pieces + 1) * unit));
});

test("a sold-out product looks sold out, and is refused when added anyway, also through 'Acquista ora'", async ({
  page,
}) => {
  await openProduct(page, soldOutProduct.id);
  await expect(page.getByText("Esaurito", { exact: true })).toBeVisible();
  await expect(addButton(page)).toHaveAccessibleDescription("Prodotto esaurito");
  await expect(page.getByRole("button", { name: "Acquista ora" })).toHaveAccessibleDescription("Prodotto esaurito");
  await page.getByRole("button", { name: "Acquista ora" }).click();
  await expectToast(page, "Prodotto Esaurito", "Questo articolo non è al momento disponibile.");
  await expect(page).toHaveURL(`/product/${soldOutProduct.id}`);
});

test("'Acquista ora' adds to the cart and goes to the checkout", async ({ page }) => {
  await openProduct(page, everydayProduct.id);
  await page.getByRole("button", { name: "Acquista ora" }).click();
  await expect(page).toHaveURL("/checkout");
  await expect(page.getByTestId("summary-line")).toHaveCount(1);
  await expect(page.getByTestId("summary-line")).toContainText(everydayProduct.name);
});

test("shows a reduced price with the original price and the lowest price of the previous 30 days", async ({ page }) => {
  const product = discountedProduct;
  const lowest = lowestPriceBeforeCurrent(product.priceHistory) as number;
  await openProduct(page, product.id);
  await expect(page.getByTestId("price")).toHaveText(formatEuro(product.priceCents as number));
  await expect(page.getByTestId("product-price").locator("s")).toHaveText(
    `Prezzo originale: ${formatEuro(product.originalPriceCents as number)}`,
  );
  // The cut the two prices make, rounded down: the badge never claims more.
  const original = product.originalPriceCents as number;
  const percent = Math.floor(((original - (product.priceCents as number)) * 100) / original);
  await expect(page.getByTestId("product-price")).toContainText(`-${percent}%`);
  await expect(page.getByText(`Prezzo più basso degli ultimi 30 giorni: ${formatEuro(lowest)}`)).toBeVisible();
});

test("describes the product to search engines and offers chat and size consultation", async ({ page }) => {
  const product = everydayProduct;
  await openProduct(page, product.id);
  await expect(page).toHaveTitle(new RegExp(`^${product.name} – ${product.brand}`));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`/product/${product.id}$`));
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/products\/.+\?w=1200$/);
  const jsonLd = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((text) =>
    JSON.parse(text),
  );
  const productLd = jsonLd.find((entry) => entry["@type"] === "Product");
  expect(productLd.offers).toMatchObject({
    price: ((product.priceCents as number) / 100).toFixed(2),
    priceCurrency: "EUR",
    availability: "https://schema.org/InStock",
  });
  if (product.reviews.length > 0) expect(productLd.aggregateRating.reviewCount).toBe(product.reviews.length);
  const trail = jsonLd.find((entry) => entry["@type"] === "BreadcrumbList");
  expect(trail.itemListElement.map((crumb: { name: string }) => crumb.name)).toEqual([
    "Home",
    "Shop",
    product.gender,
    product.name,
  ]);

  const chat = page.getByRole("link", { name: "Chiedi su WhatsApp" });
  expect(decodeURIComponent((await chat.getAttribute("href")) ?? "")).toContain(product.name);
  await expect(page.getByRole("link", { name: "Prenota una consulenza taglia in negozio" })).toHaveAttribute(
    "href",
    /^https:\/\//,
  );
  await expect(page.getByText("Spedizione gratuita per ordini da 100,00 €")).toBeVisible();
  await expect(page.getByText("Reso entro 14 giorni dalla consegna")).toBeVisible();
});

test("a review is checked by the server, stored and shown", async ({ page }) => {
  const product = everydayProduct;
  await openProduct(page, product.id);
  await page.getByRole("tab", { name: "Scrivi una recensione" }).click();

  // Nothing filled in: the server refuses it.
  await page.getByRole("button", { name: "Invia recensione" }).click();
  await expectToast(page, "Impossibile inviare la recensione.");
  const form = page.getByRole("tabpanel");
  await expect(form.getByText("Inserisci il tuo nome.")).toBeVisible();
  await expect(form.getByText("Seleziona una valutazione da 1 a 5 stelle.")).toBeVisible();

  await page.getByLabel("Nome").fill("Giulia Test");
  // The stars are the labels of hidden radio buttons.
  await form.locator("label").filter({ hasText: "4 stelle" }).click();
  await expect(form.getByRole("radio", { name: "4 stelle" })).toBeChecked();
  await page.getByLabel("La tua recensione").fill("Morbidissimo e veste benissimo.");
  await page.getByRole("button", { name: "Invia recensione" }).click();
  await expectToast(page, "Recensione inviata!");

  await expect(page.getByRole("tab", { name: `Recensioni (${product.reviews.length + 1})` })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  const newest = page.getByRole("tabpanel").getByRole("listitem").first();
  await expect(newest).toContainText("Giulia Test");
  await expect(newest).toContainText("Morbidissimo e veste benissimo.");
  await expect(newest.getByRole("img", { name: "4 su 5 stelle" })).toBeVisible();

  const [stored] = await e2eDatabase()
    .select({ author: reviews.author, rating: reviews.rating, content: reviews.content })
    .from(reviews)
    .where(and(eq(reviews.productId, product.id), eq(reviews.author, "Giulia Test")))
    .orderBy(desc(reviews.createdAt));
  expect(stored).toEqual({ author: "Giulia Test", rating: 4, content: "Morbidissimo e veste benissimo." });
});

test("an unknown product leads to the 404 page", async ({ page }) => {
  for (const path of ["/product/999999", "/product/abc", "/product/0"]) {
    const response = await page.goto(path);
    await expect(page).toHaveURL("/404");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  }
});

test("the newsletter popup opens once per browser session", async ({ page }) => {
  await openProduct(page, everydayProduct.id);
  const popup = page.getByRole("dialog", { name: "Resta in contatto con noi" });
  await expect(popup).toBeVisible();
  await expect(popup.getByRole("textbox", { name: "La tua email" })).toHaveAttribute("type", "email");
  await popup.getByRole("button", { name: "Iscriviti" }).click();
  await expectToast(page, "Errore", "Per favore, inserisci un'email.");
  await popup.getByRole("button", { name: "Chiudi" }).click();
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("newsletter-popup-shown"))).toBe("1");
});

test("shows four related products of the same gender", async ({ page }) => {
  await openProduct(page, everydayProduct.id);
  const related = page.getByRole("region", { name: "Potrebbe piacerti anche" });
  await expect(related.getByRole("article")).toHaveCount(4);
  const hrefs = await related
    .getByRole("article")
    .evaluateAll((cards) => cards.map((card) => card.querySelector("h3 a")?.getAttribute("href")));
  const ids = hrefs.map((href) => Number(href?.replace("/product/", "")));
  expect(ids).not.toContain(everydayProduct.id);
  expect(new Set(ids).size).toBe(4);
  for (const id of ids) expect(demoCatalog.find((product) => product.id === id)?.gender).toBe(everydayProduct.gender);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("'Acquista ora' goes to the checkout with the product", async ({ page }) => {
    await page.goto(`/product/${everydayProduct.id}`);
    await page.getByRole("button", { name: "Acquista ora" }).click();
    await expect(page).toHaveURL("/checkout");
    await expect(page.getByTestId("summary-line")).toContainText(everydayProduct.name);
  });

  test("'Aggiungi al carrello' posts the chosen colour, size and quantity and lands on the cart", async ({ page }) => {
    const { product, otherColour } = fewerPiecesInOtherColour;
    const unit = product.priceCents as number;
    await page.goto(`/product/${product.id}`);
    await page.getByRole("radio", { name: otherColour, exact: true }).check();
    await page.getByTestId("quantity").fill("2");
    await addButton(page).click();
    await expect(page).toHaveURL("/cart");
    const line = page.getByTestId("cart-line");
    await expect(line).toHaveCount(1);
    await expect(line).toContainText(product.name);
    await expect(line).toContainText(`Colore: ${otherColour}`);
    await expect(line.getByTestId("line-quantity")).toHaveText("2");
    await expect(page.getByTestId("total")).toHaveText(formatEuro(unit * 2));
    await expect(page.getByText("Caricamento del carrello…")).toHaveCount(0);
  });

  test("a product that cannot be added says why on the cart page, with the way back", async ({ page }) => {
    await page.goto(`/product/${soldOutProduct.id}`);
    await expect(page.getByText("Esaurito", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Acquista ora" }).click();
    await expect(page.getByRole("alert")).toContainText("Prodotto Esaurito");
    await expect(page.getByRole("alert")).toContainText("Questo articolo non è al momento disponibile.");
    await expect(page.getByText("Il tuo carrello è vuoto.")).toBeVisible();
    await page.getByRole("link", { name: "Torna al prodotto" }).click();
    await expect(page).toHaveURL(`/product/${soldOutProduct.id}`);
  });

  test("details, composition and washing open and close like an accordion", async ({ page }) => {
    const product = everydayProduct;
    await page.goto(`/product/${product.id}`);
    const composition = page.getByText(product.composition, { exact: true });
    const firstWashingLine = page.getByText(product.washing[0] as string, { exact: true });
    await expect(composition).toBeHidden();
    await page.getByText("Composizione", { exact: true }).click();
    await expect(composition).toBeVisible();
    // Each section opens on its own: the others keep their state.
    await page.getByText("Lavaggio", { exact: true }).click();
    await expect(firstWashingLine).toBeVisible();
    await expect(composition).toBeVisible();
    await page.getByText("Composizione", { exact: true }).click();
    await expect(composition).toBeHidden();
  });
});

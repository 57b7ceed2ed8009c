import { eq } from "drizzle-orm";
import { products } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import { e2eDatabase } from "./support/database";
import { cartItem, everydayProduct, fewPiecesProduct, preselected, swimsuits } from "./support/demo-products";
import { openHydrated, skipCookieBannerAndPopup, toast, waitForHydration } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The cart page: lines from the browser, prices, stock and the 'Promo Extra 2° Costume' from the server.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

async function addFromProductPage(page: Page, id: number) {
  await openHydrated(page, `/product/${id}`);
  await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
  await expect(toast(page, "Aggiunto al carrello!")).toBeVisible();
}

/** Puts lines straight into the stored cart, as an earlier visit would have left them. */
async function storeCart(page: Page, items: object[]) {
  await page.goto("/chi-siamo");
  await page.evaluate((items) => localStorage.setItem("shoppingCart", JSON.stringify(items)), items);
}

function lineFor(page: Page, name: string) {
  return page.getByTestId("cart-line").filter({ hasText: name });
}

const everydayLine = (quantity: number, price = everydayProduct.priceCents) =>
  cartItem(everydayProduct, quantity, price);

test("two swimsuits get the 'Promo Extra 2° Costume' on the cheaper one", async ({ page }) => {
  const { cheaper, dearer } = swimsuits;
  await addFromProductPage(page, dearer.id);
  await addFromProductPage(page, cheaper.id);
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await page.getByRole("link", { name: /^Carrello/ }).click();
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  const cheaperCents = cheaper.priceCents as number;
  const dearerCents = dearer.priceCents as number;
  const discount = Math.floor((cheaperCents * 30 + 50) / 100);
  await expect(page.getByText("Promo Extra 2° Costume", { exact: true })).toBeVisible();
  // What the checkout adds, and that the promotion adds to it.
  await expect(page.getByTestId("cart-discount-note")).toContainText(
    "se ne hai più d'uno, vale il più vantaggioso. La Promo Extra 2° Costume si somma a quello sconto.",
  );
  await expect(page.getByTestId("promo-discount")).toHaveText(`−${formatEuro(discount)}`);
  await expect(page.getByTestId("subtotal")).toHaveText(formatEuro(cheaperCents + dearerCents));
  await expect(page.getByTestId("total")).toHaveText(formatEuro(cheaperCents + dearerCents - discount));
  await expect(page.getByRole("button", { name: "Procedi al checkout" })).toBeEnabled();

  // Without the second swimsuit there is no promotion.
  await lineFor(page, dearer.name)
    .getByRole("button", { name: /^Rimuovi/ })
    .click();
  await expect(page.getByTestId("cart-line")).toHaveCount(1);
  await expect(page.getByText("Promo Extra 2° Costume")).toBeHidden();
  await expect(page.getByTestId("total")).toHaveText(formatEuro(cheaperCents));
});

test("changing quantities updates the totals, and 0 removes the line", async ({ page }) => {
  const unit = everydayProduct.priceCents as number;
  await storeCart(page, [everydayLine(1)]);
  await openHydrated(page, "/cart");
  const line = lineFor(page, everydayProduct.name);
  await expect(line.getByTestId("line-total")).toHaveText(formatEuro(unit));

  await line.getByRole("button", { name: "Aumenta quantità" }).click();
  await expect(line.getByTestId("line-quantity")).toHaveText("2");
  await expect(line.getByTestId("line-total")).toHaveText(formatEuro(unit * 2));
  await expect(page.getByTestId("total")).toHaveText(formatEuro(unit * 2));
  await expect(page.getByTestId("cart-count")).toHaveText("2");

  await line.getByRole("button", { name: "Diminuisci quantità" }).click();
  await line.getByRole("button", { name: "Diminuisci quantità" }).click();
  await expect(page.getByText("Il tuo carrello è vuoto.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Vai allo shop" })).toHaveAttribute("href", "/shop");
  await expect(page.getByTestId("cart-count")).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("shoppingCart"))).toBe("[]");
});

test("shows the server's current price, not the one stored in the browser", async ({ page }) => {
  const db = e2eDatabase();
  const original = everydayProduct.priceCents as number;
  // Stored at 1 cent: a browser's price is never believed.
  await storeCart(page, [everydayLine(2, 1)]);
  await page.goto("/cart");
  const line = lineFor(page, everydayProduct.name);
  await expect(line.getByTestId("unit-price")).toHaveText(formatEuro(original));
  await expect(page.getByTestId("subtotal")).toHaveText(formatEuro(original * 2));

  await db.update(products).set({ priceCents: 1990 }).where(eq(products.id, everydayProduct.id));
  try {
    await page.reload();
    await expect(line.getByTestId("unit-price")).toHaveText(formatEuro(1990));
    await expect(page.getByTestId("total")).toHaveText(formatEuro(3980));
  } finally {
    await db.update(products).set({ priceCents: original }).where(eq(products.id, everydayProduct.id));
  }
});

test("lowers a quantity above the stock and flags lines that cannot be bought", async ({ page }) => {
  // A few pieces left: fewer than the shop's limit per article, which would lower it first.
  const { stock } = preselected(fewPiecesProduct);
  await storeCart(page, [
    cartItem(fewPiecesProduct, stock + 10),
    { ...everydayLine(1), id: 999999, name: "Articolo sparito" },
  ]);
  await openHydrated(page, "/cart");
  const line = lineFor(page, fewPiecesProduct.name);
  await expect(line.getByTestId("line-quantity")).toHaveText(String(stock));
  await expect(line.getByText(`Disponibili solo ${stock} pezzi: abbiamo aggiornato la quantità.`)).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("shoppingCart") ?? "[]")[0]?.quantity))
    .toBe(stock);

  await expect(page.getByText("Questo articolo non è più disponibile. Rimuovilo dal carrello.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Procedi al checkout" })).toHaveCount(0);
  await lineFor(page, "Prodotto non più disponibile")
    .getByRole("button", { name: /^Rimuovi/ })
    .click();
  await expect(page.getByRole("button", { name: "Procedi al checkout" })).toBeVisible();
});

test("'+' stops at the stock, saying so once", async ({ page }) => {
  const { stock } = preselected(fewPiecesProduct);
  await storeCart(page, [cartItem(fewPiecesProduct, stock - 1)]);
  await openHydrated(page, "/cart");
  const line = lineFor(page, fewPiecesProduct.name);
  const plus = line.getByRole("button", { name: "Aumenta quantità" });
  await expect(line.getByText("Quantità massima raggiunta")).toBeHidden();
  await plus.click();
  await expect(line.getByTestId("line-quantity")).toHaveText(String(stock));
  await expect(plus).toBeDisabled();
  await expect(line.getByText("Quantità massima raggiunta")).toHaveCount(1);
  await expect(toast(page, "Quantità massima raggiunta")).toHaveCount(0);
});

test.describe("scripts that fail to load", () => {
  // The browser reports each script it could not fetch: that is this journey's premise.
  test.use({ expectedConsoleErrors: [/\/assets\/[^ ]+\.js: Failed to load resource: net::ERR_FAILED$/] });

  test("a product added on a page whose scripts fail to load is in the cart once the cart page runs", async ({
    page,
  }) => {
    // The product page's scripts never come: the click posts the form, as without JavaScript.
    await page.route(/\/assets\/.*\.js$/, (route, request) =>
      request.frame().url().includes("/product/") ? route.abort() : route.continue(),
    );
    await storeCart(page, [cartItem(swimsuits.cheaper, 1)]);
    await page.goto(`/product/${everydayProduct.id}`, { waitUntil: "commit" });
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(page).toHaveURL("/cart");
    await waitForHydration(page);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("cart-count")).toHaveText("2");
    await expect
      .poll(() =>
        page.evaluate(() =>
          JSON.parse(localStorage.getItem("shoppingCart") ?? "[]").map((item: { name: string }) => item.name),
        ),
      )
      .toEqual([swimsuits.cheaper.name, everydayProduct.name]);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the cart is rendered by the server, and its buttons change it", async ({ page }) => {
    const unit = everydayProduct.priceCents as number;
    await page.goto(`/product/${everydayProduct.id}`);
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(page).toHaveURL("/cart");
    const line = lineFor(page, everydayProduct.name);
    await expect(line.getByTestId("unit-price")).toHaveText(formatEuro(unit));
    await expect(page.getByText("Caricamento del carrello…")).toHaveCount(0);

    await line.getByRole("button", { name: "Aumenta quantità" }).click();
    await expect(line.getByTestId("line-quantity")).toHaveText("2");
    await expect(page.getByTestId("total")).toHaveText(formatEuro(unit * 2));
    await line.getByRole("button", { name: "Diminuisci quantità" }).click();
    await expect(line.getByTestId("line-quantity")).toHaveText("1");
    await expect(page.getByRole("button", { name: "Procedi al checkout" })).toBeVisible();

    await line.getByRole("button", { name: /^Rimuovi/ }).click();
    await expect(page.getByText("Il tuo carrello è vuoto.")).toBeVisible();
  });

  test("an empty cart says so instead of loading forever", async ({ page }) => {
    await page.goto("/cart");
    await expect(page.getByText("Il tuo carrello è vuoto.")).toBeVisible();
    await expect(page.getByText("Caricamento del carrello…")).toHaveCount(0);
  });
});

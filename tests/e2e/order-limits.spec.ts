import { orderItems } from "../../app/db/schema";
import type { DemoProduct } from "../../app/demo/catalog/catalog";
import { insertOrder, uniqueEmail } from "../support/fixtures";
import { e2eDatabase, latestOrderOf } from "./support/database";
import { cartItem, demoCatalog, everydayProduct, preselected } from "./support/demo-products";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// The shop's limits on what one shopper takes off the shelf (shop settings, 'Limiti degli ordini',
// here at their defaults: 10 pieces per article, 30 per order, 40 held unpaid per customer), as the
// shopper meets them in the cart and at the checkout.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

async function storeCart(page: Page, items: object[]) {
  await page.goto("/chi-siamo");
  await page.evaluate((items) => localStorage.setItem("shoppingCart", JSON.stringify(items)), items);
}

// Products no other journey buys, with enough pieces that only the shop's limits stop these carts.
const [plenty, ...others] = demoCatalog
  .filter(
    (product) =>
      product.id !== everydayProduct.id &&
      product.priceCents !== null &&
      product.minQuantity === 1 &&
      preselected(product).stock >= 14,
  )
  .slice(0, 4) as [DemoProduct, ...DemoProduct[]];

test("the cart lowers a line to 10 pieces and stops an order of more than 30, saying why", async ({ page }) => {
  expect(others).toHaveLength(3);
  await storeCart(page, [cartItem(plenty, 12)]);
  await openHydrated(page, "/cart");
  const line = page.getByTestId("cart-line").filter({ hasText: plenty.name });
  await expect(
    line.getByText("Al massimo 10 pezzi per articolo in un ordine: abbiamo aggiornato la quantità."),
  ).toBeVisible();
  await expect(line.getByTestId("line-quantity")).toHaveText("10");
  await expect(line.getByRole("button", { name: "Aumenta quantità" })).toBeDisabled();
  await expect
    .poll(() => page.evaluate(() => JSON.parse(localStorage.getItem("shoppingCart") ?? "[]")[0]?.quantity))
    .toBe(10);

  await storeCart(page, [cartItem(plenty, 10), ...others.map((product) => cartItem(product, 7))]);
  await openHydrated(page, "/cart");
  await expect(
    page.getByText(
      "Un ordine può contenere al massimo 30 pezzi, e nel carrello ce ne sono 31: togline qualcuno per procedere. Per un ordine più grande scrivici.",
    ),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Procedi al checkout" })).toHaveCount(0);

  // One piece less, and the checkout is open again.
  await page
    .getByTestId("cart-line")
    .filter({ hasText: others[0]?.name ?? "" })
    .getByRole("button", { name: "Diminuisci quantità" })
    .click();
  await expect(page.getByRole("button", { name: "Procedi al checkout" })).toBeEnabled();
  await expect(page.getByText("Un ordine può contenere al massimo 30 pezzi")).toHaveCount(0);
});

test("a shopper who already holds 40 pieces unpaid is told so at 'Conferma Prenotazione', and nothing is reserved", async ({
  page,
}) => {
  const email = uniqueEmail("scorta");
  // An earlier reservation of 40 pieces, not collected yet.
  const earlier = await insertOrder(e2eDatabase(), null, {
    email,
    status: "reserved",
    paymentStatus: "to_be_paid_in_store",
    deliveryMethod: "pickup_and_pay",
  });
  await e2eDatabase()
    .insert(orderItems)
    .values({ orderId: earlier, productName: "Calzini", size: "M", color: "Nero", quantity: 37, unitPriceCents: 500 });

  await storeCart(page, [cartItem(everydayProduct, 1)]);
  await openHydrated(page, "/cart");
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page).toHaveURL(`${baseURL}/checkout`);
  await page.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Telefono").fill("+39 333 1234567");
  await page.getByText("Prenota e paga in negozio").click();
  await page.getByRole("button", { name: "Vai al riepilogo" }).click();
  await page.getByRole("button", { name: "Conferma Prenotazione" }).click();

  await expectToast(page, "Impossibile completare la prenotazione.");
  await expect(page.getByText("Il tuo ordine non è stato inviato e non ti è stato addebitato nulla.")).toBeVisible();
  await expect(
    page.getByText(
      "Hai già altri ordini da pagare o prenotazioni da ritirare: con questo supereresti i 40 pezzi che possiamo tenere da parte per te. Completa prima quelli, oppure scrivici per un ordine più grande.",
    ),
  ).toBeVisible();
  // Told on the reservation's summary; what the shopper typed is still there, and no second order was written.
  await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
  await openHydrated(page, "/checkout");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(email);
  expect((await latestOrderOf(email))?.id).toBe(earlier);
});

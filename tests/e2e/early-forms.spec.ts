import { expect, type Page, test } from "@playwright/test";
import { eq } from "drizzle-orm";
import { contactMessages } from "../../app/db/schema";
import { profileRow, uniqueEmail } from "../support/fixtures";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { cartItem, everydayProduct, preselected } from "./support/demo-products";
import { expectToast, holdBackScripts, openHydrated, skipCookieBannerAndPopup, waitForHydration } from "./support/page";
import { baseURL } from "./support/ports";

// A slow phone: the page is on screen and the shopper types and presses before its scripts have
// arrived. Every storefront form keeps what was typed, and a press made then is answered as one made
// once the page is interactive: same page, same toast, no plain post.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

/** Opens `path` with its scripts held back; the page is plain HTML until `release()`. */
async function openBeforeScripts(page: Page, path: string) {
  const scripts = await holdBackScripts(page);
  await page.goto(path, { waitUntil: "commit" });
  return scripts;
}

test("/auth: the e-mail typed before the scripts stays, and 'Accedi' pressed then logs in with the toast", async ({
  page,
}) => {
  const user = await createUser();
  const scripts = await openBeforeScripts(page, "/auth");
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  scripts.release();
  await waitForHydration(page);
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);

  // Once more, the press itself before the scripts.
  await page.context().clearCookies();
  const again = await openBeforeScripts(page, "/auth");
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Accedi", exact: true }).click();
  again.release();
  await expectToast(page, "Login riuscito", "Benvenuto nel tuo account");
  await expect(page.getByText("Email non valida")).toHaveCount(0);
});

test("'Aggiungi al carrello' pressed before the scripts adds with the toast and stays on the product", async ({
  page,
}) => {
  const product = everydayProduct;
  const { color, size } = preselected(product);
  const scripts = await openBeforeScripts(page, `/product/${product.id}`);
  await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
  scripts.release();
  await expectToast(page, "Aggiunto al carrello!");
  await expect(page).toHaveURL(`/product/${product.id}`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("shoppingCart") ?? "[]"))).toMatchObject([
    { id: product.id, color, size, quantity: 1 },
  ]);
});

/** A cart with the everyday product, sent to the checkout as the cart page sends it. */
async function cartAtCheckout(page: Page) {
  await page.goto("/chi-siamo");
  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, 1),
  );
  await openHydrated(page, "/cart");
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page.getByTestId("summary-line")).toHaveCount(1);
}

test("checkout: a code applied and the form sent before the scripts are answered as once they run", async ({
  page,
}) => {
  await cartAtCheckout(page);
  const scripts = await openBeforeScripts(page, "/checkout");
  await page.getByRole("textbox", { name: "Codice sconto" }).fill("benvenuto");
  await page.getByRole("button", { name: "Applica" }).click();
  await page.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  scripts.release();
  await expectToast(page, "Codice Inserito");
  await expect(page.getByTestId("coupon-code")).toHaveText("BENVENUTO");
  await expect(page).toHaveURL(`${baseURL}/checkout`);
  await expect(page.getByLabel("Nome e cognome")).toHaveValue("Chiara Bianchi");

  const form = await openBeforeScripts(page, "/checkout");
  await page.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("presto"));
  await page.getByLabel("Telefono").fill("+39 333 1234567");
  await page.getByText("Ritiro in negozio", { exact: true }).click();
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  form.release();
  await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
  await expect(page.getByText("Chiara Bianchi")).toBeVisible();
  await expect(page.getByText("+39 333 1234567")).toBeVisible();
});

test("/contact: a message sent before the scripts gets the toast and stays on the page", async ({ page }) => {
  const subject = `Scritto presto ${Date.now()}`;
  const scripts = await openBeforeScripts(page, "/contact");
  const form = page.getByRole("form", { name: "Scrivici un messaggio" });
  await form.getByRole("textbox", { name: "Nome" }).fill("Carla Bianchi");
  await form.getByRole("textbox", { name: "Email" }).fill("carla.presto@example.it");
  await form.getByRole("textbox", { name: "Oggetto" }).fill(subject);
  await form.getByRole("textbox", { name: "Messaggio" }).fill("Scritto prima che la pagina fosse pronta.");
  await form.getByRole("button", { name: "Invia messaggio" }).click();
  scripts.release();
  await expectToast(page, "Messaggio inviato!");
  const stored = await e2eDatabase().select().from(contactMessages).where(eq(contactMessages.subject, subject));
  expect(stored).toHaveLength(1);
});

test("the footer's newsletter form sent before the scripts gets the toast", async ({ page }) => {
  const scripts = await openBeforeScripts(page, "/chi-siamo");
  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "La tua email" }).fill(uniqueEmail("newsletter"));
  await footer.getByRole("button", { name: "Iscriviti" }).click();
  scripts.release();
  await expectToast(page, "Grazie!");
  await expect(page).toHaveURL("/chi-siamo");
});

test("/profile: changes saved before the scripts keep the page and get the toast", async ({ page }) => {
  const user = await createUser("customer", "Giulia Verdi");
  await logIn(page, user);
  const scripts = await openBeforeScripts(page, "/profile");
  await page.getByLabel("Telefono").fill("0172 654321");
  await page.getByLabel("Indirizzo").fill("Via Garibaldi 5");
  await page.getByLabel("Città").fill("Fossano");
  await page.getByLabel("CAP").fill("12045");
  await page.getByLabel("Provincia").selectOption("CN");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  scripts.release();
  await expectToast(page, "Profilo aggiornato");
  await expect(page.getByLabel("Città")).toHaveValue("Fossano");
  expect(await profileRow(e2eDatabase(), user.id)).toMatchObject({
    city: "Fossano",
    postalCode: "12045",
    province: "CN",
  });
});

import { eq } from "drizzle-orm";
import { shopSettings } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import { settingsGroups } from "../../app/modules/settings/settings";
import { defaultPublicSettings } from "../../app/modules/settings/shop-settings";
import { uniqueEmail } from "../support/fixtures";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { cartItem, demoCatalog, preselected } from "./support/demo-products";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// Staff switch free shipping off in 'Impostazioni', and a shopper's checkout above 100 € then
// charges the delivery fee. Other specs of the run expect the shop's usual rules: the setting is
// put back at the end, whatever happens.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

/** A full-price garment (no swimsuit promotion) of which two pieces cost more than 100 € after the 10% first-order discount. */
const dearProduct = (() => {
  const found = demoCatalog.find(
    (product) =>
      (product.priceCents ?? 0) >= 5600 &&
      product.minQuantity === 1 &&
      product.originalPriceCents === null &&
      !["bikini", "intero"].includes(product.subcategory) &&
      preselected(product).stock >= 2,
  );
  if (!found) throw new Error("The demo catalogue has no garment of 56 € or more with two pieces in stock");
  return found;
})();

function shippingSection(page: Page) {
  return page.getByRole("region", { name: "Spedizioni e resi" });
}

/** The admin's cookies, for the clean-up after the page is gone. */
let adminCookie: string | undefined;

// The shop's usual shipping again, saved as staff would (which also drops the server's copy in memory).
test.afterAll(async ({ playwright }) => {
  if (!adminCookie) return;
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { cookie: adminCookie, origin: baseURL },
  });
  const usual = Object.entries(settingsGroups.shipping.toForm(defaultPublicSettings.shipping)).flatMap(
    ([name, value]): [string, string][] => (value === false ? [] : [[name, value === true ? "on" : value]]),
  );
  const answer = await api.post("/admin/settings", { form: { intent: "shipping", ...Object.fromEntries(usual) } });
  await api.dispose();
  expect(answer.status()).toBe(200);
  await e2eDatabase().delete(shopSettings).where(eq(shopSettings.key, "shipping"));
});

test("staff switch free shipping off, and a checkout above 100 € is charged the delivery fee", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await logIn(page, await createUser("admin", "Ada Admin"));
  adminCookie = (await page.context().cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
  await openHydrated(page, "/admin/settings");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impostazioni");
  const section = shippingSection(page);

  // A wrong amount: the message beside the field, what was typed kept, nothing saved.
  await section.getByLabel("Costo di spedizione (€)").fill("sette euro");
  await section.getByRole("button", { name: "Salva" }).click();
  await expect(section.getByText("Scrivi un importo in euro da 0 a 1.000, per esempio 7,90.")).toBeVisible();
  await expect(section.getByLabel("Costo di spedizione (€)")).toHaveValue("sette euro");
  await expect(section.getByLabel("Costo di spedizione (€)")).toHaveAttribute("aria-invalid", "true");

  await section.getByLabel("Costo di spedizione (€)").fill("7,90");
  await section.getByLabel("Spedizione gratuita oltre una soglia").uncheck();
  await section.getByRole("button", { name: "Salva" }).click();
  await expectToast(page, "Spedizioni e resi: modifiche salvate.");
  const log = page.getByRole("region", { name: "Registro modifiche" });
  await expect(log.getByRole("listitem").first()).toContainText("Spedizioni e resi");
  await expect(log.getByRole("listitem").first()).toContainText(
    `Spedizione gratuita da: ${formatEuro(10_000)} → disattivata`,
  );

  // A shopper, in a browser of their own.
  const shopper = await browser.newContext({ baseURL });
  const shopperPage = await shopper.newPage();
  await skipCookieBannerAndPopup(shopperPage);
  await shopperPage.goto("/chi-siamo");
  await shopperPage.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(dearProduct, 2),
  );
  await openHydrated(shopperPage, "/cart");
  await shopperPage.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(shopperPage).toHaveURL(`${baseURL}/checkout`);
  await expect(shopperPage.getByText(`giorni lavorativi · ${formatEuro(790)}`, { exact: false })).toBeVisible();
  await expect(shopperPage.getByText("gratuita da", { exact: false })).toHaveCount(0);

  await shopperPage.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  await shopperPage.getByLabel("Email", { exact: true }).fill(uniqueEmail("spedizione"));
  await shopperPage.getByLabel("Telefono").fill("+39 333 1234567");
  await shopperPage.getByLabel("Indirizzo", { exact: true }).fill("Corso Italia 12");
  await shopperPage.getByLabel("Città").fill("Torino");
  await shopperPage.getByLabel("CAP").fill("10121");
  await shopperPage.getByLabel("Provincia").selectOption("TO");
  await shopperPage.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(shopperPage).toHaveURL(`${baseURL}/checkout?passo=pagamento`);

  const goods = (dearProduct.priceCents as number) * 2;
  const discount = Math.floor((goods * 10 + 50) / 100);
  expect(goods - discount).toBeGreaterThanOrEqual(10_000);
  await expect(shopperPage.getByTestId("final-shipping")).toHaveText(formatEuro(790));
  await expect(shopperPage.getByTestId("final-total")).toHaveText(formatEuro(goods - discount + 790));
  await shopper.close();
});

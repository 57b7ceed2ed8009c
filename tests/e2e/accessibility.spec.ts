// axe-core on every page a person can reach, on a desktop and on a phone, with the dialogs and drawers
// open: the storefront, the cart and checkout, a customer's account, the admin area. Each page is
// loaded once and checked at both sizes. Each test gathers every violation of its pages and then
// fails on any, so one run lists all that is wrong.
import AxeBuilder from "@axe-core/playwright";
import { buildDemoBlog } from "../../app/demo/blog";
import { createUser, logIn, placeOrder } from "./support/accounts";
import { cartItem, everydayProduct } from "./support/demo-products";
import { openHydrated, skipCookieBannerAndPopup, waitForHydration } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

const desktop = { width: 1280, height: 800 };
const phone = { width: 390, height: 844 };

/** What axe finds on the page as it is now, one line per rule broken. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) =>
      `${where}: ${violation.id} (${violation.impact}) ${violation.help} — ${violation.nodes
        .slice(0, 3)
        .map((node) => node.target.join(" "))
        .join(" | ")}`,
  );
}

/**
 * What axe finds at a desktop's size and then, without reloading, at a phone's. The layout follows
 * the width through CSS alone (no script reads it), so the resized page is the phone's page; what
 * only a phone opens (the menu, the filters drawer) is opened at the phone's size by the tests.
 * Ends at the desktop's size.
 */
async function bothSizesViolations(page: Page, where: string): Promise<string[]> {
  const found = await violations(page, `${where} (desktop)`);
  await page.setViewportSize(phone);
  found.push(...(await violations(page, `${where} (phone)`)));
  await page.setViewportSize(desktop);
  return found;
}

async function pagesViolations(page: Page, paths: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await openHydrated(page, path);
    found.push(...(await bothSizesViolations(page, path)));
  }
  return found;
}

const storefrontPages = [
  "/",
  "/shop",
  "/shop?category=Donna&sort=price_asc",
  "/shop?search=reggiseno",
  "/donna",
  "/uomo",
  "/bambini",
  "/outlet",
  "/nuova-collezione",
  `/product/${everydayProduct.id}`,
  "/cart",
  "/blog",
  `/blog/${buildDemoBlog()[0]?.slug}`,
  "/chi-siamo",
  "/contact",
  "/shipping",
  "/privacy",
  "/terms",
  "/subscribe",
  "/newsletter/conferma?token=sconosciuto",
  "/newsletter/disiscriviti",
  "/auth",
  "/reset-password",
  "/recesso",
  "/pagina-che-non-esiste",
];

test.use({ viewport: desktop });
test.describe.configure({ timeout: 300_000 });

// A few pages a test, so that one slow page never times out the rest.
for (let start = 0; start < storefrontPages.length; start += 5) {
  const paths = storefrontPages.slice(start, start + 5);
  test(`storefront pages ${paths.join(" ")} have no accessibility violations`, async ({ page }) => {
    await skipCookieBannerAndPopup(page);
    expect(await pagesViolations(page, paths)).toEqual([]);
  });
}

test("the dialogs and drawers, open, have none", async ({ page, browser }) => {
  const found: string[] = [];
  // A first visit: the cookie banner, then its settings.
  const visitor = await browser.newContext({ baseURL, viewport: desktop, locale: "it-IT" });
  const fresh = await visitor.newPage();
  await fresh.goto("/");
  await waitForHydration(fresh);
  const banner = fresh.getByRole("region", { name: "Rispettiamo la tua privacy" });
  await expect(banner).toBeVisible();
  found.push(...(await bothSizesViolations(fresh, "cookie banner")));
  await banner.getByRole("button", { name: "Personalizza" }).click();
  await expect(fresh.getByRole("dialog", { name: "Preferenze cookie" })).toBeVisible();
  found.push(...(await bothSizesViolations(fresh, "cookie settings")));
  await visitor.close();

  // The newsletter popup on a product page.
  await skipCookieBannerAndPopup(page, { showNewsletterPopup: true });
  await page.clock.install();
  await openHydrated(page, `/product/${everydayProduct.id}`);
  await page.clock.runFor(3_000);
  await expect(page.getByRole("dialog", { name: "Resta in contatto con noi" })).toBeVisible();
  found.push(...(await bothSizesViolations(page, "newsletter popup")));
  await page.keyboard.press("Escape");

  // The login dialog from the header.
  await openHydrated(page, "/chi-siamo");
  await page.getByRole("link", { name: "Accedi / Registrati" }).first().click();
  const login = page.getByRole("dialog", { name: "Accedi al tuo Account" });
  await expect(login).toBeVisible();
  found.push(...(await bothSizesViolations(page, "login dialog")));
  await page.keyboard.press("Escape");
  await expect(login).toBeHidden();

  // What only a phone has: the menu, and the shop's filters as a drawer.
  await page.setViewportSize(phone);
  await page.getByLabel("Menu", { exact: true }).click();
  await expect(page.getByRole("navigation", { name: "Menu principale" })).toBeVisible();
  found.push(...(await violations(page, "phone menu")));
  await openHydrated(page, "/shop");
  await page.getByRole("link", { name: "Filtri" }).click();
  await expect(page.getByRole("dialog", { name: "Filtri" })).toBeVisible();
  found.push(...(await violations(page, "shop filters drawer")));
  expect(found).toEqual([]);
});

test("the cart and both checkout steps have none", async ({ page }) => {
  await skipCookieBannerAndPopup(page);
  await page.goto("/chi-siamo");
  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, 2),
  );
  const found: string[] = [];
  await openHydrated(page, "/cart");
  found.push(...(await bothSizesViolations(page, "/cart with a product")));
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page.getByTestId("summary-line")).toHaveCount(1);
  found.push(...(await bothSizesViolations(page, "/checkout, details")));
  await page.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  await page.getByLabel("Email", { exact: true }).fill("chiara.accessibile@example.com");
  await page.getByLabel("Telefono").fill("+39 333 1234567");
  await page.getByLabel("Indirizzo", { exact: true }).fill("Corso Italia 12");
  await page.getByLabel("Città").fill("Torino");
  await page.getByLabel("CAP").fill("10121");
  await page.getByLabel("Provincia").selectOption("TO");
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(page.getByRole("button", { name: "Completa Ordine e Paga" })).toBeVisible();
  found.push(...(await bothSizesViolations(page, "/checkout, payment")));
  expect(found).toEqual([]);
});

test("a customer's account pages have none", async ({ page }) => {
  await skipCookieBannerAndPopup(page);
  const customer = await createUser("customer", "Carla Accessibile");
  await placeOrder(customer.id);
  await logIn(page, customer);
  expect(await pagesViolations(page, ["/profile", "/orders", "/profile/elimina-account", "/recesso"])).toEqual([]);
});

test("the admin area, with the shipment dialog open, has none", async ({ page }) => {
  // One login for every admin page: twenty checks on a busy machine.
  test.setTimeout(600_000);
  await skipCookieBannerAndPopup(page);
  const customer = await createUser("customer", "Carlo Spedizioni");
  const orderId = await placeOrder(customer.id, { status: "processing", shippingTracking: null });
  await logIn(page, await createUser("admin", "Ada Accessibile"));
  const found = await pagesViolations(page, [
    `/admin/orders/${orderId}`,
    "/admin/returns",
    "/admin/products",
    "/admin/products/nuovo",
    `/admin/products/${everydayProduct.id}`,
    `/admin/products/${everydayProduct.id}/immagini`,
    "/admin/products/import",
    "/admin/analytics",
    "/admin/settings",
    "/admin/settings/backup",
    "/admin/pronto",
    "/admin/settings/demo",
    "/admin/orders",
  ]);
  // Still on /admin/orders.
  await page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: orderId.slice(0, 8) })
    .getByRole("button", { name: "Crea spedizione" })
    .click();
  await expect(page.getByRole("dialog", { name: "Spedizione GLS" })).toBeVisible();
  found.push(...(await bothSizesViolations(page, "shipment dialog")));
  expect(found).toEqual([]);
});

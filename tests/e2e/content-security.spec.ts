import { cartItem, everydayProduct } from "./support/demo-products";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The Content-Security-Policy allows scripts and <style> elements only with the page's nonce (or a
// known hash): nothing the shop itself does may be refused by it, toasts and dialogs included.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

function collectViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test("pages, toasts and dialogs run within the policy", async ({ page }) => {
  const violations = collectViolations(page);
  for (const path of ["/", "/shop", "/blog", "/contact", "/chi-siamo"]) await openHydrated(page, path);

  await openHydrated(page, `/product/${everydayProduct.id}`);
  await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
  await expectToast(page, "Aggiunto al carrello!");

  await page.getByRole("banner").getByRole("link", { name: "Accedi / Registrati" }).click();
  await expect(page.getByRole("dialog", { name: "Accedi al tuo Account" })).toBeVisible();
  await page.keyboard.press("Escape");

  await openHydrated(page, "/privacy");
  await page.getByRole("main").getByRole("button", { name: "Gestisci preferenze cookie" }).click();
  await expect(page.getByRole("dialog", { name: "Preferenze cookie" })).toBeVisible();

  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, 1),
  );
  await openHydrated(page, "/cart");
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page.getByTestId("summary-line")).toHaveCount(1);

  expect(violations).toEqual([]);
});

test.describe("a style without the nonce", () => {
  // The refusal this journey causes on purpose is logged as a console error.
  test.use({ expectedConsoleErrors: [/violates the following Content Security Policy directive 'style-src/] });

  test("is refused", async ({ page }) => {
    const violations = collectViolations(page);
    await openHydrated(page, "/");
    const applied = await page.evaluate(() => {
      const style = document.createElement("style");
      style.textContent = "body { outline: 7px solid rgb(1, 2, 3); }";
      document.head.append(style);
      return getComputedStyle(document.body).outlineWidth;
    });
    expect(applied).not.toBe("7px");
    await expect.poll(() => violations.length).toBeGreaterThan(0);
  });
});

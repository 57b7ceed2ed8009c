import { formatAddress, shop } from "../../app/modules/shop/identity";
import { formatOpeningHours } from "../../app/modules/shop/opening-hours";
import { createUser, logIn } from "./support/accounts";
import { cartItem, everydayProduct } from "./support/demo-products";
import { skipCookieBannerAndPopup } from "./support/page";
import { test as base, expect, type Page } from "./support/test";

// The shared layout of every page: header, promo bar, footer, cookie consent and analytics gating,
// and the 404 page. The server runs with GA_MEASUREMENT_ID=G-TEST123 and CLARITY_PROJECT_ID=testclarity.

const analyticsHosts = /googletagmanager\.com|google-analytics\.com|clarity\.ms/;

// Every test answers analytics requests locally (nothing leaves the machine) and records their URLs.
const test = base.extend<{ analyticsRequests: string[] }>({
  analyticsRequests: [
    async ({ page }, use) => {
      const requested: string[] = [];
      await page.route(analyticsHosts, (route) => {
        requested.push(route.request().url());
        return route.fulfill({ status: 200, contentType: "text/javascript", body: "" });
      });
      await use(requested);
    },
    { auto: true },
  ],
});

function cookieBanner(page: Page) {
  return page.getByRole("region", { name: "Rispettiamo la tua privacy" });
}

/**
 * Opens a page on a fresh browser and answers the cookie banner with 'Solo Necessari'. The banner comes
 * with the server's HTML, but its buttons are enabled only once React has hydrated the page (the click
 * waits for that), so afterwards the client-side behaviour is in place.
 */
async function visit(page: Page, path: string) {
  await page.goto(path);
  await cookieBanner(page).getByRole("button", { name: "Solo Necessari" }).click();
  await expect(cookieBanner(page)).toBeHidden();
}

async function storedConsent(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem("cookie-consent") ?? "null"));
}

/**
 * For page loads after the consent choice: a one-piece cart makes the header badge appear, which
 * only happens once the page is hydrated and its effects (analytics included) have run.
 */
async function loadWithCart(page: Page, path: string) {
  await page.evaluate(() => localStorage.setItem("shoppingCart", JSON.stringify([{ id: "p", quantity: 1 }])));
  await page.goto(path);
  await expect(page.getByTestId("cart-count")).toHaveText("1");
  await page.waitForLoadState("networkidle");
}

test.describe("header", () => {
  test("links every section, with 'Nuova Collezione' highlighted and 'Fine Serie' in red", async ({ page }) => {
    await visit(page, "/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: /pagina iniziale/ })).toHaveAttribute("href", "/");

    const nav = header.getByRole("navigation", { name: "Principale" });
    const expected: [label: string, href: string][] = [
      ["Shop", "/shop"],
      ["Nuova Collezione", "/nuova-collezione"],
      ["Donna", "/donna"],
      ["Uomo", "/uomo"],
      ["Bambini", "/bambini"],
      ["Fine Serie", "/outlet"],
      ["Blog", "/blog"],
    ];
    for (const [label, href] of expected) {
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
    }
    await expect(nav.getByRole("link", { name: "Fine Serie" })).toHaveCSS("color", "rgb(179, 38, 30)");
    await expect(nav.getByRole("link", { name: "Nuova Collezione" })).toHaveCSS("font-weight", "600");

    await expect(header.getByRole("link", { name: "Accedi / Registrati" })).toHaveAttribute("href", "/auth");
    await expect(header.getByRole("link", { name: /^Carrello/ })).toHaveAttribute("href", "/cart");
  });

  test("the cart badge counts the pieces in the browser cart and follows its changes", async ({ page, context }) => {
    await visit(page, "/");
    const cartLink = page.getByRole("banner").getByRole("link", { name: /^Carrello/ });
    await expect(cartLink).toHaveAccessibleName("Carrello");
    await expect(page.getByTestId("cart-count")).toHaveCount(0);

    const item = (id: string, quantity: number) => ({
      id,
      name: "Slip in cotone",
      price: 1290,
      image: "/files/slip.webp",
      quantity,
      color: "Nero",
      size: "M",
      category: "Donna",
      subcategory: "slip",
    });
    // The same tab announces its changes with 'cart-updated'.
    await page.evaluate(
      (items) => {
        localStorage.setItem("shoppingCart", JSON.stringify(items));
        window.dispatchEvent(new Event("cart-updated"));
      },
      [item("a", 2), item("b", 3)],
    );
    await expect(page.getByTestId("cart-count")).toHaveText("5");
    await expect(cartLink).toHaveAccessibleName("Carrello, 5 articoli");

    // Another tab changes the cart: the browser fires 'storage' here.
    const otherTab = await context.newPage();
    await otherTab.goto("/chi-siamo");
    await otherTab.evaluate((items) => localStorage.setItem("shoppingCart", JSON.stringify(items)), [item("a", 1)]);
    await expect(page.getByTestId("cart-count")).toHaveText("1");
    await expect(cartLink).toHaveAccessibleName("Carrello, 1 articolo");
  });

  test("search: a term goes to /shop?search= and closes the field, a blank term is ignored", async ({ page }) => {
    await visit(page, "/chi-siamo");
    const field = page.getByRole("searchbox", { name: "Cerca nel negozio" });
    await expect(field).toBeHidden();

    await page.getByLabel("Cerca", { exact: true }).click();
    await expect(field).toBeVisible();
    await expect(field).toBeFocused();

    await field.fill("   ");
    await field.press("Enter");
    await expect(page).toHaveURL("/chi-siamo");
    await expect(field).toBeVisible();

    await field.fill("reggiseno nero");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/shop\?search=/);
    expect(new URL(page.url()).searchParams.get("search")).toBe("reggiseno nero");
    await expect(field).toBeHidden();
  });

  test("mobile: a collapsible menu with the same links plus 'Accedi / Registrati'", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/");
    await expect(page.getByRole("navigation", { name: "Principale" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Menu principale" });
    await expect(menu).toBeHidden();

    await page.getByLabel("Menu", { exact: true }).click();
    await expect(menu).toBeVisible();
    for (const label of ["Shop", "Nuova Collezione", "Donna", "Uomo", "Bambini", "Fine Serie", "Blog"]) {
      await expect(menu.getByRole("link", { name: label, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Fine Serie" })).toHaveCSS("color", "rgb(179, 38, 30)");
    await expect(menu.getByRole("link", { name: "Accedi / Registrati" })).toHaveAttribute("href", "/auth");

    await menu.getByRole("link", { name: "Donna", exact: true }).click();
    await expect(page).toHaveURL("/donna");
    await expect(menu).toBeHidden();
  });
});

test.describe("header without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the search is a plain GET form to /shop", async ({ page }) => {
    await page.goto("/");
    await page.getByLabel("Cerca", { exact: true }).click();
    const field = page.getByRole("searchbox", { name: "Cerca nel negozio" });
    await field.fill("pigiama");
    await field.press("Enter");
    await expect(page).toHaveURL("/shop?search=pigiama");
  });
});

test("the skip link jumps to the main content", async ({ page }) => {
  // For a visitor who has answered the cookie banner: before that, the banner comes first.
  await skipCookieBannerAndPopup(page);
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Vai al contenuto principale" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("the promo bar stays closed once dismissed, across navigation and reloads", async ({ page }) => {
  await visit(page, "/");
  const promo = page.getByRole("complementary", { name: "Promozione" });
  await expect(promo).toHaveText("Sconto del 10% sul primo acquisto, applicato al checkout");

  await promo.getByRole("button", { name: "Chiudi la promozione" }).click();
  await expect(promo).toBeHidden();

  await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
  await expect(page).toHaveURL("/chi-siamo");
  await expect(promo).toBeHidden();

  // A full page load: the server already leaves the bar out.
  await page.goto("/privacy");
  await expect(promo).toHaveCount(0);
});

test("a shop on the payment sandbox says so above the storefront and the admin", async ({ page }) => {
  // The run's server takes its payments in the sandbox (PAYMENTS=sandbox in playwright.config.ts).
  const notice = page.getByRole("complementary", { name: "Negozio di prova" });
  await visit(page, "/");
  await expect(notice).toHaveText("Negozio di prova: nessun pagamento reale");
  await expect(notice).toBeInViewport();
  await page.goto(`/product/${everydayProduct.id}`);
  await expect(notice).toBeVisible();

  await logIn(page, await createUser("admin", "Ada Admin"));
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();
  await expect(notice).toHaveText("Negozio di prova: nessun pagamento reale");
  await expect(notice).toBeInViewport();
});

test("footer: links, contacts, opening hours, payments, newsletter and seller identity", async ({ page }) => {
  await visit(page, "/chi-siamo");
  const footer = page.getByRole("contentinfo");

  const expected: [label: string, href: string][] = [
    ["Shop", "/shop"],
    ["Chi siamo", "/chi-siamo"],
    ["Blog", "/blog"],
    ["Contatti", "/contact"],
    ["Uomo", "/uomo"],
    ["Donna", "/donna"],
    ["Bambini", "/bambini"],
    ["Privacy", "/privacy"],
    ["Termini e condizioni", "/terms"],
    ["Spedizioni e resi", "/shipping"],
  ];
  for (const [label, href] of expected) {
    await expect(footer.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
  }

  await expect(footer).toContainText(formatAddress());
  await expect(footer.getByRole("link", { name: shop.phone.display })).toHaveAttribute(
    "href",
    `tel:${shop.phone.international}`,
  );
  for (const row of formatOpeningHours()) {
    await expect(footer).toContainText(`${row.days}${row.hours}`);
  }

  await expect(footer.getByRole("link", { name: "Instagram" })).toHaveAttribute("href", shop.social.instagram);
  await expect(footer.getByRole("link", { name: "Facebook" })).toHaveAttribute("href", shop.social.facebook);

  const payments = footer.getByRole("list", { name: "Metodi di pagamento accettati" });
  await expect(payments.getByRole("listitem")).toHaveCount(6);
  for (const method of ["VISA", "AMEX", "satispay", "Apple Pay", "Google Pay"]) {
    await expect(payments).toContainText(method);
  }
  await expect(payments.getByRole("img", { name: "Mastercard" })).toBeVisible();

  const newsletter = footer.locator('form[action="/subscribe"]');
  await expect(newsletter).toHaveAttribute("method", "post");
  await expect(newsletter.getByLabel("La tua email")).toHaveAttribute("type", "email");
  await expect(newsletter.getByLabel("La tua email")).toHaveAttribute("name", "email");

  await expect(footer).toContainText(shop.seller.legalName);
  await expect(footer).toContainText(`P.IVA ${shop.seller.vatNumber}`);
});

test("the home page ends with one newsletter block, not a second one in its footer", async ({ page }) => {
  await visit(page, "/");
  await expect(page.getByRole("heading", { name: "Iscriviti alla newsletter" })).toHaveCount(1);
  await expect(page.locator('form[action="/subscribe"]')).toHaveCount(1);
  await expect(page.getByRole("main").locator('form[action="/subscribe"]')).toBeVisible();
});

test("a price is red only beside a crossed-out reference price", async ({ page }) => {
  await visit(page, "/");
  const outlet = page.getByRole("region", { name: "Fine Serie" }).getByRole("listitem");
  await expect(outlet).toHaveCount(2);
  const prices = await outlet.evaluateAll((items) =>
    items.map((item) => ({
      red: getComputedStyle(item.querySelector("span.font-semibold") as Element).color === "rgb(179, 38, 30)",
      crossedOut: item.querySelector("s") !== null,
    })),
  );
  for (const price of prices) expect(price.red).toBe(price.crossedOut);
});

test("cart thumbnails fill their tiles on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/");
  await page.evaluate(
    (items) => localStorage.setItem("shoppingCart", JSON.stringify(items)),
    [cartItem(everydayProduct, 1)],
  );
  await page.goto("/cart");
  const tile = page.getByTestId("cart-line-thumbnail");
  await expect(tile.locator("img")).toBeVisible();
  const [tileBox, imageBox] = await Promise.all([tile.boundingBox(), tile.locator("img").boundingBox()]);
  expect(imageBox).toEqual(tileBox);
});

test.describe("cookie consent", () => {
  test("on a phone the banner comes first in the tab order", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(cookieBanner(page).locator(":focus")).toHaveCount(1);
  });

  test("closing the settings gives the focus back to the button that opened them", async ({ page }) => {
    await visit(page, "/chi-siamo");
    const opener = page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" });
    await opener.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("closing the settings opened from the banner gives the focus back to 'Personalizza'", async ({ page }) => {
    await page.goto("/");
    const opener = cookieBanner(page).getByRole("button", { name: "Personalizza" });
    await opener.click();
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Chiudi" }).click();
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test("before any choice only the banner shows, and nothing but technical storage is used", async ({ page }) => {
    await page.goto("/");
    const banner = cookieBanner(page);
    await expect(banner).toBeVisible();
    for (const label of ["Personalizza", "Solo Necessari", "Accetta Tutti"]) {
      await expect(banner.getByRole("button", { name: label })).toBeVisible();
    }
    expect(await page.evaluate(() => document.cookie)).toBe("");
    expect(await storedConsent(page)).toBeNull();
  });

  test("'Accetta Tutti' saves analytics true and hides the banner for good", async ({ page }) => {
    await page.goto("/");
    await cookieBanner(page).getByRole("button", { name: "Accetta Tutti" }).click();
    await expect(cookieBanner(page)).toBeHidden();

    const consent = await storedConsent(page);
    expect(consent).toMatchObject({ consent: { necessary: true, analytics: true }, version: "1.1" });
    expect(new Date(consent.timestamp).toISOString()).toBe(consent.timestamp);

    await loadWithCart(page, "/chi-siamo");
    await expect(cookieBanner(page)).toHaveCount(0);
  });

  test("'Solo Necessari' saves analytics false", async ({ page }) => {
    await page.goto("/");
    await cookieBanner(page).getByRole("button", { name: "Solo Necessari" }).click();
    await expect(cookieBanner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ consent: { necessary: true, analytics: false }, version: "1.1" });
  });

  test("closing with X means necessary only", async ({ page }) => {
    await page.goto("/");
    await cookieBanner(page).getByRole("button", { name: "Chiudi e accetta solo i cookie necessari" }).click();
    await expect(cookieBanner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ consent: { necessary: true, analytics: false }, version: "1.1" });
  });

  test("a choice saved for another version asks again", async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        "cookie-consent",
        JSON.stringify({
          consent: { necessary: true, analytics: true },
          version: "1.0",
          timestamp: "2025-01-01T00:00:00.000Z",
        }),
      ),
    );
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
  });

  test("'Personalizza' opens the settings: necessary always on, analytics optional", async ({ page }) => {
    await page.goto("/");
    await cookieBanner(page).getByRole("button", { name: "Personalizza" }).click();

    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await expect(dialog).toBeVisible();
    const necessary = dialog.getByRole("switch", { name: "Cookie necessari" });
    await expect(necessary).toBeChecked();
    await expect(necessary).toBeDisabled();
    const analytics = dialog.getByRole("switch", { name: "Cookie analitici" });
    await expect(analytics).not.toBeChecked();

    await analytics.click();
    await dialog.getByRole("button", { name: "Salva preferenze" }).click();
    await expect(dialog).toBeHidden();
    await expect(cookieBanner(page)).toBeHidden();
    expect(await storedConsent(page)).toMatchObject({ consent: { necessary: true, analytics: true }, version: "1.1" });
  });

  test("the privacy page opens the same settings dialog", async ({ page }) => {
    await visit(page, "/privacy");
    await page.getByRole("main").getByRole("button", { name: "Gestisci preferenze cookie" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("switch", { name: "Cookie analitici" })).not.toBeChecked();
  });
});

test.describe("analytics", () => {
  test("nothing is requested before a choice or after 'Solo Necessari'", async ({ page, analyticsRequests }) => {
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(analyticsRequests).toEqual([]);

    await cookieBanner(page).getByRole("button", { name: "Solo Necessari" }).click();
    await page.getByRole("contentinfo").getByRole("link", { name: "Chi siamo" }).click();
    await expect(page).toHaveURL("/chi-siamo");
    await loadWithCart(page, "/shipping");

    expect(analyticsRequests).toEqual([]);
    await expect(page.locator("script[src*='googletagmanager'], script[src*='clarity.ms']")).toHaveCount(0);

    // The control: the same page, once analytics are allowed, does request them, and this test sees it.
    // So the silence above came from the choice, not from a page that could not have loaded them.
    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await dialog.getByRole("switch", { name: "Cookie analitici" }).click();
    await dialog.getByRole("button", { name: "Salva preferenze" }).click();
    await expect
      .poll(() => analyticsRequests.some((url) => url.startsWith("https://www.googletagmanager.com/gtag/js")))
      .toBe(true);
  });

  test("GA4 and Clarity load after 'Accetta Tutti' and stop once consent is withdrawn", async ({
    page,
    analyticsRequests,
  }) => {
    await page.goto("/");
    await expect(cookieBanner(page)).toBeVisible();
    expect(analyticsRequests).toEqual([]);

    await cookieBanner(page).getByRole("button", { name: "Accetta Tutti" }).click();
    const requestedGa = () =>
      analyticsRequests.some((url) => url.startsWith("https://www.googletagmanager.com/gtag/js?id=G-TEST123"));
    const requestedClarity = () =>
      analyticsRequests.some((url) => url.startsWith("https://www.clarity.ms/tag/testclarity"));
    await expect.poll(requestedGa).toBe(true);
    await expect.poll(requestedClarity).toBe(true);
    const gaConfig = await page.evaluate(() =>
      (window.dataLayer ?? [])
        .map((entry) => Array.from(entry as ArrayLike<unknown>))
        .find((args) => args[0] === "config"),
    );
    expect(gaConfig).toEqual([
      "config",
      "G-TEST123",
      { anonymize_ip: true, allow_google_signals: false, allow_ad_personalization_signals: false },
    ]);

    // The yes is remembered: the next page load brings them again.
    analyticsRequests.length = 0;
    await loadWithCart(page, "/chi-siamo");
    await expect.poll(() => requestedGa() && requestedClarity()).toBe(true);

    // Withdrawn from the footer: the page reloads without them, and they stay away.
    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    const dialog = page.getByRole("dialog", { name: "Preferenze cookie" });
    await dialog.getByRole("switch", { name: "Cookie analitici" }).click();
    await Promise.all([page.waitForEvent("load"), dialog.getByRole("button", { name: "Salva preferenze" }).click()]);
    expect(await storedConsent(page)).toMatchObject({ consent: { necessary: true, analytics: false } });
    analyticsRequests.length = 0;
    await loadWithCart(page, "/shipping");
    expect(analyticsRequests).toEqual([]);
  });
});

test('an Italian page declares lang="it"', async ({ page }) => {
  await page.goto("/chi-siamo");
  await expect(page.locator("html")).toHaveAttribute("lang", "it");
});

test.describe("404", () => {
  for (const path of ["/some-unknown-path", "/404"]) {
    test(`${path} answers with HTTP 404 and an English page with a link home`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
      await expect(page.getByRole("main").getByRole("link", { name: "Back to home" })).toHaveAttribute("href", "/");
      await expect(page).toHaveTitle("Page not found");
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
    });
  }
});

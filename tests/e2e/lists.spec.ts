import { expect, type Page, test } from "@playwright/test";
import { buildDemoBlog } from "../../app/demo/blog";
import { createUser, logIn } from "./support/accounts";
import { cartItem, demoCatalog, everydayProduct } from "./support/demo-products";
import { openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";

// Lists as shoppers use them on a phone: back from a product to where they were, a search that finds
// nothing with the way out of it, and pages that never scroll sideways, whatever was typed.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

/** The product links of the cards shown. */
const cards = (page: Page) => page.getByRole("article").getByRole("heading").getByRole("link");

/** On a phone, /shop scrolled through three pages down to its 31st product: that card and where the page was. */
async function deepInTheList(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/shop");
  await expect(cards(page)).toHaveCount(12);
  for (const count of [24, 36]) {
    await page.getByTestId("load-more-sentinel").scrollIntoViewIfNeeded();
    await expect(cards(page)).toHaveCount(count);
  }
  const chosen = cards(page).nth(30);
  await chosen.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(2000);
  return { name: (await chosen.textContent()) ?? "", href: (await chosen.getAttribute("href")) ?? "", scrolled };
}

/** Back on the list: at least the pages loaded before, and the page where it was. */
async function expectListAsLeft(page: Page, { name, scrolled }: { name: string; scrolled: number }) {
  await expect.poll(() => cards(page).count()).toBeGreaterThanOrEqual(36);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 100);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 100);
  await expect(cards(page).filter({ hasText: name })).toBeInViewport();
}

test("back from a product, however long after, the list has the pages it had loaded and is where it was", async ({
  page,
}) => {
  await page.clock.install();
  const left = await deepInTheList(page);
  await cards(page).filter({ hasText: left.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: left.name })).toBeVisible();
  // Longer than the five minutes a list's pages are kept for new visits.
  await page.clock.fastForward("06:00");
  await page.goBack();
  await expectListAsLeft(page, left);
});

test("back from a product the browser loaded as a new page, the list is as it was left", async ({ page }) => {
  const left = await deepInTheList(page);
  await page.goto(left.href);
  await expect(page.getByRole("heading", { level: 1, name: left.name })).toBeVisible();
  await page.goBack();
  await expectListAsLeft(page, left);
});

test("a search that finds nothing offers the way out: clear it, everyday words, the categories", async ({ page }) => {
  await openHydrated(page, "/shop?category=Donna&search=zzzqqq");
  await expect(page.getByText("Nessun prodotto trovato per i filtri selezionati.")).toBeVisible();
  const wayOut = page.getByRole("region", { name: "Nessun risultato" });

  await expect(wayOut.getByRole("link", { name: "Cancella la ricerca" })).toHaveAttribute(
    "href",
    "/shop?category=Donna",
  );
  for (const [name, href] of [
    ["Donna", "/donna"],
    ["Uomo", "/uomo"],
    ["Bambini", "/bambini"],
  ] as const) {
    await expect(wayOut.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  // Words the shop understands, each leading to products.
  const suggestions = wayOut.getByRole("list", { name: "Prova a cercare" }).getByRole("link");
  expect(await suggestions.count()).toBeGreaterThanOrEqual(3);
  await suggestions.first().click();
  await expect(page).toHaveURL(/\/shop\?search=/);
  await expect(cards(page).first()).toBeVisible();
});

const longTerm = "reggisenoinpizzoconferrettoeimbottituraeschienaleincrociatoperlestate";

// Every page a shopper can reach, with what makes a page wide: long typed terms, long names.
const storefrontPages = [
  "/",
  "/shop",
  "/shop?category=Donna&sort=price_asc",
  `/shop?search=${longTerm}`,
  `/shop?search=${longTerm}%20${longTerm}&category=Donna`,
  `/shop?search=reggiseno%20${longTerm}`,
  `/shop?search=${longTerm}#filtri`,
  "/donna",
  "/uomo",
  "/bambini",
  "/outlet",
  "/nuova-collezione",
  ...[...demoCatalog]
    .sort((a, b) => b.name.length - a.name.length)
    .slice(0, 3)
    .map((product) => `/product/${product.id}`),
  "/cart",
  "/checkout",
  "/blog",
  ...buildDemoBlog().map((post) => `/blog/${post.slug}`),
  "/chi-siamo",
  "/contact",
  `/contact?oggetto=${longTerm}`,
  "/shipping",
  "/privacy",
  "/terms",
  "/subscribe",
  "/auth",
  "/reset-password",
  "/recesso",
  "/profile",
  "/orders",
  "/pagina-che-non-esiste",
];

/** The page's width beyond the screen's, as "path: N px", or null. */
async function sideways(page: Page, where: string): Promise<string | null> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  return scrollWidth > clientWidth ? `${where}: ${scrollWidth} px` : null;
}

for (const width of [360, 390]) {
  test(`at ${width} px no storefront page scrolls sideways`, async ({ page, browser }) => {
    test.setTimeout(180_000);
    const wide: (string | null)[] = [];
    // A first visit, the cookie banner up.
    const firstVisit = await browser.newContext({ baseURL, viewport: { width, height: 800 }, locale: "it-IT" });
    const visitor = await firstVisit.newPage();
    for (const path of ["/", `/shop?search=${longTerm}`]) {
      await openHydrated(visitor, path);
      wide.push(await sideways(visitor, `${path} (cookie banner)`));
    }
    await firstVisit.close();

    await page.setViewportSize({ width, height: 800 });
    await logIn(page, await createUser("customer", "Maria Annunziata Bartolomei Giovannangeli"));
    await page.evaluate(
      (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
      cartItem(everydayProduct, 2),
    );
    for (const path of storefrontPages) {
      await openHydrated(page, path);
      wide.push(await sideways(page, path));
    }
    // The header's search, a long term typed.
    await page.locator('summary[aria-label="Cerca"]').click();
    await page.getByRole("searchbox", { name: "Cerca nel negozio" }).fill(`${longTerm} ${longTerm}`);
    wide.push(await sideways(page, "header search"));
    expect(wide.filter(Boolean)).toEqual([]);
  });
}

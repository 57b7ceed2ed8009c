import { eq } from "drizzle-orm";
import { products } from "../../app/db/schema";
import { buildDemoCatalog, type DemoProduct } from "../../app/demo/catalog/catalog";
import { formatEuro } from "../../app/modules/format/numbers";
import { e2eDatabase } from "./support/database";
import { holdBackScripts, waitForHydration } from "./support/page";
import { expect, type Page, test } from "./support/test";

// The catalogue: /shop (filters, sort, infinite scroll, search), the gender pages, outlet and new
// collection, sitemap and robots. The run's database holds the demo catalogue, whose content is
// deterministic: the expected products are computed from the same generator.

const catalog = buildDemoCatalog();
const inStock = (product: DemoProduct) => product.variants.some((variant) => variant.stock > 0);
const newestFirst = (a: DemoProduct, b: DemoProduct) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id;
const cheapestFirst = (a: DemoProduct, b: DemoProduct) =>
  (a.priceCents ?? Number.MAX_SAFE_INTEGER) - (b.priceCents ?? Number.MAX_SAFE_INTEGER) || a.id - b.id;

/** Opens a page and answers the cookie banner, which only appears once React has hydrated the page. */
async function visit(page: Page, path: string) {
  await page.goto(path);
  const banner = page.getByRole("region", { name: "Rispettiamo la tua privacy" });
  await banner.getByRole("button", { name: "Solo Necessari" }).click();
  await expect(banner).toBeHidden();
}

/** The product ids of the cards shown, in order. */
async function shownProductIds(page: Page): Promise<number[]> {
  const hrefs = await page
    .getByRole("article")
    .getByRole("heading")
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
  return hrefs.map((href) => Number(href.replace("/product/", "")));
}

/** Scrolls down until the list says it has shown everything. */
async function scrollToTheEnd(page: Page) {
  const end = page.getByText("Hai visto tutti i prodotti.");
  for (let attempt = 0; attempt < 40 && !(await end.isVisible()); attempt++) {
    const shown = await page.getByRole("article").count();
    await page.getByTestId("load-more-sentinel").scrollIntoViewIfNeeded();
    await expect(async () => {
      expect((await page.getByRole("article").count()) > shown || (await end.isVisible())).toBe(true);
    }).toPass();
  }
  await expect(end).toBeVisible();
}

const countText = (count: number) => (count === 1 ? "1 prodotto" : `${count} prodotti`);

test.describe("/shop", () => {
  test("filter by category, sort by price and scroll to the end of the list", async ({ page }) => {
    await visit(page, "/shop");
    await expect(page.getByTestId("product-count")).toHaveText(countText(catalog.length));
    // The first page is there straight away: 12 products, newest first.
    expect(await shownProductIds(page)).toEqual(
      [...catalog]
        .sort(newestFirst)
        .slice(0, 12)
        .map((p) => p.id),
    );

    const sidebar = page.getByRole("complementary", { name: "Filtri" });
    await sidebar.getByRole("radio", { name: "Bambini" }).check();
    await expect(page).toHaveURL("/shop?category=Bambini");
    await page.getByRole("combobox", { name: "Ordina per" }).selectOption({ label: "Prezzo crescente" });
    await expect(page).toHaveURL("/shop?category=Bambini&sort=price_asc");

    const expected = catalog.filter((product) => product.gender === "Bambini").sort(cheapestFirst);
    expect(expected.length).toBeGreaterThan(24);
    await expect(page.getByTestId("product-count")).toHaveText(countText(expected.length));
    await scrollToTheEnd(page);
    expect(await shownProductIds(page)).toEqual(expected.map((product) => product.id));
  });

  test("sizes and brands filter the list but stay out of the address; 'Cancella' starts again", async ({ page }) => {
    await visit(page, "/shop?category=Donna");
    const sidebar = page.getByRole("complementary", { name: "Filtri" });
    await sidebar.getByRole("checkbox", { name: "Lunaria" }).check();
    // Size chips: the box itself is visually hidden, the chip around it is what one clicks.
    const sizeM = sidebar.getByRole("checkbox", { name: "M", exact: true });
    await sidebar
      .locator("label")
      .filter({ has: page.getByRole("checkbox", { name: "M", exact: true }) })
      .click();
    await expect(sizeM).toBeChecked();

    const expected = catalog
      .filter(
        (product) =>
          product.gender === "Donna" && product.brand === "Lunaria" && product.variants.some((v) => v.size === "M"),
      )
      .sort(newestFirst);
    expect(expected.length).toBeGreaterThan(0);
    await expect(page.getByTestId("product-count")).toHaveText(countText(expected.length));
    await expect(page).toHaveURL("/shop?category=Donna");
    if (expected.length <= 12) await expect(page.getByText("Hai visto tutti i prodotti.")).toBeVisible();
    else await scrollToTheEnd(page);
    expect(await shownProductIds(page)).toEqual(expected.map((product) => product.id));

    await sidebar.getByRole("link", { name: "Cancella" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByTestId("product-count")).toHaveText(countText(catalog.length));
    await expect(sidebar.getByRole("checkbox", { name: "Lunaria" })).not.toBeChecked();
  });

  test("a filter without results says so", async ({ page }) => {
    await visit(page, "/shop?category=Bambini&price=over-200");
    await expect(page.getByText("Nessun prodotto trovato per i filtri selezionati.")).toBeVisible();
  });

  test("search from the header lands on /shop with the matching products, best first, typos forgiven", async ({
    page,
  }) => {
    await visit(page, "/");
    await page.getByLabel("Cerca", { exact: true }).click();
    await page.getByRole("searchbox", { name: "Cerca nel negozio" }).fill("regiseno");
    await page.getByRole("searchbox", { name: "Cerca nel negozio" }).press("Enter");
    await expect(page).toHaveURL("/shop?search=regiseno");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Risultati per “regiseno”");

    const bras = catalog.filter((product) => product.subcategory === "reggiseno");
    await expect(page.getByTestId("product-count")).toHaveText(countText(bras.length));
    if (bras.length > 12) await scrollToTheEnd(page);
    expect((await shownProductIds(page)).sort()).toEqual(bras.map((product) => product.id).sort());
  });

  test("a filter value in another case is read as the catalogue's; an unknown one says so, with a way back", async ({
    page,
  }) => {
    await visit(page, "/shop?category=donna");
    await expect(page).toHaveURL("/shop?category=Donna");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Donna");
    const women = catalog.filter((product) => product.gender === "Donna").length;
    await expect(page.getByTestId("product-count")).toHaveText(countText(women));

    for (const [query, message] of [
      ["category=Foo", "Categoria “Foo”: non c'è nel catalogo."],
      ["color=Unico", "Colore “Unico”: non c'è nel catalogo."],
    ] as const) {
      await page.goto(`/shop?${query}`);
      await expect(page.getByText("Nessun prodotto trovato per i filtri selezionati.")).toBeVisible();
      await expect(page.getByText(message)).toBeVisible();
      await expect(page.getByTestId("product-count")).toHaveText("0 prodotti");
      await expect(page.getByRole("article")).toHaveCount(0);
      await page.getByRole("link", { name: "Togli questo filtro" }).click();
      await expect(page).toHaveURL("/shop");
      await expect(page.getByTestId("product-count")).toHaveText(countText(catalog.length));
    }
  });

  test("the colour filter offers colours only, not 'Unico'", async ({ page }) => {
    expect(catalog.some((product) => product.variants.some((variant) => variant.colorName === "Unico"))).toBe(true);
    await visit(page, "/shop");
    const colours = page.getByRole("complementary", { name: "Filtri" }).getByRole("group", { name: "Colore" });
    await expect(colours.getByRole("radio", { name: "Nero" })).toBeVisible();
    await expect(colours.getByRole("radio", { name: /^Unic/ })).toHaveCount(0);
  });

  test("a sort and a filter picked before the page is interactive are applied once it is", async ({ page }) => {
    // A slow phone: the page's JavaScript arrives only after the shopper has chosen.
    const scripts = await holdBackScripts(page);
    await page.goto("/shop", { waitUntil: "commit" });
    const sort = page.getByRole("combobox", { name: "Ordina per" });
    await sort.selectOption({ label: "Prezzo crescente" });
    await page.getByRole("complementary", { name: "Filtri" }).getByRole("radio", { name: "Bambini" }).check();
    scripts.release();

    await expect(page).toHaveURL("/shop?category=Bambini&sort=price_asc");
    await expect(sort).toHaveValue("price_asc");
    const expected = catalog.filter((product) => product.gender === "Bambini").sort(cheapestFirst);
    await expect(page.getByTestId("product-count")).toHaveText(countText(expected.length));
    await expect(page.getByRole("article")).toHaveCount(12);
    expect(await shownProductIds(page)).toEqual(expected.slice(0, 12).map((product) => product.id));
  });

  test("on a phone, a filter picked in the drawer before the page is interactive is applied, the drawer kept open", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const scripts = await holdBackScripts(page);
    await page.goto("/shop", { waitUntil: "commit" });
    await page.getByRole("link", { name: "Filtri", exact: true }).click();
    await page.getByRole("complementary", { name: "Filtri" }).getByRole("radio", { name: "Uomo" }).check();
    scripts.release();

    await expect(page).toHaveURL("/shop?category=Uomo");
    const drawer = page.getByRole("dialog", { name: "Filtri" });
    await expect(drawer.getByRole("radio", { name: "Uomo" })).toBeChecked();
    const men = catalog.filter((product) => product.gender === "Uomo").length;
    await expect(page.getByTestId("product-count")).toHaveText(countText(men));
    await drawer.getByRole("link", { name: "Chiudi i filtri" }).click();
    await expect(drawer).toBeHidden();
  });

  test("search speaks everyday Italian: 'costume da bagno' lists the swimsuits, 'maglietta' the t-shirts", async ({
    page,
  }) => {
    await visit(page, "/shop");
    for (const [term, subcategories] of [
      ["costume da bagno", ["bikini", "intero"]],
      ["maglietta", ["t-shirt"]],
    ] as const) {
      await page.goto(`/shop?${new URLSearchParams({ search: term })}`);
      const expected = catalog.filter((product) => (subcategories as readonly string[]).includes(product.subcategory));
      expect(expected.length).toBeGreaterThanOrEqual(12);
      // The best matches come first: a whole first page of them.
      await expect(page.getByRole("article")).toHaveCount(12);
      const shown = await shownProductIds(page);
      expect(expected.map((product) => product.id)).toEqual(expect.arrayContaining(shown));
    }
  });

  test("on a phone a long search term wraps instead of widening the page", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const term = "reggisenoinpizzoconferrettoeimbottitura".repeat(2);
    await visit(page, `/shop?search=${term}`);
    const heading = page.getByRole("heading", { level: 1 });
    await expect(heading).toHaveText(`Risultati per “${term}”`);
    expect((await heading.boundingBox())?.width).toBeLessThanOrEqual(360);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test("on a phone the filters open in a drawer with 'Applica' and 'Cancella'", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, "/shop");
    const openFilters = page.getByRole("link", { name: "Filtri" });
    await openFilters.click();
    const drawer = page.getByRole("dialog", { name: "Filtri" });
    await drawer.getByRole("radio", { name: "Uomo" }).check();
    // Nothing changes until 'Applica'.
    await expect(page).toHaveURL("/shop");
    await drawer.getByRole("button", { name: "Applica" }).click();
    await expect(page).toHaveURL("/shop?category=Uomo");
    await expect(drawer).toBeHidden();
    const men = catalog.filter((product) => product.gender === "Uomo").length;
    await expect(page.getByTestId("product-count")).toHaveText(countText(men));

    await openFilters.click();
    await drawer.getByRole("link", { name: "Cancella" }).click();
    await expect(page).toHaveURL("/shop");
    await expect(page.getByTestId("product-count")).toHaveText(countText(catalog.length));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form and the next-page link work as plain pages", async ({ page }) => {
    await page.goto("/shop");
    const sidebar = page.getByRole("complementary", { name: "Filtri" });
    await sidebar.getByRole("radio", { name: "Uomo" }).check();
    await sidebar.getByRole("checkbox", { name: "Linea Rovere" }).check();
    await sidebar.getByRole("checkbox", { name: "Gelso Bianco" }).check();
    await sidebar.getByRole("button", { name: "Applica" }).click();
    await expect(page).toHaveURL(/category=Uomo/);
    expect(new URL(page.url()).searchParams.getAll("brand").sort()).toEqual(["Gelso Bianco", "Linea Rovere"]);

    const expected = catalog
      .filter((product) => product.gender === "Uomo" && ["Linea Rovere", "Gelso Bianco"].includes(product.brand))
      .sort(newestFirst)
      .map((product) => product.id);
    expect(expected.length).toBeGreaterThan(12);
    await expect(page.getByTestId("product-count")).toHaveText(countText(expected.length));
    expect(await shownProductIds(page)).toEqual(expected.slice(0, 12));

    await page.getByRole("link", { name: "Mostra altri prodotti" }).click();
    await page.waitForURL(/cursor=/);
    expect(await shownProductIds(page)).toEqual(expected.slice(12, 24));
  });
});

test.describe("without JavaScript, sorting", () => {
  test.use({ javaScriptEnabled: false });

  test("the sort form keeps the filters and submits with 'Ordina'", async ({ page }) => {
    await page.goto("/shop?category=Uomo");
    await page.getByRole("combobox", { name: "Ordina per" }).selectOption({ label: "Prezzo crescente" });
    await page.getByRole("button", { name: "Ordina" }).click();
    await expect(page).toHaveURL("/shop?category=Uomo&sort=price_asc");
    const expected = catalog.filter((product) => product.gender === "Uomo").sort(cheapestFirst);
    expect(await shownProductIds(page)).toEqual(expected.slice(0, 12).map((product) => product.id));
  });
});

test.describe("without JavaScript, on a phone", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the filter drawer opens from 'Filtri' and applies with 'Applica'", async ({ page }) => {
    await page.goto("/shop");
    const drawer = page.getByRole("complementary", { name: "Filtri" });
    await expect(drawer).toBeHidden();
    await page.getByRole("link", { name: "Filtri" }).click();
    await expect(drawer).toBeVisible();
    await drawer.getByRole("radio", { name: "Bambini" }).check();
    await drawer.getByRole("button", { name: "Applica" }).click();
    await expect(page).toHaveURL(/category=Bambini/);
    const children = catalog.filter((product) => product.gender === "Bambini").length;
    await expect(page.getByTestId("product-count")).toHaveText(countText(children));
  });
});

test.describe("collection pages", () => {
  for (const [path, gender] of [
    ["/donna", "Donna"],
    ["/uomo", "Uomo"],
    ["/bambini", "Bambini"],
  ] as const) {
    test(`${path} shows its gender's products, newest first`, async ({ page }) => {
      await visit(page, path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(gender);
      const expected = catalog.filter((product) => product.gender === gender).sort(newestFirst);
      expect(await shownProductIds(page)).toEqual(expected.slice(0, 100).map((product) => product.id));
    });
  }

  test("the price select of a gender page narrows the list", async ({ page }) => {
    await visit(page, "/bambini");
    await page.getByRole("combobox", { name: "Prezzo" }).selectOption({ label: "Fino a 50 €" });
    await expect(page).toHaveURL("/bambini?price=under-50");
    const cheap = catalog
      .filter((product) => product.gender === "Bambini" && product.priceCents !== null && product.priceCents < 5000)
      .sort(newestFirst);
    expect(cheap.length).toBeLessThan(catalog.filter((product) => product.gender === "Bambini").length);
    await expect.poll(() => shownProductIds(page)).toEqual(cheap.map((product) => product.id));
  });

  test("a price picked on a gender page before it is interactive is applied once it is", async ({ page }) => {
    const scripts = await holdBackScripts(page);
    await page.goto("/bambini", { waitUntil: "commit" });
    await page.getByRole("combobox", { name: "Prezzo" }).selectOption({ label: "Fino a 50 €" });
    scripts.release();
    await expect(page).toHaveURL("/bambini?price=under-50");
    await expect(page.getByRole("combobox", { name: "Prezzo" })).toHaveValue("under-50");
  });

  test("/outlet is 'Fine Serie': the outlet products still in stock", async ({ page }) => {
    // Reached from the header: a client-side navigation, whose data comes from /outlet.data.
    await visit(page, "/");
    await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Fine Serie" }).click();
    await expect(page).toHaveURL("/outlet");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fine Serie");
    const expected = catalog.filter((product) => product.isOutlet && inStock(product)).sort(newestFirst);
    expect(expected.length).toBeGreaterThan(0);
    expect(await shownProductIds(page)).toEqual(expected.map((product) => product.id));
    await expect(page.getByRole("article").filter({ hasText: "Fine Serie" })).toHaveCount(expected.length);
    await expect(page.getByRole("article").filter({ hasText: "Esaurito" })).toHaveCount(0);
  });

  test("/nuova-collezione: the new collection's products still in stock", async ({ page }) => {
    await visit(page, "/nuova-collezione");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Nuova Collezione");
    const expected = catalog.filter((product) => product.isNewCollection && inStock(product)).sort(newestFirst);
    expect(await shownProductIds(page)).toEqual(expected.map((product) => product.id));
  });
});

test.describe("home", () => {
  test("category tiles, six featured products, the outlet preview and the reviews carousel", async ({ page }) => {
    await visit(page, "/");
    const tiles = page.getByRole("region", { name: "Per lei, per lui, per i più piccoli" });
    for (const [gender, path] of [
      ["Donna", "/donna"],
      ["Uomo", "/uomo"],
      ["Bambini", "/bambini"],
    ] as const) {
      await expect(tiles.getByRole("link", { name: gender })).toHaveAttribute("href", path);
    }
    const featured = page.getByRole("region", { name: "Le novità in negozio" });
    const flaggedNew = catalog.filter((product) => product.isNew).sort(newestFirst);
    const expected = [...flaggedNew, ...[...catalog].sort(newestFirst).filter((product) => !product.isNew)].slice(0, 6);
    const featuredIds = await featured
      .getByRole("article")
      .getByRole("heading")
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => Number(link.getAttribute("href")?.replace("/product/", ""))));
    expect(featuredIds).toEqual(expected.map((product) => product.id));

    const outlet = page.getByRole("region", { name: "Fine Serie" });
    await expect(outlet.getByRole("listitem")).toHaveCount(2);
    await expect(page.getByRole("list", { name: "Recensioni dei clienti" }).getByRole("listitem")).toHaveCount(8);
  });
});

test("sitemap.xml lists pages, products and blog articles; robots.txt points to it", async ({ request, baseURL }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  for (const path of ["/", "/shop", "/donna", "/outlet", "/product/1", `/product/${catalog.length}`]) {
    expect(sitemap).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(sitemap).toMatch(/<loc>[^<]+\/blog\/[a-z0-9-]+<\/loc>/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test("a search page shows a changed price and hydrates without a mismatch (React #418)", async ({ page }) => {
  // The shop's own list must not outlive a change on the server: the page rendered from it differed
  // from what the browser hydrated from the loader's fresh data, and the search kept the old price.
  const product = catalog.find((candidate) => candidate.priceCents !== null && inStock(candidate)) as DemoProduct;
  const path = `/shop?search=${encodeURIComponent(product.name)}`;
  const card = page.getByRole("article").filter({ hasText: product.name }).first();
  await visit(page, path);
  await expect(card).toContainText(formatEuro(product.priceCents as number));
  const changed = (product.priceCents as number) + 100;
  await e2eDatabase().update(products).set({ priceCents: changed }).where(eq(products.id, product.id));
  try {
    for (let reload = 0; reload < 3; reload++) {
      await page.reload();
      await waitForHydration(page);
      await expect(card).toContainText(formatEuro(changed));
    }
  } finally {
    await e2eDatabase().update(products).set({ priceCents: product.priceCents }).where(eq(products.id, product.id));
  }
});

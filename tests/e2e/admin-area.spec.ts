import { createUser, logIn, placeOrder } from "./support/accounts";
import { skipCookieBannerAndPopup, waitForHydration } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, test } from "./support/test";

// The admin area's frame and its read-only order pages, as staff see them.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("staff see every order in a table and open one", async ({ page }) => {
  const customer = await createUser();
  const shipped = await placeOrder(customer.id, { createdAt: new Date("2026-03-02T10:00:00Z") });
  const guestOrder = await placeOrder(null, {
    status: "reserved",
    paymentStatus: "to_be_paid_in_store",
    shippingTracking: null,
    shippingCostCents: 0,
    totalCents: 5000,
    shippingAddress: {
      name: "",
      address: "",
      city: "",
      postalCode: "",
      country: "Italia",
      phone: "333 1234567",
      email: "ospite@example.it",
    },
    createdAt: new Date("2026-03-03T10:00:00Z"),
  });

  await logIn(page, await createUser("admin", "Ada Admin"));
  await page.goto("/admin");
  await expect(page).toHaveURL(`${baseURL}/admin/orders`);
  await expect(page.getByText("Dashboard", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

  const sidebar = page.getByRole("navigation", { name: "Amministrazione" });
  for (const [name, href] of [
    ["Admin Panel", "/admin"],
    ["Ordini", "/admin/orders"],
    ["Prodotti", "/admin/products"],
    ["Statistiche", "/admin/analytics"],
    ["Impostazioni", "/admin/settings"],
  ]) {
    await expect(sidebar.getByRole("link", { name, exact: true })).toHaveAttribute("href", href as string);
  }
  await expect(sidebar.getByRole("link", { name: "Ordini", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("button", { name: "Logout" })).toBeVisible();

  const table = page.getByRole("table");
  // The spec's columns, after the box that selects orders to ship together.
  await expect(table.getByRole("columnheader")).toHaveText([
    "Seleziona",
    "Ordine",
    "Data",
    "Cliente",
    "Totale",
    "Stato",
    "Tracking GLS",
    "Azioni",
  ]);
  // Older orders than the other journeys' are found by their number (a page holds the 50 newest).
  await page.goto(`/admin/orders?cerca=${guestOrder.slice(0, 8)}`);
  const guestRow = table.getByRole("row").filter({ hasText: `#${guestOrder.slice(0, 8)}` });
  await expect(guestRow.getByRole("cell")).toHaveText([
    "",
    `#${guestOrder.slice(0, 8)}`,
    "03/03/2026",
    "N/A",
    "50,00 €",
    "Riservato (Paga in Negozio)",
    "N/D",
    "Segna come completatoDettagli",
  ]);

  await page.goto(`/admin/orders?cerca=%23${shipped.slice(0, 8)}`);
  const shippedRow = table.getByRole("row").filter({ hasText: `#${shipped.slice(0, 8)}` });
  await expect(shippedRow.getByRole("cell")).toHaveText([
    "",
    `#${shipped.slice(0, 8)}`,
    "02/03/2026",
    "Anna Neri",
    "57,90 €",
    "Spedito",
    "GLS-TRACK-1",
    "Dettagli",
  ]);
  await shippedRow.getByRole("link", { name: "Dettagli" }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/orders/${shipped}`);
  await expect(page.getByRole("heading", { name: `Dettaglio Ordine #${shipped.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByText("02/03/2026, 11:00")).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.locator("address")).toContainText("Via Roma 1");
  await expect(main.locator("address")).toContainText("12045 Fossano");
  await expect(page.getByRole("region", { name: "Riepilogo" })).toContainText(
    "Subtotale50,00 €Spedizione7,90 €Totale (IVA inclusa)57,90 €Stato PagamentoPagato",
  );
  const lines = page.getByRole("region", { name: "Prodotti Ordinati" }).getByRole("listitem");
  await expect(lines).toHaveCount(2);
  await expect(lines.first()).toContainText("Pigiama in cotoneQtà: 2 · Taglia: M · Colore: Blu40,00 €");
  await expect(lines.last()).toContainText("Qtà: 1 · Taglia: N/D · Colore: N/D");

  await page.getByRole("link", { name: "Torna a tutti gli ordini" }).click();
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

  await page.goto("/admin/orders/00000000-0000-4000-8000-000000000000");
  await expect(page.getByText("Ordine non trovato.")).toBeVisible();

  await sidebar.getByRole("link", { name: "Prodotti", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Gestione Prodotti" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Nuovo prodotto" })).toBeVisible();
  await sidebar.getByRole("link", { name: "Impostazioni", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Impostazioni");
  await expect(page.getByRole("heading", { name: "Registro modifiche" })).toBeVisible();
  await sidebar.getByRole("link", { name: "Statistiche", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Statistiche di Vendita" })).toBeVisible();
  await expect(page.getByRole("img", { name: "Ricavi per periodo" })).toBeVisible();
});

test("on a phone the admin area has its own compact frame, without the storefront's", async ({ browser }) => {
  // A browser that has not answered the cookie banner: the admin area does not ask.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "it-IT" });
  const page = await context.newPage();
  await logIn(page, await createUser("admin", "Ada Admin"));
  await page.goto("/admin/orders");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

  await expect(page.getByRole("complementary", { name: "Promozione" })).toHaveCount(0);
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.locator('form[action="/subscribe"]')).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Rispettiamo la tua privacy" })).toHaveCount(0);

  const sections = page.getByRole("navigation", { name: "Amministrazione" });
  const header = page.getByRole("banner").filter({ has: sections });
  expect((await header.boundingBox())?.height).toBeLessThan(140);
  await expect(sections.getByRole("button", { name: "Logout" })).toBeInViewport({ ratio: 1 });
  await sections.getByRole("link", { name: "Statistiche", exact: true }).click();
  await expect(page).toHaveURL(`${baseURL}/admin/analytics`);
  await expect(page.locator("body")).toHaveJSProperty("scrollWidth", 390);
  await sections.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await context.close();
});

test("on a phone, the orders come first: filters folded, one section lit, a shipping button, 0,5 kg", async ({
  page,
}) => {
  const customer = await createUser();
  const order = await placeOrder(customer.id, { status: "processing", shippingTracking: null });
  await logIn(page, await createUser("admin", "Ada Admin"));
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/orders");
  await waitForHydration(page);

  // The newest orders are on the first screen: the filters beyond the search are folded away.
  await expect(page.getByRole("table").getByRole("row").nth(1)).toBeInViewport();
  await expect(page.getByLabel("Cerca", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Stato", { exact: true })).toBeHidden();
  await page.getByText("Altri filtri").click();
  await expect(page.getByLabel("Stato", { exact: true })).toBeVisible();
  await page.getByLabel("Stato", { exact: true }).selectOption("processing");
  await page.getByRole("button", { name: "Filtra" }).click();
  await expect(page).toHaveURL(/stato=processing/);
  // A filter set stays in sight, and says how many are.
  await expect(page.getByText("Altri filtri (1 attivi)")).toBeVisible();
  await expect(page.getByLabel("Stato", { exact: true })).toBeVisible();

  // Only the current section is lit: not 'Admin Panel' too, whose /admin starts every path.
  const sections = page.getByRole("navigation", { name: "Amministrazione" });
  const lit = (name: string) =>
    sections.getByRole("link", { name, exact: true }).evaluate((link) => getComputedStyle(link).backgroundColor);
  const unlit = await lit("Prodotti");
  expect(await lit("Ordini")).not.toBe(unlit);
  expect(await lit("Admin Panel")).toBe(unlit);

  // The bulk shipping opener looks like a button: a frame around it, no disclosure triangle.
  const bulk = page.locator("summary").filter({ hasText: "Spedisci gli ordini selezionati" });
  await expect(bulk).toHaveCSS("border-top-style", "solid");
  await expect(bulk).toHaveCSS("display", "inline-flex");

  // Weights in Italian: 0,5 kg, and 1,2 typed with a comma is 1,2 kg.
  await page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: order.slice(0, 8) })
    .getByRole("button", { name: "Crea spedizione" })
    .click();
  const dialog = page.getByRole("dialog", { name: "Spedizione GLS" });
  await expect(dialog.getByLabel("Peso (kg)")).toHaveValue("0,5");
  await expect(page.locator("body")).toHaveJSProperty("scrollWidth", 390);
});

test("a customer who opens /admin lands on the home page", async ({ page }) => {
  await logIn(page, await createUser());
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(`${baseURL}/`);
});

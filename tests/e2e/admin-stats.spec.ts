import { buildDemoCatalog } from "../../app/demo/catalog/catalog";
import { buildDemoOrders, DEMO_ORDER_DAYS } from "../../app/demo/orders";
import { addDays, romeDay } from "../../app/modules/dates/rome";
import { formatEuro } from "../../app/modules/format/numbers";
import { createUser, logIn, placeOrder } from "./support/accounts";
import { openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, test } from "./support/test";

// Staff read the sales statistics of a period: a day of the last century picked at random, so only
// this test's orders fall in it (the e2e database is shared, and a retry picks another day).

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("staff choose a period and read its revenue, orders, best sellers and chart", async ({ page }) => {
  const day = new Date(Date.UTC(1950, 0, 1) + Math.floor(Math.random() * 18_000) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const at = new Date(`${day}T10:00:00Z`);
  // Two orders sold (two pyjamas and a pair of socks each), one whose payment failed.
  await placeOrder(null, { createdAt: at, status: "completed", paymentStatus: "paid", totalCents: 5790 });
  await placeOrder(null, {
    createdAt: at,
    status: "completed",
    paymentStatus: "paid_in_store",
    deliveryMethod: "pickup_and_pay",
    totalCents: 12345,
  });
  await placeOrder(null, { createdAt: at, status: "payment_failed", paymentStatus: "failed", totalCents: 9999 });

  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/analytics");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Statistiche di Vendita");
  await page.getByLabel("Dal", { exact: true }).fill(day);
  await page.getByLabel("Al", { exact: true }).fill(day);
  await page.getByLabel("Raggruppa per").selectOption("giorno");
  await page.getByRole("button", { name: "Mostra" }).click();
  await expect(page).toHaveURL(new RegExp(`dal=${day}&al=${day}&raggruppa=giorno`));

  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .getByRole("definition");
  await expect(figure("Ricavi").first()).toHaveText("181,35 €");
  await expect(figure("Ordini").first()).toHaveText("2");
  // 181,35 € over two orders, to the cent.
  await expect(figure("Valore medio ordine").first()).toHaveText("90,68 €");
  await expect(figure("Ordini").last()).toContainText("nessun confronto");

  const byUnits = page.getByRole("region", { name: "Più venduti per pezzi" });
  await expect(byUnits.getByRole("row", { name: /Pigiama in cotone/ })).toContainText("4");
  await expect(byUnits.getByRole("row", { name: /Calze/ })).toContainText("2");

  const chart = page.getByRole("img", { name: "Ricavi per periodo" });
  // A gridline above the day's revenue, and the bar's exact value in its tooltip.
  await expect(chart).toContainText("200 €");
  await chart.locator(".recharts-bar-rectangle").first().hover();
  await expect(chart).toContainText("181,35 €");
  await expect(page.getByRole("table", { name: "Ricavi per periodo" })).toContainText("181,35 €");
  await expect(page.getByRole("table", { name: "Ordini per periodo" })).toContainText("2");
  await expect(page.getByRole("region", { name: "Prenotazioni ritirate" })).toContainText("1 ritirate su 1");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Esporta CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`statistiche-${day}-${day}.csv`);
});

test("the statistics of the last sixty days are those of the demo orders the shop started with", async ({ page }) => {
  const today = romeDay(new Date());
  const demo = buildDemoOrders(buildDemoCatalog(), today);
  const sold = demo.filter((order) =>
    ["paid", "paid_in_store", "partially_refunded", "refunded"].includes(order.paymentStatus),
  );
  const revenueCents = sold.reduce((sum, order) => sum + order.totalCents - order.refundedCents, 0);

  await logIn(page, await createUser("admin", "Ada Admin"));
  const from = addDays(today, -DEMO_ORDER_DAYS);
  await openHydrated(page, `/admin/analytics?dal=${from}&al=${addDays(today, -1)}&raggruppa=settimana`);
  const figure = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) })
      .getByRole("definition");
  await expect(figure("Ricavi").first()).toHaveText(formatEuro(revenueCents));
  await expect(figure("Ordini").first()).toHaveText(String(sold.length));
});

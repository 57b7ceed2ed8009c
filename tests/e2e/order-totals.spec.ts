import { eq } from "drizzle-orm";
import { coupons, userProfiles } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import { createUser, logIn, placeOrder } from "./support/accounts";
import { e2eDatabase, latestOrderOf } from "./support/database";
import { cartItem, everydayProduct } from "./support/demo-products";
import { openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// An order's figures as a customer and staff read them (issue 26): which discount applied and why
// the other did not, and the same rows adding up on the payment step, the success page, /orders, the
// profile and the admin's order page.

const consoleErrors: string[] = [];

test.beforeEach(({ page }) => {
  consoleErrors.length = 0;
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  return skipCookieBannerAndPopup(page);
});

test.afterEach(() => expect(consoleErrors).toEqual([]));

const unitPrice = everydayProduct.priceCents as number;
const percentOf = (cents: number, percent: number) => Math.floor((cents * percent + 50) / 100);

/** The rows of an order's summary whose test ids start with `prefix`, as "label amount" lines. */
async function summaryRows(page: Page, prefix: string) {
  const rows = page.locator(`dd[data-testid^="${prefix}-"]`).locator("xpath=..");
  return (await rows.allInnerTexts()).map((text) => text.replace(/\s+/g, " ").trim());
}

test("a first order with a code says which discount applied and why, and adds up wherever the order is shown", async ({
  page,
  browser,
}) => {
  // A code worth as much as the first-order discount, and the demo's 15% one.
  await e2eDatabase().insert(coupons).values({ code: "PARI10", percentOff: 10 }).onConflictDoNothing();
  const customer = await createUser("customer", "Elena Sconti");
  await e2eDatabase().update(userProfiles).set({ phone: "0172 44444" }).where(eq(userProfiles.id, customer.id));
  await logIn(page, customer);

  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, 2),
  );
  await openHydrated(page, "/cart");
  await expect(page.getByTestId("cart-discount-note")).toHaveText(
    "Al checkout si aggiungono la spedizione e, se ne hai diritto, uno sconto sull'ordine (primo ordine, compleanno o codice sconto): se ne hai più d'uno, vale il più vantaggioso.",
  );
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await page.getByPlaceholder("Codice sconto").fill("pari10");
  await page.getByRole("button", { name: "Applica" }).click();
  await expect(page.getByTestId("coupon-code")).toHaveText("PARI10");
  await page.getByText("Ritiro in negozio", { exact: true }).click();
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();

  // A tie: the first-order discount applies, and the code is named as kept.
  const subtotal = unitPrice * 2;
  const explanation = page.getByTestId("discount-explanation");
  await expect(page.getByTestId("final-discount")).toHaveText(`−${formatEuro(percentOf(subtotal, 10))}`);
  await expect(explanation).toContainText(
    "Sull'ordine vale un solo sconto, il più vantaggioso per te: Sconto primo ordine (10%).",
  );
  const codeKept =
    "Codice sconto PARI10 (10%) non applicato: lo sconto sarebbe lo stesso, e il codice non viene speso.";
  await expect(explanation).toContainText(codeKept);
  await expect(page.getByText("Si applica un solo sconto")).toHaveCount(0);

  // A larger code: it applies, and the first-order discount is named as not applied.
  await page.getByRole("button", { name: "Rimuovi il codice sconto" }).click();
  await page.getByPlaceholder("Codice sconto").fill("VETRINA15");
  await page.getByRole("button", { name: "Applica" }).click();
  const discount = percentOf(subtotal, 15);
  const total = subtotal - discount;
  await expect(page.getByTestId("final-discount")).toHaveText(`−${formatEuro(discount)}`);
  await expect(explanation).toContainText(
    "Sull'ordine vale un solo sconto, il più vantaggioso per te: Codice sconto VETRINA15 (15%).",
  );
  await expect(explanation).toContainText("Sconto primo ordine (10%) non applicato: è meno vantaggioso.");

  const rows = [
    `Subtotale ${formatEuro(subtotal)}`,
    `Codice sconto VETRINA15 (15%) −${formatEuro(discount)}`,
    "Ritiro in negozio Gratuita",
    `Totale (IVA inclusa) ${formatEuro(total)}`,
  ].map((row) => row.replace(/\s+/g, " "));
  expect(await summaryRows(page, "final")).toEqual(rows);

  await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();
  await page.getByRole("button", { name: `Paga ${formatEuro(total)}` }).click();
  await expect(page.getByRole("heading", { name: "Grazie, il tuo ordine è confermato!" })).toBeVisible();
  expect(await summaryRows(page, "success")).toEqual(rows);
  const order = await latestOrderOf(customer.email);
  expect(order).toMatchObject({ totalCents: total, couponCode: "VETRINA15" });
  const orderId = order?.id ?? "";

  // The customer's list: the line, then the same rows, adding up to the total on the summary line.
  await openHydrated(page, "/orders");
  const entry = page.locator("details").filter({ hasText: `Ordine #${orderId.slice(0, 8)}` });
  await expect(entry.locator("summary")).toContainText(formatEuro(total));
  await entry.locator("summary").click();
  await expect(entry.getByTestId("order-line")).toContainText(`${everydayProduct.name}Qtà: 2`);
  expect(await summaryRows(page, "order")).toEqual(rows);

  await openHydrated(page, "/profile");
  await page.getByRole("tab", { name: "I miei ordini" }).click();
  const inProfile = page.locator("details").filter({ hasText: `Ordine #${orderId.slice(0, 8)}` });
  await inProfile.locator("summary").click();
  expect(await summaryRows(page, "order")).toEqual(rows);

  // Staff: the same rows in the order's summary, under lines that make the Subtotale.
  const staff = await (await browser.newContext({ baseURL, locale: "it-IT", timezoneId: "Europe/Rome" })).newPage();
  await skipCookieBannerAndPopup(staff);
  await logIn(staff, await createUser("admin", "Ada Admin"));
  await openHydrated(staff, `/admin/orders/${orderId}`);
  const lines = staff.getByRole("region", { name: "Prodotti Ordinati" }).getByRole("listitem");
  await expect(lines).toHaveText([new RegExp(`^${everydayProduct.name}Qtà: 2 · .*${formatEuro(subtotal)}$`)]);
  expect(await summaryRows(staff, "admin-order")).toEqual(rows);
  await expect(staff.getByRole("button", { name: "Invia di nuovo la conferma" })).toBeVisible();
  await staff.context().close();
});

test("staff are not offered to resend the confirmation of a cancelled or failed order", async ({ page }) => {
  const cancelled = await placeOrder(null, { status: "cancelled", shippingTracking: null });
  const failed = await placeOrder(null, { status: "payment_failed", paymentStatus: "failed", shippingTracking: null });
  await logIn(page, await createUser("admin", "Ada Admin"));
  for (const orderId of [cancelled, failed]) {
    await openHydrated(page, `/admin/orders/${orderId}`);
    await expect(page.getByRole("heading", { name: `Dettaglio Ordine #${orderId.slice(0, 8)}` })).toBeVisible();
    await expect(page.getByRole("button", { name: "Invia di nuovo la conferma" })).toHaveCount(0);
  }
});

import { eq } from "drizzle-orm";
import { orders, refunds } from "../../app/db/schema";
import type { SandboxProvider } from "../../app/modules/payments/sandbox.server";
import { deleteTestVariants, testShippingAddress } from "../support/fixtures";
import { placeTestOrder } from "../support/placed-orders";
import { testServices } from "../support/services";
import { createUser, labelDownload, logIn, placeOrder } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, type Page, test } from "./support/test";

// A day of orders as staff run it from /admin: ship with the courier (the sandbox here), download
// labels, hand a reservation over, close the courier's day, cancel and refund; and what the
// customer then sees on /orders.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

const short = (orderId: string) => `#${orderId.slice(0, 8)}`;
const toShip = {
  status: "processing",
  shippingTracking: null,
  shippingAddress: { ...testShippingAddress, province: "CN" },
} as const;

async function orderRow(page: Page, orderId: string) {
  return page
    .getByRole("table")
    .getByRole("row")
    .filter({ hasText: short(orderId) });
}

async function orderOf(orderId: string) {
  const [order] = await e2eDatabase().select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`no order ${orderId}`);
  return order;
}

test("staff ship an order, download its label, close the day; the customer follows the parcel", async ({
  page,
  browser,
}) => {
  const customer = await createUser("customer", "Carla Cliente");
  const orderId = await placeOrder(customer.id, toShip);

  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/orders");
  const row = await orderRow(page, orderId);
  await expect(row).toContainText("In Lavorazione");
  await row.getByRole("button", { name: "Crea spedizione" }).click();

  const dialog = page.getByRole("dialog", { name: "Spedizione GLS" });
  await expect(dialog.getByLabel("Peso (kg)")).toHaveValue("0,5");
  await expect(dialog.getByLabel("Colli")).toHaveValue("1");
  await dialog.getByLabel("Peso (kg)").fill("1,2");
  await dialog.getByRole("button", { name: "Crea spedizione" }).click();
  await expectToast(page, "Successo", "Spedizione GLS creata.");
  await expect(dialog).toBeHidden();

  await expect(row).toContainText("Spedito");
  const order = await orderOf(orderId);
  expect(order).toMatchObject({ status: "shipped", shippingWeightGrams: 1200, shippingParcels: 1 });
  const tracking = order.shippingTracking ?? "";
  await expect(row).toContainText(tracking);

  const popup = page.waitForEvent("popup");
  await row.getByRole("link", { name: "Scarica etichetta" }).click();
  expect((await popup).url()).toMatch(labelDownload);

  // GLS cannot undo a closed day: the button asks first, and 'Annulla' leaves everything as it was.
  await page.getByRole("button", { name: "Chiudi Giornata GLS" }).click();
  const question = page.getByRole("dialog", { name: "Chiudere la giornata GLS?" });
  await expect(question).toContainText("dopo la chiusura non si possono più annullare");
  await question.getByRole("button", { name: "Annulla" }).click();
  await expect(question).toBeHidden();
  expect((await orderOf(orderId)).status).toBe("shipped");
  await page.getByRole("button", { name: "Chiudi Giornata GLS" }).click();
  await question.getByRole("button", { name: "Chiudi Giornata GLS" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Operazione di chiusura giornata inviata" }),
  ).toContainText("Successo");
  const results = page.getByRole("dialog", { name: "Chiusura giornata GLS" });
  await expect(results.getByRole("listitem").filter({ hasText: tracking })).toContainText("Successo");
  await results.getByRole("button", { name: "Chiudi" }).click();
  await expect(row).toContainText("Chiuso (GLS)");
  await row.getByRole("button", { name: "Segna come consegnato" }).click();
  await expect(
    page.locator("[data-sonner-toast]").filter({ hasText: "Ordine segnato come consegnato." }),
  ).toBeVisible();
  await expect(row).toContainText("Completato");

  // The customer, in a browser of their own.
  const customerContext = await browser.newContext();
  const customerPage = await customerContext.newPage();
  await skipCookieBannerAndPopup(customerPage);
  await logIn(customerPage, customer);
  await openHydrated(customerPage, "/orders");
  const mine = customerPage.locator("li").filter({ hasText: `Ordine ${short(orderId)}` });
  await mine.locator("summary").click();
  await expect(mine.getByRole("link", { name: tracking })).toHaveAttribute("href", new RegExp(`${tracking}$`));
  const label = customerPage.waitForEvent("popup");
  await mine.getByRole("link", { name: "Scarica etichetta" }).click();
  expect((await label).url()).toMatch(labelDownload);
  await customerContext.close();
});

test("staff ship several orders at once and print their labels as one PDF", async ({ page }) => {
  const customer = await createUser();
  const [one, two] = [await placeOrder(customer.id, toShip), await placeOrder(customer.id, toShip)];
  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/orders");
  for (const orderId of [one, two]) await page.getByLabel(`Seleziona l'ordine ${short(orderId)}`).check();
  await page.getByText("Spedisci gli ordini selezionati").click();
  await page.getByRole("button", { name: "Crea spedizioni GLS" }).click();
  await expectToast(page, "Successo", "2 spedizioni create.");
  const labels = page.getByRole("link", { name: "Scarica le etichette (2)" });
  const pdf = await page.request.get((await labels.getAttribute("href")) ?? "");
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  for (const orderId of [one, two]) expect((await orderOf(orderId)).status).toBe("shipped");
});

test("staff hand a reservation over in the shop", async ({ page }) => {
  const reservation = await placeOrder(null, {
    status: "reserved",
    paymentStatus: "to_be_paid_in_store",
    deliveryMethod: "pickup_and_pay",
    shippingTracking: null,
    shippingCostCents: 0,
    totalCents: 5000,
  });
  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/orders");
  const row = await orderRow(page, reservation);
  await row.getByRole("button", { name: "Segna come completato" }).click();
  await expectToast(page, "Successo", "Ordine segnato come completato.");
  await expect(row).toContainText("Completato");
  expect(await orderOf(reservation)).toMatchObject({ status: "completed", paymentStatus: "paid_in_store" });
});

test("staff cancel a paid order and refund part of it", async ({ page }) => {
  const db = e2eDatabase();
  const services = testServices(db);
  const { orderId } = await placeTestOrder(db, services, {
    quantity: 2,
    pay: (sessionId) => (services.payments as SandboxProvider).act(sessionId, "pay"),
  });
  // The order keeps its lines; the product made for it leaves the catalogue the other journeys count.
  await deleteTestVariants(db);
  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, `/admin/orders/${orderId}`);
  const money = page.getByRole("region", { name: "Annullamento e rimborsi" });
  await expect(money).toContainText("Rimborsabile");
  await money.getByText("Annulla l'ordine").click();
  await money.getByLabel("Importo da rimborsare (€)").fill("10,00");
  await money.getByRole("button", { name: "Conferma annullamento" }).click();
  await expectToast(page, "Successo");
  await expect(page.getByRole("heading", { name: `Dettaglio Ordine ${short(orderId)}` }).locator("..")).toContainText(
    "Annullato",
  );
  await expect(page.getByRole("region", { name: "Riepilogo" })).toContainText("Rimborsato in parte");
  await expect(page.getByRole("region", { name: "Cronologia" })).toContainText("Rimborso di 10,00 € eseguito");

  expect(await orderOf(orderId)).toMatchObject({ status: "cancelled", paymentStatus: "partially_refunded" });
  const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, orderId));
  expect(refund).toMatchObject({ amountCents: 1000, state: "succeeded" });
});

import { asc, eq } from "drizzle-orm";
import { orderItems, products, refunds, withdrawalItems, withdrawalRequests } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import type { SandboxProvider } from "../../app/modules/payments/sandbox.server";
import { createTestVariant, deleteTestVariants, stockOf } from "../support/fixtures";
import { placeTestOrder } from "../support/placed-orders";
import { testServices } from "../support/services";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { openHydrated, skipCookieBannerAndPopup, toast } from "./support/page";
import { expect, test } from "./support/test";

// A withdrawal as staff settle it from 'Resi e recessi': the parcel is back, a hygiene-sealed
// swimsuit came back opened and is refused with a reason, the rest goes back on sale and is refunded.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));
// The products made for the order leave the catalogue the other journeys count.
test.afterAll(() => deleteTestVariants(e2eDatabase()));

test("staff receive the goods, refuse the opened sealed item with a reason, refund the rest", async ({ page }) => {
  const db = e2eDatabase();
  const services = testServices(db);
  const { orderId, variant, email } = await placeTestOrder(db, services, {
    quantity: 2,
    pay: (sessionId) => (services.payments as SandboxProvider).act(sessionId, "pay"),
  });
  // A second line of the order: a swimsuit sold with its hygiene seal.
  const sealed = await createTestVariant(db, { priceCents: 1500, subcategory: "bikini", name: "Bikini sigillato" });
  await db.update(products).set({ hygieneSealed: true }).where(eq(products.id, sealed.productId));
  await db.insert(orderItems).values({
    orderId,
    productId: sealed.productId,
    variantId: sealed.variantId,
    productName: "Bikini sigillato",
    quantity: 1,
    unitPriceCents: 1500,
  });
  const [kept, opened] = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  if (!kept || !opened) throw new Error("two lines expected");
  const [request] = await db
    .insert(withdrawalRequests)
    .values({ orderId, name: "Anna Neri", email, wholeOrder: false })
    .returning({ id: withdrawalRequests.id });
  const requestId = request?.id ?? "";
  await db.insert(withdrawalItems).values([
    { requestId, orderItemId: kept.id, quantity: 2 },
    { requestId, orderItemId: opened.id, quantity: 1 },
  ]);
  const refundCents = kept.unitPriceCents * 2 - kept.discountCents;
  expect(await stockOf(db, variant.variantId)).toBe(3);

  await logIn(page, await createUser("admin", "Ada Admin"));
  await openHydrated(page, "/admin/orders");
  await page.getByRole("navigation", { name: "Amministrazione" }).getByRole("link", { name: "Resi e recessi" }).click();
  await expect(page.getByRole("heading", { name: "Resi e recessi" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: `#${orderId.slice(0, 8)}` });
  await expect(row).toContainText("Ricevuta");
  await row.getByRole("link", { name: "Apri" }).click();
  await expect(page.getByRole("heading", { name: `Recesso ordine #${orderId.slice(0, 8)}` })).toBeVisible();

  await page.getByRole("button", { name: "Merce ricevuta" }).click();
  await expect(toast(page, "Merce registrata come ricevuta")).toContainText("Successo");

  const keptGroup = page.getByRole("group", { name: "Slip di prova" });
  const openedGroup = page.getByRole("group", { name: "Bikini sigillato" });
  await expect(openedGroup).toContainText("Sigillo igienico");
  await keptGroup.getByLabel("Accetta").check();
  await keptGroup.getByLabel("Rimetti in vendita").check();
  await openedGroup.getByLabel("Rifiuta").check();
  await openedGroup.getByLabel("Motivo del rifiuto (lo legge il cliente)").fill("Il sigillo igienico è stato aperto.");
  await page.getByRole("button", { name: "Salva decisioni" }).click();
  await expect(toast(page, "Decisioni registrate")).toContainText("Successo");

  const refund = page.getByRole("region", { name: "Rimborso" });
  await expect(refund).toContainText(`Da rimborsare: ${formatEuro(refundCents)}`);
  await refund.getByRole("button", { name: "Rimborsa e chiudi" }).click();
  await expect(toast(page, `Rimborso di ${formatEuro(refundCents)} eseguito.`)).toContainText("Successo");
  await expect(page.getByText("Rifiutata in parte")).toBeVisible();

  const [settled] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.id, requestId));
  expect(settled).toMatchObject({ state: "partially_refused", refundedCents: refundCents });
  expect(
    await db
      .select({ amountCents: refunds.amountCents, state: refunds.state })
      .from(refunds)
      .where(eq(refunds.orderId, orderId)),
  ).toEqual([{ amountCents: refundCents, state: "succeeded" }]);
  const items = await db
    .select()
    .from(withdrawalItems)
    .where(eq(withdrawalItems.requestId, requestId))
    .orderBy(asc(withdrawalItems.id));
  expect(items.map((item) => [item.decision, item.refusalReason, item.restockedAt !== null])).toEqual([
    ["accepted", null, true],
    ["refused", "Il sigillo igienico è stato aperto.", false],
  ]);
  expect(await stockOf(db, variant.variantId)).toBe(5);
});

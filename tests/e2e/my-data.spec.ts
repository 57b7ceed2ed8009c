import fs from "node:fs/promises";
import { eq } from "drizzle-orm";
import { orders, users } from "../../app/db/schema";
import { createTestVariant, deleteTestVariants } from "../support/fixtures";
import { accountMenu, createUser, fillLogin, logIn, placeOrder } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, test } from "./support/test";

// "My data" (GDPR): a customer downloads everything the shop holds about them, then deletes the
// account; they cannot log in again, their order stays and their review no longer shows their name.

test.beforeEach(async ({ page }) => {
  await skipCookieBannerAndPopup(page);
});

// The product made for the review leaves the catalogue the other journeys count.
test.afterAll(() => deleteTestVariants(e2eDatabase()));

test("a customer downloads their data, deletes their account and is gone", async ({ page }) => {
  const db = e2eDatabase();
  const user = await createUser("customer", "Marta Riservata");
  const other = await createUser("customer", "Otto Estraneo");
  const { productId } = await createTestVariant(db, { name: "Body dei miei dati" });
  const orderId = await placeOrder(user.id);
  const othersOrderId = await placeOrder(other.id);

  await logIn(page, user);
  await openHydrated(page, `/product/${productId}`);
  await page.getByRole("tab", { name: "Scrivi una recensione" }).click();
  const form = page.getByRole("tabpanel");
  await page.getByLabel("Nome").fill("Marta Riservata");
  await form.locator("label").filter({ hasText: "5 stelle" }).click();
  await page.getByLabel("La tua recensione").fill("Il body più comodo che abbia mai avuto.");
  await page.getByRole("button", { name: "Invia recensione" }).click();
  await expectToast(page, "Recensione inviata!");

  // The download: everything of hers, nothing of anyone else's.
  await openHydrated(page, "/profile");
  const section = page.getByRole("region", { name: "I tuoi dati" });
  const downloading = page.waitForEvent("download");
  await section.getByRole("link", { name: "Scarica i miei dati" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vetrina-i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
  const text = await fs.readFile((await download.path()) as string, "utf8");
  const exported = JSON.parse(text);
  expect(exported.account.email).toBe(user.email);
  expect(exported.profile).toMatchObject({ firstName: "Marta", lastName: "Riservata" });
  expect(exported.orders.map((order: { id: string }) => order.id)).toEqual([orderId]);
  expect(exported.orders[0].items.length).toBeGreaterThan(0);
  expect(exported.reviews).toEqual([
    expect.objectContaining({ author: "Marta Riservata", content: "Il body più comodo che abbia mai avuto." }),
  ]);
  expect(text).not.toContain(other.email);
  expect(text).not.toContain(othersOrderId);

  // The deletion asks for the password; a wrong one deletes nothing.
  await section.getByRole("link", { name: "Elimina il mio account" }).click();
  await expect(page).toHaveURL(/\/profile\/elimina-account$/);
  await expect(page.getByText("L'eliminazione è definitiva e non si può annullare.")).toBeVisible();
  const password = page.getByLabel("Per confermare, inserisci la tua password");
  const confirm = page.getByRole("button", { name: "Elimina definitivamente il mio account" });
  await password.fill("Sbagliata#2024");
  await confirm.click();
  await expect(page.getByText("La password non è corretta.")).toBeVisible();
  expect(await db.$count(users, eq(users.id, user.id))).toBe(1);

  await password.fill(user.password);
  await confirm.click();
  await expectToast(page, "Account eliminato");
  await expect(page).toHaveURL(/\/$/);
  await expect(accountMenu(page)).toHaveCount(0);
  expect(await db.$count(users, eq(users.id, user.id))).toBe(0);
  // The order stays for the accounts, no longer tied to an account.
  const [order] = await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  expect(order).toEqual({ userId: null });

  // The old password opens nothing.
  await openHydrated(page, "/auth");
  await fillLogin(page, user.email, user.password);
  await expectToast(page, "Errore di login", "Email o password non validi");

  // Her review is still there, without her name.
  await openHydrated(page, `/product/${productId}`);
  await page.getByRole("tab", { name: /^Recensioni/ }).click();
  const reviewsPanel = page.getByRole("tabpanel");
  await expect(reviewsPanel).toContainText("Il body più comodo che abbia mai avuto.");
  await expect(reviewsPanel).toContainText("Utente eliminato");
  expect(await page.content()).not.toContain("Marta Riservata");
});

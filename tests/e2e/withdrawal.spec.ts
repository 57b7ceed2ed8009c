import { and, eq } from "drizzle-orm";
import { outgoingEmails, withdrawalItems, withdrawalRequests } from "../../app/db/schema";
import { withdrawalUrl } from "../../app/modules/orders/confirmation-email";
import { testShippingAddress, uniqueEmail } from "../support/fixtures";
import { placeOrder } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { readEmail } from "./support/mailbox";
import { skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, test } from "./support/test";

// The online withdrawal function (art. 54-bis Codice del Consumo) as a guest uses it: the link of the
// confirmation e-mail, order number and e-mail, two steps, the receipt and its acknowledgement.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("a guest withdraws from part of an order through the e-mail's link and gets the receipt", async ({ page }) => {
  const email = uniqueEmail("recesso");
  const orderId = await placeOrder(null, { email, shippingAddress: { ...testShippingAddress, email } });
  const number = `#${orderId.slice(0, 8)}`;

  await page.goto(withdrawalUrl(baseURL, orderId));
  await expect(page.getByRole("heading", { name: "Recedi dal contratto" })).toBeVisible();
  await expect(page.getByText(/Il reso costa 7,90\s€/)).toBeVisible();
  await expect(page.getByLabel("Numero d'ordine")).toHaveValue(orderId.slice(0, 8));

  // A wrong e-mail gets the same answer as a wrong number.
  await page.getByLabel("Email dell'ordine").fill("qualcuno@example.it");
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByText("Non troviamo un ordine con questo numero e questa email.")).toBeVisible();

  await page.getByLabel("Email dell'ordine").fill(email);
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByRole("heading", { name: "I tuoi dati e gli articoli" })).toBeVisible();
  await expect(page.getByLabel("Nome e cognome")).toHaveValue("Anna Neri");
  await expect(page.getByLabel("Email per la conferma del recesso")).toHaveValue(email);
  await page.getByLabel("Solo alcuni articoli").check();
  await page.getByLabel("Pezzi di Calze da restituire").fill("1");
  await page.getByRole("button", { name: "Continua" }).click();

  await expect(page.getByRole("heading", { name: "Controlla e conferma il recesso" })).toBeVisible();
  await expect(page.getByText("1 × Calze")).toBeVisible();
  await expect(page.getByText("Pigiama in cotone")).toHaveCount(0);
  await page.getByRole("button", { name: "Conferma recesso" }).click();

  await expect(page.getByRole("heading", { name: "Recesso ricevuto" })).toBeVisible();
  await expect(page.getByText(number, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/recesso\?richiesta=/);

  const db = e2eDatabase();
  const [request] = await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId));
  expect(request).toMatchObject({ state: "received", wholeOrder: false, name: "Anna Neri", email });
  const items = await db
    .select()
    .from(withdrawalItems)
    .where(eq(withdrawalItems.requestId, request?.id ?? ""));
  expect(items.map((item) => item.quantity)).toEqual([1]);
  const subject = `Recesso ricevuto per l'ordine ${number}`;
  const [queued] = await db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.toAddress, email), eq(outgoingEmails.subject, `${subject} - Vetrina`)));
  expect(queued?.textBody).toContain("1 × Calze");
  const sent = await readEmail(email, subject);
  expect(sent.text).toContain("Data e ora del recesso");

  // Back on the e-mail's link: the withdrawal already made, not a second one.
  await page.goto(withdrawalUrl(baseURL, orderId));
  await page.getByLabel("Email dell'ordine").fill(email);
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByRole("heading", { name: "Recesso ricevuto" })).toBeVisible();
  expect(await db.select().from(withdrawalRequests).where(eq(withdrawalRequests.orderId, orderId))).toHaveLength(1);
});

test("the footer links the withdrawal function on every page", async ({ page }) => {
  await page.goto("/chi-siamo");
  await page.getByRole("contentinfo").getByRole("link", { name: "Recedi dal contratto qui" }).click();
  await expect(page).toHaveURL(/\/recesso$/);
  await expect(page.getByRole("heading", { name: "Recedi dal contratto" })).toBeVisible();
});

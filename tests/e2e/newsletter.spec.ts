import { eq } from "drizzle-orm";
import { newsletterSubscribers } from "../../app/db/schema";
import { NEWSLETTER_CONSENT_TEXT } from "../../app/modules/newsletter/newsletter";
import { e2eDatabase } from "./support/database";
import { everydayProduct, soldOutColourProduct } from "./support/demo-products";
import { allEmails, linkIn, readEmail } from "./support/mailbox";
import { openHydrated, skipCookieBannerAndPopup, toast, waitForHydration } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// The newsletter: the one sign-up form (footer, /subscribe), the double opt-in through the e-mail,
// and the unsubscribe link every newsletter e-mail carries.

const db = e2eDatabase();

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

async function subscriber(email: string) {
  const [row] = await db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.email, email));
  return row;
}

const footerForm = (page: Page) => page.getByRole("contentinfo");

test("an empty address is refused with the spec's message", async ({ page }) => {
  await openHydrated(page, "/chi-siamo");
  await footerForm(page).getByRole("button", { name: "Iscriviti" }).click();
  await expect(toast(page, "Errore")).toContainText("Per favore, inserisci un'email.");
  await expect(footerForm(page).getByText("Per favore, inserisci un'email.")).toBeVisible();
});

test("a visitor subscribes from the footer, confirms through the e-mail, then unsubscribes", async ({ page }) => {
  const email = "lettrice.footer@example.it";
  await openHydrated(page, "/chi-siamo");
  const footer = footerForm(page);
  await expect(footer).toContainText(NEWSLETTER_CONSENT_TEXT.split(" Leggi")[0] as string);
  await footer.getByRole("textbox", { name: "La tua email" }).fill(email);
  await footer.getByRole("button", { name: "Iscriviti" }).click();

  await expect(toast(page, "Grazie!")).toContainText("Controlla la tua email");
  await expect(footer.getByRole("status")).toContainText("Grazie!");
  // Not subscribed yet: only pending, with the consent recorded.
  expect(await subscriber(email)).toMatchObject({
    status: "pending",
    consentText: NEWSLETTER_CONSENT_TEXT,
    source: "footer",
    confirmedAt: null,
  });
  expect((await subscriber(email))?.consentIp).toBeTruthy();

  const confirmation = await readEmail(email, "Conferma la tua iscrizione");
  expect(confirmation.headers["list-unsubscribe"]).toContain(`${baseURL}/newsletter/disiscriviti?token=`);
  await page.goto(linkIn(confirmation, `${baseURL}/newsletter/conferma`));
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iscrizione Riuscita!");
  await expect(page.getByText("La tua iscrizione è avvenuta con successo.")).toBeVisible();
  expect(await subscriber(email)).toMatchObject({ status: "confirmed", confirmTokenHash: null });
  expect((await subscriber(email))?.confirmedAt).toBeInstanceOf(Date);

  // The confirmation link works once.
  await page.goto(linkIn(confirmation, `${baseURL}/newsletter/conferma`));
  await page.getByRole("button", { name: "Conferma l'iscrizione" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Link non valido");

  await page.goto(linkIn(confirmation, `${baseURL}/newsletter/disiscriviti`));
  await page.getByRole("button", { name: "Annulla l'iscrizione" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Iscrizione annullata");
  expect(await subscriber(email)).toMatchObject({ status: "unsubscribed" });
});

test("signing up twice gives the same answer and sends no second e-mail", async ({ page }) => {
  const email = "due.volte@example.it";
  for (const attempt of [1, 2]) {
    await openHydrated(page, "/subscribe");
    const form = page.getByRole("main");
    await form.getByRole("textbox", { name: "La tua email" }).fill(email);
    await form.getByRole("button", { name: "Iscriviti" }).click();
    await expect(form.getByRole("status"), `attempt ${attempt}`).toContainText(
      "Controlla la tua email e apri il link per confermare l'iscrizione.",
    );
  }
  await readEmail(email, "Conferma");
  expect((await allEmails()).filter((received) => received.to.includes(email))).toHaveLength(1);
  expect(await subscriber(email)).toMatchObject({ status: "pending", source: "page" });
});

test("a mail client's one-click unsubscribe (RFC 8058) works on the link of the header", async ({ page }) => {
  const email = "one.click@example.it";
  await openHydrated(page, "/subscribe");
  await page.getByRole("main").getByRole("textbox", { name: "La tua email" }).fill(email);
  await page.getByRole("main").getByRole("button", { name: "Iscriviti" }).click();
  const confirmation = await readEmail(email, "Conferma");
  const header = confirmation.headers["list-unsubscribe"] ?? "";
  const url = header.slice(1, -1);

  const response = await page.request.post(url, { form: { "List-Unsubscribe": "One-Click" } });
  expect(response.ok()).toBe(true);
  expect(await subscriber(email)).toMatchObject({ status: "unsubscribed" });
});

test("on a first visit on a phone the popup waits for the cookie banner, then shows once per browser", async ({
  browser,
}) => {
  // A browser that has seen neither the banner nor the popup; time runs on the page's clock.
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, locale: "it-IT" });
  const page = await context.newPage();
  await page.clock.install();
  await page.goto(`/product/${everydayProduct.id}`);
  await waitForHydration(page);
  const banner = page.getByRole("region", { name: "Rispettiamo la tua privacy" });
  const popup = page.getByRole("dialog", { name: "Resta in contatto con noi" });
  await expect(banner).toBeVisible();
  // Well past the popup's 2 seconds: still the banner alone.
  await page.clock.runFor(10_000);
  await expect(banner).toBeVisible();
  await expect(popup).toHaveCount(0);

  await banner.getByRole("button", { name: "Solo Necessari" }).click();
  await page.clock.runFor(2_000);
  await expect(popup).toBeVisible();
  await popup.getByRole("button", { name: "Chiudi" }).click();
  await expect(popup).toBeHidden();

  // Another tab of the same browser: no popup again.
  const secondTab = await context.newPage();
  await secondTab.clock.install();
  await secondTab.goto(`/product/${soldOutColourProduct.id}`);
  await waitForHydration(secondTab);
  await secondTab.clock.runFor(10_000);
  await expect(secondTab.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(secondTab.getByRole("dialog", { name: "Resta in contatto con noi" })).toHaveCount(0);
  await context.close();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the /subscribe page still signs up and shows the thank-you view", async ({ page }) => {
    const email = "senza.js@example.it";
    await page.goto("/subscribe");
    const form = page.getByRole("main");
    await form.getByRole("textbox", { name: "La tua email" }).fill(email);
    await form.getByRole("button", { name: "Iscriviti" }).click();
    await expect(form.getByRole("status")).toContainText("Grazie!");
    expect(await subscriber(email)).toMatchObject({ status: "pending", source: "page" });
  });

  test("the footer form posts to /subscribe and an empty address gets the message", async ({ page }) => {
    await page.goto("/chi-siamo");
    await footerForm(page).getByRole("button", { name: "Iscriviti" }).click();
    await expect(page).toHaveURL(/\/subscribe$/);
    await expect(page.getByRole("main").getByText("Per favore, inserisci un'email.")).toBeVisible();
  });
});

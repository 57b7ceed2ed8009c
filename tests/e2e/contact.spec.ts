import { eq } from "drizzle-orm";
import { contactMessages, outgoingEmails } from "../../app/db/schema";
import { shop } from "../../app/modules/shop/identity";
import { e2eDatabase } from "./support/database";
import { readEmail } from "./support/mailbox";
import { openHydrated, skipCookieBannerAndPopup, toast } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, test } from "./support/test";

// The contact form: required fields, the message stored and e-mailed to the shop with reply-to the
// sender, and the protections of a public form (other sites' posts refused, honeypot).

const db = e2eDatabase();

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

const messagesWithSubject = (subject: string) =>
  db.select().from(contactMessages).where(eq(contactMessages.subject, subject));

test("every field is required", async ({ page }) => {
  await openHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Scrivici un messaggio" });
  await form.getByRole("textbox", { name: "Nome" }).fill("Paolo");
  await form.getByRole("textbox", { name: "Email" }).fill("paolo@example.it");
  await form.getByRole("button", { name: "Invia messaggio" }).click();
  await expect(form.getByText("Per favore, compila tutti i campi.")).toBeVisible();
  await expect(toast(page, "Errore")).toContainText("Per favore, compila tutti i campi.");
});

test("a message reaches the shop's mailbox with reply-to the sender, and is stored", async ({ page }) => {
  const subject = "Disponibilità pigiama in flanella";
  await openHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Scrivici un messaggio" });
  await form.getByRole("textbox", { name: "Nome" }).fill("Carla Bianchi");
  await form.getByRole("textbox", { name: "Email" }).fill("carla.bianchi@example.it");
  await form.getByRole("textbox", { name: "Oggetto" }).fill(subject);
  await form
    .getByRole("textbox", { name: "Messaggio" })
    .fill("Buongiorno,\navete il pigiama Notte Serena in taglia M?");
  await form.getByRole("button", { name: "Invia messaggio" }).click();

  await expect(toast(page, "Messaggio inviato!")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Oggetto" })).toHaveValue("");

  const email = await readEmail(shop.email, subject);
  expect(email.replyTo).toEqual(["carla.bianchi@example.it"]);
  expect(email.text).toContain("Carla Bianchi");
  expect(email.text).toContain("avete il pigiama Notte Serena in taglia M?");

  const [stored] = await messagesWithSubject(subject);
  expect(stored).toMatchObject({ name: "Carla Bianchi", email: "carla.bianchi@example.it" });
  const queued = async () => {
    const [row] = await db
      .select()
      .from(outgoingEmails)
      .where(eq(outgoingEmails.id, stored?.outgoingEmailId ?? -1));
    return row;
  };
  expect(await queued()).toMatchObject({ toAddress: shop.email, replyTo: "carla.bianchi@example.it" });
  await expect.poll(async () => (await queued())?.status).toBe("sent");
});

const fields = (subject: string) => ({
  name: "Spam",
  email: "spam@example.com",
  subject,
  message: "Offerta imperdibile",
});

test("a post from another site is refused and nothing is stored", async ({ page }) => {
  const subject = "Da un altro sito";
  const response = await page.request.post("/contact", {
    form: fields(subject),
    headers: { Origin: "https://altro-sito.example" },
  });
  expect(response.status()).toBe(403);
  expect(await messagesWithSubject(subject)).toHaveLength(0);
});

test("a bot that fills the hidden field gets the usual answer, and nothing is stored", async ({ page }) => {
  const subject = "Dal robot";
  const response = await page.request.post("/contact", {
    form: { ...fields(subject), website: "https://spam.example" },
    headers: { Origin: baseURL },
  });
  expect(response.status()).toBe(200);
  expect(await messagesWithSubject(subject)).toHaveLength(0);

  // The same post without the hidden field is stored: the check above could fail.
  await page.request.post("/contact", { form: fields("Da una persona"), headers: { Origin: baseURL } });
  expect(await messagesWithSubject("Da una persona")).toHaveLength(1);
});

test("the hidden field is out of sight and out of the tab order", async ({ page }) => {
  await openHydrated(page, "/contact");
  const form = page.getByRole("form", { name: "Scrivici un messaggio" });
  const trap = form.getByRole("textbox", { name: "Non compilare questo campo" });
  await expect(trap).toHaveAttribute("tabindex", "-1");
  // Clipped to a single pixel, as screen-reader-only content is.
  const area = await trap.evaluate((input) => {
    const box = (input.parentElement as HTMLElement).getBoundingClientRect();
    return box.width * box.height;
  });
  expect(area).toBeLessThanOrEqual(1);
});

import { desc, eq } from "drizzle-orm";
import { blogComments, blogPosts, blogRatings } from "../../app/db/schema";
import { createConfirmedUser } from "../../app/modules/accounts/provisioning.server";
import { voterKey } from "../../app/modules/blog/visitor.server";
import { e2eDatabase } from "./support/database";
import { openHydrated, skipCookieBannerAndPopup, toast } from "./support/page";
import { expect, test } from "./support/test";

// The blog: the list with its featured post and category tabs, an article with its table of
// contents, the five-star rating and the comments.

const db = e2eDatabase();

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

async function postId(slug: string): Promise<number> {
  const [post] = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, slug));
  return (post as { id: number }).id;
}

test("the list features the Parisian-style post, then every other post in category tabs", async ({ page }) => {
  await openHydrated(page, "/blog");
  const featured = page.getByRole("region", { name: "Articolo in evidenza" });
  await expect(featured.getByRole("heading", { level: 2 })).toHaveText(
    "I segreti dello stile parigino: eleganza senza sforzo",
  );
  await expect(featured).toContainText("18 settembre 2026");
  await expect(featured).toContainText("Anna Bruno");

  const tabs = page.getByRole("tablist", { name: "Categorie" });
  await expect(tabs.getByRole("tab")).toHaveText(["Tutti", "Cura dei capi", "Guide", "Novità"]);
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("article")).toHaveCount(6);
  // Newest first.
  await expect(panel.getByRole("article").first().getByRole("heading")).toHaveText(
    "Arriva in negozio la collezione autunno-inverno 2026",
  );

  await tabs.getByRole("tab", { name: "Guide" }).click();
  await expect(panel.getByRole("article")).toHaveCount(3);
  for (const card of await panel.getByRole("article").all()) await expect(card).toContainText("Guide");
  await expect(panel.getByRole("link", { name: /^Leggi di più/ })).toHaveCount(3);
});

test("a visitor reads an article and jumps through its table of contents", async ({ page }) => {
  await openHydrated(page, "/blog");
  await page.getByRole("link", { name: "Leggi di più: Lavare la lana senza rovinarla: sei regole d'oro" }).click();
  await expect(page).toHaveURL(/\/blog\/lavare-la-lana-senza-rovinarla$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Lavare la lana senza rovinarla: sei regole d'oro");
  await expect(page.getByTestId("article-rating")).toHaveText(/4,6 su 5 \(5 voti\)/);

  const toc = page.getByRole("navigation", { name: "In questo articolo" });
  await expect(toc.getByRole("link")).toHaveCount(6);
  const target = page.getByRole("heading", { name: "5. Pelucchi e stiratura" });
  await expect(target).not.toBeInViewport();
  await toc.getByRole("link", { name: "5. Pelucchi e stiratura" }).click();
  await expect(page).toHaveURL(/#5-pelucchi-e-stiratura$/);
  await expect(target).toBeInViewport();
  await expect(target).toHaveAttribute("id", "5-pelucchi-e-stiratura");
});

test("a vote shows the thanks at once, is saved once per visitor and a second vote replaces it", async ({
  page,
  context,
}) => {
  const slug = "slip-boxer-o-parigamba";
  const id = await postId(slug);
  const votes = () =>
    db.select().from(blogRatings).where(eq(blogRatings.postId, id)).orderBy(desc(blogRatings.updatedAt));
  const before = await votes();
  const average = (ratings: number[]) =>
    (ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length).toLocaleString("it-IT", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });

  await openHydrated(page, `/blog/${slug}`);
  await page.getByRole("button", { name: "5 stelle su 5" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Grazie per il tuo voto!" })).toBeVisible();
  await expect(toast(page, "Grazie per il tuo voto!")).toBeVisible();
  // Saved, then the article reloads with the new average and count.
  const withFive = [...before.map((vote) => vote.rating), 5];
  await expect(page.getByTestId("article-rating")).toHaveText(`${average(withFive)} su 5 (${withFive.length} voti)`);
  const cookie = (await context.cookies()).find((c) => c.name === "vetrina_visitor");
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });

  await page.getByRole("button", { name: "2 stelle su 5" }).click();
  const withTwo = [...before.map((vote) => vote.rating), 2];
  await expect(page.getByTestId("article-rating")).toHaveText(`${average(withTwo)} su 5 (${withTwo.length} voti)`);
  const after = await votes();
  expect(after).toHaveLength(before.length + 1);
  expect(after[0]?.rating).toBe(2);
  // Still this visitor's vote after a reload.
  await openHydrated(page, `/blog/${slug}`);
  await expect(page.getByRole("button", { name: "2 stelle su 5" })).toHaveAttribute("aria-pressed", "true");

  // A new visitor (no cookie) adds a vote of their own.
  await context.clearCookies();
  await openHydrated(page, `/blog/${slug}`);
  await page.getByRole("button", { name: "4 stelle su 5" }).click();
  await expect(page.getByTestId("article-rating")).toHaveText(new RegExp(`\\(${before.length + 2} voti\\)`));
});

test("a comment needs a name and a text, then appears first, as plain text, and the form is cleared", async ({
  page,
}) => {
  const slug = "bikini-o-intero-come-scegliere-il-costume";
  await openHydrated(page, `/blog/${slug}`);
  const comments = page.getByRole("region", { name: /^Commenti/ });
  const heading = comments.getByRole("heading", { name: /^Commenti \(\d+\)$/ });
  const count = Number((await heading.textContent())?.match(/\d+/)?.[0]);

  await comments.getByRole("textbox", { name: "Nome" }).fill("Marta");
  await comments.getByRole("button", { name: "Invia commento" }).click();
  await expect(comments.getByText("Nome e commento sono obbligatori")).toBeVisible();
  await expect(toast(page, "Errore")).toContainText("Nome e commento sono obbligatori");

  const text = "Ho scelto l'intero <b>senza</b> ferretto: comodissimo!";
  await comments.getByRole("textbox", { name: "Commento" }).fill(text);
  await comments.getByRole("button", { name: "Invia commento" }).click();
  await expect(toast(page, "Commento inviato!")).toContainText("Grazie per il tuo contributo.");
  await expect(heading).toHaveText(`Commenti (${count + 1})`);
  await expect(comments.getByRole("listitem").first()).toContainText("Marta");
  await expect(comments.getByRole("listitem").first()).toContainText(text);
  await expect(comments.locator("b")).toHaveCount(0);
  await expect(comments.getByRole("textbox", { name: "Commento" })).toHaveValue("");
  await expect(comments.getByRole("textbox", { name: "Nome" })).toHaveValue("Marta");

  const [stored] = await db
    .select()
    .from(blogComments)
    .where(eq(blogComments.postId, await postId(slug)))
    .orderBy(desc(blogComments.id))
    .limit(1);
  expect(stored).toMatchObject({ author: "Marta", content: text, userId: null });
});

test("a signed-in customer comments under their first name, locked, and votes as themselves", async ({ page }) => {
  const slug = "collezione-autunno-inverno-2026";
  const email = "lucia.ferri@example.it";
  const password = "Pigiama#Flanella26";
  const userId = await createConfirmedUser(db, { email, password, name: "Lucia Ferri", role: "customer" });

  await openHydrated(page, `/auth?redirectTo=/blog/${slug}`);
  const login = page.getByRole("tabpanel");
  await login.getByRole("textbox", { name: "Email" }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Accedi" }).click();
  await expect(page).toHaveURL(new RegExp(`/blog/${slug}$`));

  const form = page.getByRole("form", { name: "Lascia un commento" });
  await expect(form.getByRole("textbox", { name: "Nome" })).toHaveValue("Lucia");
  await expect(form.getByRole("textbox", { name: "Nome" })).toHaveAttribute("readonly", "");
  await form.getByRole("textbox", { name: "Commento" }).fill("Li ho già visti in negozio, bellissimi.");
  await form.getByRole("button", { name: "Invia commento" }).click();
  await expect(toast(page, "Commento inviato!")).toBeVisible();
  const [stored] = await db.select().from(blogComments).orderBy(desc(blogComments.id)).limit(1);
  expect(stored).toMatchObject({ author: "Lucia", userId });

  await page.getByRole("button", { name: "3 stelle su 5" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Grazie per il tuo voto!" })).toBeVisible();
  await expect
    .poll(async () => {
      const [vote] = await db
        .select()
        .from(blogRatings)
        .where(eq(blogRatings.voterKey, voterKey({ userId })));
      return vote?.rating;
    })
    .toBe(3);
});

test("the submit button waits while a comment is being sent", async ({ page }) => {
  await openHydrated(page, "/blog/lingerie-in-pizzo-come-lavarla");
  // Hold the answer back until the disabled button has been seen.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/blog/lingerie-in-pizzo-come-lavarla*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  const form = page.getByRole("form", { name: "Lascia un commento" });
  await form.getByRole("textbox", { name: "Nome" }).fill("Irene");
  await form.getByRole("textbox", { name: "Commento" }).fill("Grazie dei consigli sul pizzo.");
  await form.getByRole("button", { name: "Invia commento" }).click();
  await expect(form.getByRole("button", { name: "Invio in corso…" })).toBeDisabled();
  release();
  await expect(toast(page, "Commento inviato!")).toBeVisible();
  await expect(form.getByRole("button", { name: "Invia commento" })).toBeEnabled();
});

test("an article tells search engines what it is", async ({ page }) => {
  await openHydrated(page, "/blog/segreti-stile-parigino");
  const jsonLd = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((scripts) => scripts.map((script) => JSON.parse(script.textContent ?? "{}")));
  const posting = jsonLd.find((entry) => entry["@type"] === "BlogPosting");
  expect(posting).toMatchObject({
    headline: "I segreti dello stile parigino: eleganza senza sforzo",
    author: { "@type": "Person", name: "Anna Bruno" },
    datePublished: "2026-09-18T08:00:00.000Z",
  });
  expect(posting.url).toMatch(/\/blog\/segreti-stile-parigino$/);
  await expect(page).toHaveTitle(/I segreti dello stile parigino/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/blog\/segreti-stile-parigino$/);
});

test("an unknown article answers 404 with 'Articolo non trovato'", async ({ page }) => {
  const response = await page.goto("/blog/articolo-che-non-esiste");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Articolo non trovato");
});

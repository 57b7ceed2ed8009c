import { eq } from "drizzle-orm";
import { sessions } from "../../app/db/schema";
import { totpCode } from "../support/second-factor";
import { accountMenu, createUser, fillLogin, fillSecondFactor, type TestUser } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// Admins and their second factor, in the browser: the set-up at the first login, then the code (or
// a recovery code) at every login, with and without JavaScript; and the idle timeout.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

const thirtySeconds = 30_000;

/** The set-up page after the password: confirms it and reads the key the page shows, as a person would type it. */
async function startSetup(page: Page, user: TestUser): Promise<string> {
  await expect(page).toHaveURL(`${baseURL}/auth/attiva-due-passaggi?redirectTo=%2Fadmin%2Forders`);
  await expect(page.getByRole("heading", { name: "Attiva la verifica in due passaggi" })).toBeVisible();
  await page.getByLabel("Per iniziare, conferma la tua password").fill("Sbagliata#2024");
  await page.getByRole("button", { name: "Continua" }).click();
  await expect(page.getByText("Password non corretta")).toBeVisible();
  await page.getByLabel("Per iniziare, conferma la tua password").fill(user.password);
  await page.getByRole("button", { name: "Continua" }).click();

  await expect(
    page.getByRole("img", { name: `Codice QR per aggiungere ${user.email} all'app di autenticazione` }),
  ).toBeVisible();
  const uri = (await page.getByText(/^otpauth:\/\/totp\//).textContent()) ?? "";
  expect(uri).toContain(`otpauth://totp/Vetrina:${encodeURIComponent(user.email)}?secret=`);
  const key = (await page.getByText(/^([A-Z2-7]{4} )+[A-Z2-7]{1,4}$/).textContent()) ?? "";
  expect(key.replaceAll(" ", "")).toBe(new URL(uri).searchParams.get("secret"));
  return key;
}

test("an admin sets up the app at the first login, keeps the recovery codes, then logs in with a code", async ({
  page,
}) => {
  const requests: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  const admin = await createUser("admin", "Ada Admin", { secondFactor: false });

  await openHydrated(page, "/auth?redirectTo=%2Fadmin%2Forders");
  await fillLogin(page, admin.email, admin.password);
  const key = await startSetup(page, admin);

  const codeField = page.getByLabel("Codice di 6 cifre che l'app mostra per Vetrina");
  await codeField.fill("12345");
  await page.getByRole("button", { name: "Attiva la verifica" }).click();
  await expect(page.getByText("Inserisci il codice di 6 cifre che mostra l'app")).toBeVisible();
  await codeField.fill(totpCode(key));
  await page.getByRole("button", { name: "Attiva la verifica" }).click();

  await expect(page.getByRole("heading", { name: "Verifica in due passaggi attiva" })).toBeVisible();
  const codes = page.getByRole("list", { name: "Codici di recupero" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  const recoveryCode = (await codes.first().textContent()) ?? "";
  expect(recoveryCode).toMatch(/^\w{5}-\w{5}$/);
  await page.getByRole("link", { name: "Ho salvato i codici: continua" }).click();
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();
  // The QR code was drawn by the server: nothing left the shop.
  expect(requests.filter((url) => !url.startsWith(baseURL))).toEqual([]);

  await page.getByRole("navigation", { name: "Amministrazione" }).getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(`${baseURL}/`);

  // The password alone no longer opens the admin area.
  await openHydrated(page, "/auth?redirectTo=%2Fadmin%2Forders");
  await fillLogin(page, admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Verifica in due passaggi" })).toBeVisible();
  await page.goto("/admin/orders");
  await expect(page).toHaveURL(`${baseURL}/`);

  await openHydrated(page, "/auth?redirectTo=%2Fadmin%2Forders");
  await fillLogin(page, admin.email, admin.password);
  await page.getByLabel("Codice di verifica").fill("000000");
  await page.getByRole("button", { name: "Verifica", exact: true }).click();
  await expectToast(page, "Verifica non riuscita", "Codice non valido");
  // The code of the set-up counts once: the app's next one.
  await fillSecondFactor(page, key, Date.now() + thirtySeconds);
  await expectToast(page, "Login riuscito", "Benvenuto nel tuo account");
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();
});

test("an admin without the phone logs in with a recovery code, once", async ({ page }) => {
  const admin = await createUser("admin");
  const recoveryCode = admin.secondFactor?.recoveryCodes[0] ?? "";

  await openHydrated(page, "/");
  await page.getByRole("link", { name: "Accedi / Registrati" }).click();
  const dialog = page.getByRole("dialog", { name: "Accedi al tuo Account" });
  await dialog.getByLabel("Email", { exact: true }).fill(admin.email);
  await dialog.getByLabel("Password", { exact: true }).fill(admin.password);
  await dialog.getByRole("button", { name: "Accedi", exact: true }).click();
  // From the header's dialog too, the login goes on with the second step, then back to the page.
  await expect(page).toHaveURL(`${baseURL}/auth/codice?redirectTo=%2F`);
  await expect(dialog).toBeHidden();

  await page.getByText("Non hai il telefono? Usa un codice di recupero").click();
  await page.getByLabel("Codice di recupero").fill(recoveryCode);
  await page.getByRole("button", { name: "Accedi con il codice di recupero" }).click();
  await expectToast(page, "Login riuscito");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(accountMenu(page)).toBeVisible();
  await page.goto("/admin/orders");
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

  await page.context().clearCookies();
  await openHydrated(page, "/auth");
  await fillLogin(page, admin.email, admin.password);
  await page.getByText("Non hai il telefono? Usa un codice di recupero").click();
  await page.getByLabel("Codice di recupero").fill(recoveryCode);
  await page.getByRole("button", { name: "Accedi con il codice di recupero" }).click();
  await expectToast(page, "Verifica non riuscita", "Codice di recupero non valido, o già usato.");
});

test("after 30 minutes without a request the admin logs in again", async ({ page }) => {
  const admin = await createUser("admin");
  await openHydrated(page, "/auth?redirectTo=%2Fadmin%2Forders");
  await fillLogin(page, admin.email, admin.password);
  await fillSecondFactor(page, admin.secondFactor?.secret ?? "");
  await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

  await e2eDatabase()
    .update(sessions)
    .set({ updatedAt: new Date(Date.now() - 31 * 60_000) })
    .where(eq(sessions.userId, admin.id));
  await page.getByRole("navigation", { name: "Amministrazione" }).getByRole("link", { name: "Prodotti" }).click();
  await expect(page).toHaveURL(`${baseURL}/auth?redirectTo=%2Fadmin%2Fproducts&sessione=scaduta`);
  await expect(page.getByRole("status").filter({ hasText: "La sessione di amministrazione è scaduta" })).toBeVisible();

  await fillLogin(page, admin.email, admin.password);
  await fillSecondFactor(page, admin.secondFactor?.secret ?? "", Date.now() + thirtySeconds);
  await expect(page.getByRole("heading", { name: "Gestione Prodotti" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the set-up and the login with a code work too", async ({ page }) => {
    const admin = await createUser("admin", "Ada Admin", { secondFactor: false });
    await page.goto("/auth?redirectTo=%2Fadmin%2Forders");
    await fillLogin(page, admin.email, admin.password);
    const key = await startSetup(page, admin);
    await page.getByLabel("Codice di 6 cifre che l'app mostra per Vetrina").fill(totpCode(key));
    await page.getByRole("button", { name: "Attiva la verifica" }).click();
    await expect(page.getByRole("list", { name: "Codici di recupero" }).getByRole("listitem")).toHaveCount(10);
    await page.getByRole("link", { name: "Ho salvato i codici: continua" }).click();
    await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();

    await page.context().clearCookies();
    await page.goto("/auth?redirectTo=%2Fadmin%2Forders");
    await fillLogin(page, admin.email, admin.password);
    await expect(page).toHaveURL(`${baseURL}/auth/codice?redirectTo=%2Fadmin%2Forders`);
    await page.getByLabel("Codice di verifica").fill("000000");
    await page.getByRole("button", { name: "Verifica", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Verifica non riuscita: Codice non valido");
    await fillSecondFactor(page, key, Date.now() + thirtySeconds);
    await expect(page.getByRole("heading", { name: "Gestione Ordini" })).toBeVisible();
  });
});

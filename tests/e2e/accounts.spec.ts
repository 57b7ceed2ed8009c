import { eq } from "drizzle-orm";
import { accounts, outgoingEmails, sessions, users } from "../../app/db/schema";
import { profileRow, testPassword, uniqueEmail } from "../support/fixtures";
import { accountMenu, createUser, fillLogin, labelDownload, logIn, placeOrder } from "./support/accounts";
import { e2eDatabase } from "./support/database";
import { cartItem, everydayProduct } from "./support/demo-products";
import { linkIn, readEmail } from "./support/mailbox";
import { expectToast, openHydrated, skipCookieBannerAndPopup, waitForHydration } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// Accounts with the real SMTP sink: sign-up and confirmation, login, profile, logout, password
// reset, and the customer's orders.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

async function userRow(email: string) {
  const [user] = await e2eDatabase().select().from(users).where(eq(users.email, email));
  return user;
}

/** Fills the /auth page's sign-up form with valid data, ticks both boxes and sends it. */
async function fillRegistration(page: Page, name: string, email: string) {
  await page.getByLabel("Nome", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(testPassword);
  await page.getByLabel("Conferma Password").fill(testPassword);
  await page.getByLabel(/Termini di Servizio/).check();
  await page.getByLabel(/Informativa sulla Privacy/).check();
  await page.getByRole("button", { name: "Registrati" }).click();
}

test("register, confirm by e-mail, log in, edit the profile and log out", async ({ page, context }) => {
  const email = uniqueEmail("nuovo");
  await openHydrated(page, "/");

  await page.getByRole("link", { name: "Accedi / Registrati" }).click();
  const dialog = page.getByRole("dialog", { name: "Accedi al tuo Account" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "Registrati" }).click();
  const register = page.getByRole("dialog", { name: "Crea un Account" });
  await expect(register).toBeVisible();

  await register.getByRole("button", { name: "Registrati" }).click();
  for (const message of [
    "Il nome deve contenere almeno 2 caratteri",
    "Email non valida",
    "La password deve essere di almeno 8 caratteri",
    "Devi accettare i Termini di Servizio",
    "Devi accettare l'Informativa sulla Privacy",
  ]) {
    await expect(register.getByText(message, { exact: true }).first()).toBeVisible();
  }

  await register.getByLabel("Nome", { exact: true }).fill("Giulia Maria Rossi");
  await register.getByLabel("Email", { exact: true }).fill(email);
  await register.getByLabel("Password", { exact: true }).fill("password");
  await register.getByLabel("Conferma Password").fill("altra-password");
  await register.getByRole("button", { name: "Registrati" }).click();
  await expect(
    register.getByText(
      "La password deve contenere almeno 8 caratteri, inclusi maiuscoli, minuscoli, numeri e caratteri speciali",
    ),
  ).toBeVisible();
  await expect(register.getByText("Le password non corrispondono", { exact: true })).toBeVisible();

  await expect(register.getByRole("link", { name: "Termini di Servizio" })).toHaveAttribute("href", "/terms");
  await expect(register.getByRole("link", { name: "Informativa sulla Privacy" })).toHaveAttribute("href", "/privacy");
  await register.getByLabel(/Termini di Servizio/).check();
  await register.getByLabel(/Informativa sulla Privacy/).check();
  // Strong by the rule, but among the most common: the server refuses it under the field.
  await register.getByLabel("Password", { exact: true }).fill("Qwerty123!");
  await register.getByLabel("Conferma Password").fill("Qwerty123!");
  await register.getByRole("button", { name: "Registrati" }).click();
  await expect(register.getByText("Questa password è troppo comune: scegline una meno prevedibile.")).toBeVisible();

  await register.getByLabel("Password", { exact: true }).fill(testPassword);
  await register.getByLabel("Conferma Password").fill(testPassword);
  await register.getByRole("button", { name: "Registrati" }).click();

  await expectToast(page, "Registrazione completata", "Ti abbiamo inviato un'email di conferma");
  await expect(register.getByRole("heading", { name: "Verifica la tua email" })).toBeVisible();
  await expect(register).toContainText(`Ti abbiamo inviato un link di verifica all'indirizzo ${email}.`);
  await expect(register).toContainText("spam");

  const user = await userRow(email);
  expect(user?.emailVerified).toBe(false);
  expect(await profileRow(e2eDatabase(), user?.id ?? "")).toMatchObject({
    role: "customer",
    firstName: "Giulia",
    lastName: "Maria Rossi",
    termsAccepted: true,
    privacyAccepted: true,
  });
  const [account] = await e2eDatabase()
    .select()
    .from(accounts)
    .where(eq(accounts.userId, user?.id ?? ""));
  expect(account?.password).toMatch(/^\$argon2id\$/);

  const confirmation = await readEmail(email, "Conferma il tuo indirizzo email");
  expect(confirmation.text).toContain("Ciao Giulia,");
  expect(confirmation.html).toContain("Conferma la tua email");
  await page.goto(linkIn(confirmation, `${baseURL}/auth?token=`));
  // The token leaves the address bar, and opening the link alone (as a mail scanner does) confirms nothing.
  await expect(page).toHaveURL(`${baseURL}/auth`);
  expect((await userRow(email))?.emailVerified).toBe(false);
  await waitForHydration(page);
  await page.getByRole("button", { name: "Conferma email" }).click();
  await expect(page.getByRole("status")).toContainText("Email confermata! Il tuo account è attivo: ora puoi accedere.");
  expect((await userRow(email))?.emailVerified).toBe(true);

  await fillLogin(page, email, testPassword);
  await expectToast(page, "Login riuscito", "Benvenuto nel tuo account");
  await expect(page).toHaveURL(`${baseURL}/`);

  const [cookie] = (await context.cookies()).filter((cookie) => cookie.name.endsWith("session_token"));
  expect(cookie).toMatchObject({
    name: "__Secure-vetrina.session_token",
    httpOnly: true,
    secure: true,
    sameSite: "Lax",
    path: "/",
  });

  await accountMenu(page).click();
  const menu = page.getByRole("navigation", { name: "Menu del mio account" });
  await expect(page.getByRole("paragraph").filter({ hasText: /^Il mio account$/ })).toBeVisible();
  await expect(page.getByText("Ciao, Giulia")).toBeVisible();
  await expect(menu.getByRole("link", { name: "I miei ordini" })).toHaveAttribute("href", "/orders");
  await expect(menu.getByRole("button", { name: "Logout" })).toBeVisible();
  await menu.getByRole("link", { name: "Profilo" }).click();
  await expect(page).toHaveURL(/\/profile$/);

  await expect(page.getByRole("tab", { name: "Profilo" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByLabel("Nome", { exact: true })).toHaveValue("Giulia");
  await expect(page.getByLabel("Cognome")).toHaveValue("Maria Rossi");
  await expect(page.getByLabel("Paese")).toHaveValue("Italia");
  await page.getByLabel("Telefono").fill("12345");
  await page.getByLabel("CAP").fill("1204");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Numero di telefono richiesto")).toBeVisible();
  await expect(page.getByText("CAP richiesto")).toBeVisible();
  await expect(page.getByText("Indirizzo richiesto")).toBeVisible();
  await expect(page.getByText("Città richiesta")).toBeVisible();
  await expect(page.getByText("Provincia richiesta")).toBeVisible();
  // The checkout's rules: what it would refuse, the profile does not keep.
  await page.getByLabel("Telefono").fill("telefono");
  await page.getByLabel("CAP").fill("ABCDE");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expect(page.getByText("Il numero di telefono può contenere solo cifre, spazi e il simbolo '+'")).toBeVisible();
  await expect(page.getByText("Il CAP è di 5 cifre")).toBeVisible();

  await page.getByLabel("Telefono").fill("0172 654321");
  await page.getByLabel("Indirizzo").fill("Via Garibaldi 5");
  await page.getByLabel("Città").fill("Fossano");
  await page.getByLabel("CAP").fill("12045");
  await page.getByLabel("Provincia").selectOption("CN");
  await page.getByLabel("Data di nascita (facoltativa)").fill("1990-05-17");
  await page.getByRole("button", { name: "Salva modifiche" }).click();
  await expectToast(page, "Profilo aggiornato", "Le tue informazioni sono state aggiornate");
  expect(await profileRow(e2eDatabase(), user?.id ?? "")).toMatchObject({
    phone: "0172 654321",
    address: "Via Garibaldi 5",
    city: "Fossano",
    postalCode: "12045",
    province: "CN",
    dateOfBirth: "1990-05-17",
  });
  // Kept on the profile, and filled in at the checkout.
  await page.reload();
  await expect(page.getByLabel("Provincia")).toHaveValue("CN");
  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, 1),
  );
  await openHydrated(page, "/cart");
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page.getByLabel("Città")).toHaveValue("Fossano");
  await expect(page.getByLabel("Provincia")).toHaveValue("CN");
  await page.evaluate(() => localStorage.setItem("shoppingCart", "[]"));
  await openHydrated(page, "/profile");

  await page.getByRole("tab", { name: "I miei ordini" }).click();
  await expect(page.getByText("Non hai ancora effettuato ordini.")).toBeVisible();

  const sessionBefore = (await context.cookies()).find((cookie) => cookie.name.endsWith("session_token"));
  await page.getByRole("main").getByRole("button", { name: "Logout" }).click();
  await expectToast(page, "Logout effettuato", "Hai effettuato il logout con successo");
  await expect(page).toHaveURL(`${baseURL}/`);
  await expect(page.getByRole("link", { name: "Accedi / Registrati" })).toBeVisible();
  expect(await e2eDatabase().$count(sessions, eq(sessions.userId, user?.id ?? ""))).toBe(0);

  // The old cookie, sent again by hand, opens nothing.
  const replay = await fetch(`${baseURL}/profile`, {
    headers: { Cookie: `${sessionBefore?.name}=${sessionBefore?.value}` },
  });
  expect(await replay.text()).toContain("Accesso richiesto");
});

test("a wrong password is refused", async ({ page, context }) => {
  const user = await createUser();
  await openHydrated(page, "/auth");
  await fillLogin(page, user.email, "Sbagliata#2024");
  await expectToast(page, "Errore di login", "Email o password non validi");
  await expect(page).toHaveURL(/\/auth$/);
  expect((await context.cookies()).some((cookie) => cookie.name.endsWith("session_token"))).toBe(false);
  expect(await e2eDatabase().$count(sessions, eq(sessions.userId, user.id))).toBe(0);
});

test("an unconfirmed account cannot log in, and can ask for the e-mail again", async ({ page }) => {
  const email = uniqueEmail("nuovo");
  await openHydrated(page, "/auth?tab=register");
  await expect(page.getByRole("heading", { name: "Crea un Account" })).toBeVisible();
  await fillRegistration(page, "Marco Bianchi", email);
  await expect(page.getByRole("heading", { name: "Verifica la tua email" })).toBeVisible();
  await readEmail(email, "Conferma il tuo indirizzo email");

  await page.getByRole("tab", { name: "Accedi" }).click();
  await fillLogin(page, email, testPassword);
  await expectToast(page, "Errore di login", "Email non confermata. Per favore controlla la tua casella email");
  await page.getByRole("button", { name: "Invia di nuovo l'email di conferma" }).click();
  await expect(page.getByText("riceverai una nuova email di conferma")).toBeVisible();
  await expect.poll(() => e2eDatabase().$count(outgoingEmails, eq(outgoingEmails.toAddress, email))).toBe(2);
});

test("an address that already has an account cannot register again", async ({ page }) => {
  const user = await createUser();
  await openHydrated(page, "/auth?tab=register");
  await fillRegistration(page, "Anna Neri", user.email.toUpperCase());
  await expectToast(page, "Errore di registrazione", "Esiste già un account con questa email");
});

test("forgot password: reset by e-mail, then only the new password works", async ({ page, browser }) => {
  const user = await createUser();
  // A session on another device, which the reset must end.
  const otherDevice = await browser.newContext();
  const otherPage = await otherDevice.newPage();
  await logIn(otherPage, user);

  await openHydrated(page, "/auth");
  await page.getByRole("link", { name: "Password dimenticata?" }).click();
  await page.getByRole("link", { name: "Annulla" }).click();
  await page.getByRole("link", { name: "Password dimenticata?" }).click();
  await page.getByRole("button", { name: "Invia link di reset" }).click();
  await expectToast(page, "Email richiesta", "Inserisci la tua email per ricevere il link di reset");

  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByRole("button", { name: "Invia link di reset" }).click();
  await expectToast(page, "Email inviata", "Controlla la tua email per il link di reset della password");
  await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();
  await expect(
    page.getByText("Se hai un account, riceverai un'email con un link per reimpostare la password."),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Torna al login" })).toBeVisible();

  const resetEmail = await readEmail(user.email, "Reimposta la tua password");
  const link = linkIn(resetEmail, `${baseURL}/reset-password?token=`);
  await page.goto(link);
  // The token leaves the address bar at once.
  await expect(page).toHaveURL(`${baseURL}/reset-password`);
  await expect(page.getByText(`Nuova password per ${user.email}`)).toBeVisible();
  await waitForHydration(page);
  await page.getByLabel("Nuova password", { exact: true }).fill("Corta#1");
  await page.getByLabel("Conferma nuova password").fill("Diversa#2024");
  await page.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(page.getByText("La password deve essere di almeno 8 caratteri.")).toBeVisible();
  await expect(page.getByText("Le password non corrispondono.")).toBeVisible();
  // Strong by the rule, but among the most common: the server refuses it under the field.
  await page.getByLabel("Nuova password", { exact: true }).fill("Password1!");
  await page.getByLabel("Conferma nuova password").fill("Password1!");
  await page.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(page.getByText("Questa password è troppo comune: scegline una meno prevedibile.")).toBeVisible();

  const newPassword = "Nuova#Password2025";
  await page.getByLabel("Nuova password", { exact: true }).fill(newPassword);
  await page.getByLabel("Conferma nuova password").fill(newPassword);
  await page.getByRole("button", { name: "Aggiorna password" }).click();
  await expect(page.getByRole("heading", { name: "Password Aggiornata!" })).toBeVisible();
  // Then, after a few seconds, the login page.
  await expect(page).toHaveURL(/\/auth$/);

  await otherPage.goto("/profile");
  await expect(otherPage.getByRole("heading", { name: "Accesso richiesto" })).toBeVisible();
  await otherDevice.close();

  await waitForHydration(page);
  await fillLogin(page, user.email, user.password);
  await expectToast(page, "Errore di login", "Email o password non validi");
  await fillLogin(page, user.email, newPassword);
  await expectToast(page, "Login riuscito", "Benvenuto nel tuo account");

  // A used link, and no link at all, both read as invalid.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Link non valido" })).toBeVisible();
  await page.context().clearCookies();
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { name: "Link non valido" })).toBeVisible();
});

test("a reset request for an unknown address looks the same and sends nothing", async ({ page }) => {
  const email = uniqueEmail("nuovo");
  await openHydrated(page, "/auth");
  await page.getByRole("link", { name: "Password dimenticata?" }).click();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Invia link di reset" }).click();
  await expectToast(page, "Email inviata", "Controlla la tua email per il link di reset della password");
  await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();
  expect(await e2eDatabase().$count(outgoingEmails, eq(outgoingEmails.toAddress, email))).toBe(0);
});

test("the orders page shows each order with its lines, status, tracking and label", async ({ page }) => {
  const user = await createUser();
  const shipped = await placeOrder(user.id, { label: "file", createdAt: new Date("2026-03-02T10:00:00Z") });
  const lost = await placeOrder(user.id, {
    label: "missing",
    status: "processing",
    paymentStatus: "to_be_paid_in_store",
    shippingTracking: null,
    createdAt: new Date("2026-03-01T10:00:00Z"),
  });
  const onItsWay = await placeOrder(user.id, { status: "gls_closed", createdAt: new Date("2026-02-20T10:00:00Z") });
  const someoneElses = await placeOrder((await createUser()).id);

  await page.goto("/orders");
  await expect(page).toHaveURL(/\/auth\?redirectTo=%2Forders$/);
  await waitForHydration(page);
  await fillLogin(page, user.email, user.password);
  await expect(page).toHaveURL(/\/orders$/);

  const orderRows = page.getByRole("main").locator("details");
  await expect(orderRows).toHaveCount(3);
  // The courier's closed day, in a customer's words.
  await expect(orderRows.filter({ hasText: `Ordine #${onItsWay.slice(0, 8)}` }).locator("summary")).toContainText(
    "In viaggio",
  );
  await expect(page.getByText("Chiuso (GLS)")).toHaveCount(0);
  await expect(page.getByText(`Ordine #${someoneElses.slice(0, 8)}`)).toHaveCount(0);

  const first = orderRows.filter({ hasText: `Ordine #${shipped.slice(0, 8)}` });
  await expect(first.locator("summary")).toContainText("Spedito");
  await expect(first.locator("summary")).toContainText("57,90");
  await first.locator("summary").click();
  await expect(first).toContainText("Pigiama in cotone");
  await expect(first).toContainText("Qtà: 2 · Taglia: M · Colore: Blu");
  await expect(first).toContainText("Pagato");
  await expect(first).toContainText("GLS-TRACK-1");
  const popup = page.waitForEvent("popup");
  await first.getByRole("link", { name: "Scarica etichetta" }).click();
  await expect((await popup).url()).toMatch(labelDownload);

  const second = orderRows.filter({ hasText: `Ordine #${lost.slice(0, 8)}` });
  await expect(second.locator("summary")).toContainText("In Lavorazione");
  await second.locator("summary").click();
  await expect(second).toContainText("Da Pagare in Negozio");
  await second.getByRole("link", { name: "Scarica etichetta" }).click();
  await expectToast(page, "Errore Download Etichetta", "URL etichetta firmato non ricevuto dalla funzione.");
});

test("the promo bar's first-purchase discount is not offered to a customer who has ordered", async ({ page }) => {
  const promo = page.getByRole("complementary", { name: "Promozione" });
  const newcomer = await createUser();
  await logIn(page, newcomer);
  await expect(promo).toBeVisible();

  await page.context().clearCookies();
  const customer = await createUser();
  await placeOrder(customer.id, { email: customer.email, status: "completed" });
  await logIn(page, customer);
  await expect(promo).toHaveCount(0);
});

test("the mobile menu's 'Accedi / Registrati' opens the same dialog", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHydrated(page, "/");
  await page.locator('summary[aria-label="Menu"]').click();
  await page
    .getByRole("navigation", { name: "Menu principale" })
    .getByRole("link", { name: "Accedi / Registrati" })
    .click();
  await expect(page.getByRole("dialog", { name: "Accedi al tuo Account" })).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the forms still post, validate on the server and log in", async ({ page }) => {
    const user = await createUser();
    await page.goto("/auth?tab=register");
    await page.getByRole("button", { name: "Registrati" }).click();
    await expect(page.getByText("Il nome deve contenere almeno 2 caratteri")).toBeVisible();
    await expect(page.getByText("Devi accettare l'Informativa sulla Privacy")).toBeVisible();

    await page.goto("/auth");
    await fillLogin(page, user.email, "Sbagliata#2024");
    await expect(page.getByRole("alert")).toContainText("Errore di login: Email o password non validi");

    await fillLogin(page, user.email, user.password);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(accountMenu(page)).toBeVisible();

    await accountMenu(page).click();
    await page
      .getByRole("navigation", { name: "Menu del mio account" })
      .getByRole("button", { name: "Logout" })
      .click();
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("link", { name: "Accedi / Registrati" }).first()).toBeVisible();
    expect(await e2eDatabase().$count(sessions, eq(sessions.userId, user.id))).toBe(0);
  });

  test("sign-up and password reset are reached by links from /auth", async ({ page }) => {
    await page.goto("/auth");
    await page.getByRole("link", { name: "Registrati", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Crea un Account" })).toBeVisible();
    await expect(page.getByLabel("Conferma Password")).toBeVisible();
    await expect(page.locator('label[for="auth-page-register-privacyAccepted"]')).toHaveText(
      "Ho letto e accetto l'Informativa sulla Privacy",
    );

    await page.getByRole("link", { name: "Accedi", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Accedi al tuo Account" })).toBeVisible();
    await page.getByRole("link", { name: "Password dimenticata?" }).click();
    await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("smemorata"));
    await page.getByRole("button", { name: "Invia link di reset" }).click();
    await expect(page.getByRole("heading", { name: "Controlla la tua email" })).toBeVisible();
    await page.getByRole("link", { name: "Torna al login" }).click();
    await expect(page.getByRole("button", { name: "Accedi", exact: true })).toBeVisible();
  });

  test("a typed /logout leads home, signed in as before", async ({ page }) => {
    const user = await createUser();
    await page.goto("/auth");
    await fillLogin(page, user.email, user.password);
    await expect(accountMenu(page)).toBeVisible();

    const response = await page.goto("/logout");
    expect(response?.status()).toBe(200);
    await expect(page).toHaveURL(`${baseURL}/`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(accountMenu(page)).toBeVisible();
  });
});

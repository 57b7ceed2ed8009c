import { and, eq } from "drizzle-orm";
import { products, productVariants, userProfiles } from "../../app/db/schema";
import { formatEuro } from "../../app/modules/format/numbers";
import { shop } from "../../app/modules/shop/identity";
import { insertOrder, uniqueEmail } from "../support/fixtures";
import { createUser, logIn } from "./support/accounts";
import { e2eDatabase, latestOrderOf } from "./support/database";
import { cartItem, everydayProduct, preselected } from "./support/demo-products";
import { linkIn, readEmail } from "./support/mailbox";
import { expectToast, openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { baseURL } from "./support/ports";
import { expect, type Page, test } from "./support/test";

// The checkout as shoppers go through it: the two steps, the sandbox's payment page, the success
// page, the confirmation e-mail from the SMTP sink, and what the database then holds.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

const unitPrice = everydayProduct.priceCents as number;
const { color, size } = preselected(everydayProduct);

/** Puts `quantity` of the everyday product in the browser's cart and goes to the checkout from the cart page. */
async function checkoutWith(page: Page, quantity = 1) {
  await page.goto("/chi-siamo");
  await page.evaluate(
    (item) => localStorage.setItem("shoppingCart", JSON.stringify([item])),
    cartItem(everydayProduct, quantity),
  );
  await openHydrated(page, "/cart");
  await page.getByRole("button", { name: "Procedi al checkout" }).click();
  await expect(page).toHaveURL(`${baseURL}/checkout`);
  await expect(page.getByTestId("summary-line")).toHaveCount(1);
}

async function fillContact(page: Page, email: string) {
  await page.getByLabel("Nome e cognome").fill("Chiara Bianchi");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Telefono").fill("+39 333 1234567");
}

async function fillAddress(page: Page) {
  await page.getByLabel("Indirizzo", { exact: true }).fill("Corso Italia 12");
  await page.getByLabel("Città").fill("Torino");
  await page.getByLabel("CAP").fill("10121");
  await page.getByLabel("Provincia").selectOption("TO");
}

async function variantStock(): Promise<number> {
  const [variant] = await e2eDatabase()
    .select({ stock: productVariants.stock })
    .from(productVariants)
    .where(
      and(
        eq(productVariants.productId, everydayProduct.id),
        eq(productVariants.colorName, color ?? ""),
        eq(productVariants.size, size ?? ""),
      ),
    );
  return variant?.stock ?? -1;
}

/** The sandbox's payment page: pays, and lands on the success page. */
async function payOnSandbox(page: Page, amountCents: number) {
  await expect(page).toHaveURL(/\/pagamento-di-prova\/sbx_cs_/);
  await expect(page.getByTestId("sandbox-amount")).toHaveText(formatEuro(amountCents));
  await page.getByRole("button", { name: `Paga ${formatEuro(amountCents)}` }).click();
  await expect(page).toHaveURL(/\/checkout-success\?session_id=sbx_cs_/);
}

test("a guest pays a home delivery through the payment page and gets the confirmation e-mail", async ({ page }) => {
  const email = uniqueEmail("ospite");
  const stockBefore = await variantStock();
  await checkoutWith(page, 2);

  // Guests are offered the login; the side summary shows the lines and a provisional total.
  await expect(page.getByRole("link", { name: "Accedi", exact: true })).toBeVisible();
  await expect(page.getByTestId("summary-provisional-total")).toHaveText(formatEuro(unitPrice * 2));
  await expect(
    page.getByText("Sconti e spese di spedizione vengono calcolati nel passaggio successivo."),
  ).toBeVisible();

  await fillContact(page, email);
  await page.getByLabel("Telefono").focus();
  // The first-order check, as the shopper leaves the e-mail field.
  await expectToast(page, "Sconto Applicato!", "10%");
  await fillAddress(page);
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();

  await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
  const discount = Math.floor((unitPrice * 2 * 10 + 50) / 100);
  const goods = unitPrice * 2 - discount;
  const shipping = goods >= 10000 ? 0 : 790;
  await expect(page.getByText("Corso Italia 12")).toBeVisible();
  await expect(page.getByText("10121 Torino (TO)")).toBeVisible();
  await expect(page.getByText("Sconto primo ordine (10%)")).toBeVisible();
  await expect(page.getByTestId("final-discount")).toHaveText(`−${formatEuro(discount)}`);
  await expect(page.getByTestId("final-shipping")).toHaveText(shipping === 0 ? "Gratuita" : formatEuro(shipping));
  await expect(page.getByTestId("final-total")).toHaveText(formatEuro(goods + shipping));
  await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();

  await payOnSandbox(page, goods + shipping);
  await expect(page.getByRole("heading", { name: "Grazie, il tuo ordine è confermato!" })).toBeVisible();
  await expect(page.getByTestId("success-line")).toContainText(everydayProduct.name);
  await expect(page.getByTestId("success-total")).toHaveText(formatEuro(goods + shipping));
  await expect(page.getByText("3-5 giorni lavorativi")).toBeVisible();
  // The cart is done with.
  await expect(page.getByTestId("cart-count")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("shoppingCart"))).toBe("[]");
  // The first purchase is made: the promo bar's first-purchase discount is no longer offered.
  await openHydrated(page, "/chi-siamo");
  await expect(page.getByRole("complementary", { name: "Promozione" })).toHaveCount(0);

  const order = await latestOrderOf(email);
  expect(order).toMatchObject({ status: "processing", paymentStatus: "paid", totalCents: goods + shipping });
  expect(await variantStock()).toBe(stockBefore - 2);

  const confirmation = await readEmail(email, "Conferma ordine");
  for (const text of [
    shop.seller.legalName,
    `P.IVA ${shop.seller.vatNumber}`,
    `2 × ${everydayProduct.name} (taglia ${size}, colore ${color})`,
    `Totale (IVA inclusa): ${formatEuro(goods + shipping)}`,
    "Pagato online",
    "Modulo di recesso tipo".toUpperCase(),
    "garanzia legale di conformità di 2 anni",
  ]) {
    expect(confirmation.text).toContain(text);
  }
  expect(linkIn(confirmation, `${baseURL}/recesso?ordine=`)).toContain((order?.id ?? "").slice(0, 8));
});

test("a signed-in customer finds the form filled in and collects in the shop, paid online", async ({ page }) => {
  const user = await createUser("customer", "Marta Colombo");
  await e2eDatabase()
    .update(userProfiles)
    .set({ phone: "0172 55555", address: "Via Garibaldi 3", city: "Cuneo", postalCode: "12100" })
    .where(eq(userProfiles.id, user.id));
  await logIn(page, user);
  await checkoutWith(page);

  await expect(page.getByRole("link", { name: "Accedi", exact: true })).toHaveCount(0);
  await expect(page.getByLabel("Nome e cognome")).toHaveValue("Marta Colombo");
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(user.email);
  await expect(page.getByLabel("Telefono")).toHaveValue("0172 55555");
  await expect(page.getByLabel("Indirizzo", { exact: true })).toHaveValue("Via Garibaldi 3");

  await page.getByText("Ritiro in negozio", { exact: true }).click();
  // A pickup asks no address.
  await expect(page.getByLabel("Indirizzo", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(page.getByTestId("final-shipping")).toHaveText("Gratuita");
  const total = unitPrice - Math.floor((unitPrice * 10 + 50) / 100);
  await expect(page.getByTestId("final-total")).toHaveText(formatEuro(total));
  await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();
  await payOnSandbox(page, total);

  await expect(page.getByRole("heading", { name: "Dove ritirare" })).toBeVisible();
  await expect(page.getByText("Orari di apertura")).toBeVisible();
  expect(await latestOrderOf(user.email)).toMatchObject({
    status: "processing",
    deliveryMethod: "pickup",
    userId: user.id,
  });

  await page.goto("/orders");
  await expect(page.getByText("In Lavorazione")).toBeVisible();
});

test("a reservation is confirmed on its summary, to be paid in the shop", async ({ page }) => {
  const email = uniqueEmail("prenota");
  const stockBefore = await variantStock();
  await checkoutWith(page);
  await page.getByText("Prenota e paga in negozio").click();
  // A code entered for a reservation promises no payment page.
  await page.getByRole("textbox", { name: "Codice sconto" }).fill("PROVA");
  await page.getByRole("button", { name: "Applica" }).click();
  await expectToast(page, "Codice Inserito", "Lo sconto verrà calcolato e applicato nel riepilogo della prenotazione.");
  await page.getByRole("button", { name: "Rimuovi il codice sconto" }).click();
  await expect(page.getByRole("textbox", { name: "Codice sconto" })).toBeVisible();
  await fillContact(page, email);
  await expectToast(page, "Sconto Applicato!", "nel riepilogo della prenotazione");
  await expect(page.getByRole("button", { name: "Conferma Prenotazione" })).toHaveCount(0);
  await page.getByRole("button", { name: "Vai al riepilogo" }).click();

  // The summary: nothing is reserved until 'Conferma Prenotazione'.
  await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
  expect(await latestOrderOf(email)).toBeUndefined();
  await expect(
    page.getByRole("list", { name: "Passaggi del checkout" }).getByRole("listitem").filter({ hasText: "Riepilogo" }),
  ).toHaveAttribute("aria-current", "step");
  const discount = Math.floor((unitPrice * 10 + 50) / 100);
  await expect(page.getByText("Sconto primo ordine (10%)")).toBeVisible();
  await expect(page.getByTestId("final-discount")).toHaveText(`−${formatEuro(discount)}`);
  await expect(page.getByTestId("final-shipping")).toHaveText("Gratuita");
  await expect(page.getByTestId("final-total")).toHaveText(formatEuro(unitPrice - discount));
  await expect(page.getByText("ti mandiamo per email il suo numero: portalo con te al ritiro")).toBeVisible();
  await expect(page.getByText("Orari di apertura")).toBeVisible();
  await expect(page.getByText("Completa Ordine e Paga")).toHaveCount(0);
  await page.getByRole("button", { name: "Conferma Prenotazione" }).click();

  await expect(page).toHaveURL(/\/checkout-success\?order_id=.+&reservation=true$/);
  await expectToast(page, "Prenotazione Confermata!");
  await expect(page.getByRole("heading", { name: "Prenotazione Confermata!" })).toBeVisible();
  await expect(page.getByText("Porta con te il numero della prenotazione")).toBeVisible();
  expect(await latestOrderOf(email)).toMatchObject({
    status: "reserved",
    paymentStatus: "to_be_paid_in_store",
    totalCents: unitPrice - discount,
  });
  expect(await variantStock()).toBe(stockBefore - 1);
  const email1 = await readEmail(email, "Prenotazione confermata");
  expect(email1.text).toContain("Da pagare in negozio al ritiro");
});

test("a declined card can try again, and a failed payment gives the stock back and can be retried", async ({
  page,
}) => {
  const email = uniqueEmail("rifiuto");
  const stockBefore = await variantStock();
  await checkoutWith(page);
  await fillContact(page, email);
  await fillAddress(page);
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();

  await expect(page).toHaveURL(/\/pagamento-di-prova\//);
  await page.getByRole("button", { name: "Simula pagamento fallito" }).click();
  await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
  await expect(
    page.getByText("Il pagamento non è andato a buon fine e non ti è stato addebitato nulla."),
  ).toBeVisible();
  expect(await latestOrderOf(email)).toMatchObject({ status: "payment_failed", paymentStatus: "failed" });
  expect(await variantStock()).toBe(stockBefore);

  await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();
  await expect(page).toHaveURL(/\/pagamento-di-prova\//);
  await page.getByRole("button", { name: "Simula carta rifiutata" }).click();
  await expect(page.getByText("La tua carta è stata rifiutata. Prova con un'altra carta.")).toBeVisible();
  await page.getByRole("button", { name: /^Paga / }).click();
  await expect(page.getByRole("heading", { name: "Grazie, il tuo ordine è confermato!" })).toBeVisible();
  expect(await latestOrderOf(email)).toMatchObject({ status: "processing" });
  expect(await variantStock()).toBe(stockBefore - 1);
});

test("a discount code is entered in the summary and applied on the payment step", async ({ page }) => {
  const email = uniqueEmail("codice");
  // An earlier paid order: no first-order discount to compete with the code.
  await insertOrder(e2eDatabase(), null, { email });
  await checkoutWith(page);
  const apply = page.getByRole("button", { name: "Applica" });
  await expect(apply).toBeDisabled();
  await page.getByPlaceholder("Codice sconto").fill("vetrina15");
  await apply.click();
  await expectToast(page, "Codice Inserito", "Lo sconto verrà calcolato e applicato nella pagina di pagamento finale.");
  await expect(page.getByTestId("coupon-code")).toHaveText("VETRINA15");

  await fillContact(page, email);
  await page.getByText("Ritiro in negozio", { exact: true }).click();
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  const discount = Math.floor((unitPrice * 15 + 50) / 100);
  await expect(page.getByText("Codice sconto VETRINA15 (15%)")).toBeVisible();
  await expect(page.getByTestId("final-total")).toHaveText(formatEuro(unitPrice - discount));
  await expect(page.getByText("Sconto primo ordine")).toHaveCount(0);

  // A code that does not exist is named, and the order goes on without it.
  await page.getByRole("button", { name: "Rimuovi il codice sconto" }).click();
  await page.getByPlaceholder("Codice sconto").fill("NONESISTE");
  await page.getByRole("button", { name: "Applica" }).click();
  await expect(page.getByText("Il codice sconto «NONESISTE» non esiste.")).toBeVisible();
  await expect(page.getByTestId("final-total")).toHaveText(formatEuro(unitPrice));
});

test("the form says what is missing, in the spec's words", async ({ page }) => {
  await checkoutWith(page);
  await page.getByLabel("Nome e cognome").fill("a@b");
  await page.getByLabel("Telefono").fill("abc123");
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(page.getByText("Il nome non può contenere il simbolo '@'")).toBeVisible();
  await expect(page.getByText("Email non valida")).toBeVisible();
  await expect(page.getByText("Il numero di telefono può contenere solo cifre, spazi e il simbolo '+'")).toBeVisible();

  await fillContact(page, uniqueEmail("moduli"));
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expectToast(
    page,
    "Indirizzo incompleto",
    "Per la spedizione a domicilio, tutti i campi dell'indirizzo sono richiesti.",
  );
  await expect(page.getByText("Indirizzo richiesto")).toBeVisible();
  await expect(page.getByText("Provincia richiesta")).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/checkout`);
});

test("a price that changed after the summary is named, and nothing is charged", async ({ page }) => {
  const email = uniqueEmail("prezzo");
  await checkoutWith(page);
  await fillContact(page, email);
  await page.getByText("Ritiro in negozio", { exact: true }).click();
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(page.getByTestId("final-total")).toBeVisible();

  const db = e2eDatabase();
  await db
    .update(products)
    .set({ priceCents: unitPrice + 500 })
    .where(eq(products.id, everydayProduct.id));
  try {
    await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();
    const message = `Il prezzo di «${everydayProduct.name}» (taglia ${size}, colore ${color}) è cambiato: ora costa ${formatEuro(unitPrice + 500)} invece di ${formatEuro(unitPrice)}.`;
    await expect(page.getByRole("alert").getByText(message)).toBeVisible();
    // The summary now shows the new price: a second click places the order at it.
    await expect(page.getByTestId("final-subtotal")).toHaveText(formatEuro(unitPrice + 500));
    await expect(page.getByText("Il tuo ordine non è stato inviato e non ti è stato addebitato nulla.")).toBeVisible();
    expect(await latestOrderOf(email)).toBeUndefined();
  } finally {
    await db.update(products).set({ priceCents: unitPrice }).where(eq(products.id, everydayProduct.id));
  }
});

test("a cart emptied at the payment step: 'Carrello vuoto', then the shop", async ({ page }) => {
  await checkoutWith(page);
  await fillContact(page, uniqueEmail("vuoto"));
  await page.getByText("Ritiro in negozio", { exact: true }).click();
  await page.getByRole("button", { name: "Procedi al pagamento" }).click();
  await expect(page.getByTestId("final-total")).toBeVisible();
  // Emptied in another tab.
  await page.evaluate(() => {
    localStorage.setItem("shoppingCart", "[]");
    window.dispatchEvent(new StorageEvent("storage", { key: "shoppingCart" }));
  });
  await expectToast(page, "Carrello vuoto");
  await expect(page).toHaveURL(`${baseURL}/shop`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("both steps, the payment page and the success page work as plain forms", async ({ page, request }) => {
    // The cart reaches the server as the cart page's button sends it.
    const started = await request.post("/checkout", {
      headers: { Origin: baseURL },
      form: {
        intent: "cart",
        next: "/checkout",
        cart: JSON.stringify([{ id: everydayProduct.id, size, color, quantity: 1 }]),
      },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    const cookie = started.headers()["set-cookie"]?.split(";")[0] ?? "";
    const [name, value] = cookie.split("=");
    await page.context().addCookies([{ name: name ?? "", value: value ?? "", url: baseURL }]);

    const email = uniqueEmail("senzajs");
    await page.goto("/checkout");
    await expect(page.getByTestId("summary-line")).toContainText(everydayProduct.name);
    await page.getByRole("button", { name: "Procedi al pagamento" }).click();
    await expect(page.getByText("Nome richiesto")).toBeVisible();
    await fillContact(page, email);
    await fillAddress(page);
    await page.getByRole("button", { name: "Procedi al pagamento" }).click();
    await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
    await page.getByRole("button", { name: "Completa Ordine e Paga" }).click();
    await expect(page).toHaveURL(/\/pagamento-di-prova\//);
    await page.getByRole("button", { name: /^Paga / }).click();
    await expect(page.getByRole("heading", { name: "Grazie, il tuo ordine è confermato!" })).toBeVisible();
    expect(await latestOrderOf(email)).toMatchObject({ status: "processing" });
  });
});

test("a checkout opened with an empty cart says 'Carrello vuoto' and leads back to the shop", async ({ page }) => {
  await openHydrated(page, "/chi-siamo");
  await page.goto("/checkout");
  await expectToast(page, "Carrello vuoto");
  await expect(page).toHaveURL(`${baseURL}/shop`);
});

test.describe("without JavaScript, opened directly", () => {
  test.use({ javaScriptEnabled: false });

  test("the checkout shows the cart /cart shows, and takes the order", async ({ page }) => {
    await page.goto(`/product/${everydayProduct.id}`);
    await page.getByRole("button", { name: "Aggiungi al carrello" }).click();
    await expect(page).toHaveURL(`${baseURL}/cart`);
    await expect(page.getByTestId("cart-line")).toHaveCount(1);

    await page.goto("/checkout");
    await expect(page.getByTestId("summary-line")).toContainText(everydayProduct.name);
    const email = uniqueEmail("diretto");
    await fillContact(page, email);
    await fillAddress(page);
    await page.getByRole("button", { name: "Procedi al pagamento" }).click();
    await expect(page).toHaveURL(`${baseURL}/checkout?passo=pagamento`);
    await expect(page.getByText("Corso Italia 12")).toBeVisible();
  });

  test("with an empty cart: 'Carrello vuoto' and the way back to the shop", async ({ page }) => {
    await page.goto("/checkout");
    await expect(page.getByText("Carrello vuoto")).toBeVisible();
    await page.getByRole("link", { name: "Vai allo shop" }).click();
    await expect(page).toHaveURL(`${baseURL}/shop`);
  });
});

test("on a phone the order summary comes first, folded to its total, and opens on a tap", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await checkoutWith(page, 2);
  const toggle = page.getByTestId("summary-toggle");
  await expect(toggle).toContainText("Mostra il riepilogo");
  await expect(toggle).toContainText("2 articoli");
  await expect(toggle).toContainText(formatEuro(unitPrice * 2));
  const form = page.getByRole("group", { name: "Come vuoi ricevere l'ordine?" });
  expect((await toggle.boundingBox())?.y ?? Infinity).toBeLessThan((await form.boundingBox())?.y ?? 0);
  await expect(page.getByTestId("summary-line")).toBeHidden();

  await toggle.click();
  await expect(page.getByTestId("summary-line")).toBeVisible();
  await expect(page.getByTestId("summary-provisional-total")).toHaveText(formatEuro(unitPrice * 2));
  await expect(page.getByRole("textbox", { name: "Codice sconto" })).toBeVisible();
  await toggle.click();
  await expect(page.getByTestId("summary-line")).toBeHidden();

  // On a wide screen it is open beside the form, with nothing to tap.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(page.getByTestId("summary-line")).toBeVisible();
  await expect(toggle).toBeHidden();
});

test("one delivery estimate: the checkout's 3-5 working days, and /shipping's 1-3 said as the courier's part", async ({
  page,
}) => {
  await checkoutWith(page);
  await expect(page.getByText(/Con GLS in 3-5 giorni lavorativi/)).toBeVisible();
  await openHydrated(page, "/shipping");
  const highlights = page.getByRole("region", { name: "In breve" });
  await expect(highlights).toContainText("3-5 giorni lavorativi dall'ordine");
  await expect(highlights).not.toContainText("1-3");
  await expect(page.getByRole("main")).toContainText(
    "Dall'ordine alla consegna passano in tutto 3-5 giorni lavorativi: prepariamo il pacco e, una volta affidato al corriere, arriva in 1-3 giorni lavorativi.",
  );
});

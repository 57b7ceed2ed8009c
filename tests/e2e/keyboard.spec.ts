import { eq } from "drizzle-orm";
import { orders } from "../../app/db/schema";
import { testShippingAddress, uniqueEmail } from "../support/fixtures";
import { totpCode } from "../support/second-factor";
import { createUser, placeOrder } from "./support/accounts";
import { e2eDatabase, latestOrderOf } from "./support/database";
import { everydayProduct, preselected, selectable } from "./support/demo-products";
import { expectToast, skipCookieBannerAndPopup, toast, waitForHydration } from "./support/page";
import { expect as baseExpect, type Locator, type Page, test } from "./support/test";

// Pages answer slowly on a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 });

// Two journeys made with the keyboard alone (Tab, Shift+Tab, Enter, Space, arrows, Escape; no
// mouse): a guest who reserves a piece, and staff who ship an order. At every stop the focus must be
// visible, inside an open dialog it must stay there, and Escape must give it back to the opener.

/**
 * Whether the focused element shows that it has the focus: it, the
 * swatch drawn after it (the product page's hidden radios) or a close ancestor (a label around a
 * hidden box) draws an outline or a ring, rendered and not covered by something else.
 */
async function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body) return "nothing has the focus";
    const text =
      focused.getAttribute("aria-label") ||
      (focused as HTMLInputElement).labels?.[0]?.textContent ||
      focused.textContent;
    const name = `${focused.tagName.toLowerCase()} «${(text ?? "").trim().slice(0, 40)}»`;
    const candidates = [
      focused,
      focused.nextElementSibling,
      focused.parentElement,
      focused.parentElement?.parentElement,
    ].filter((element): element is Element => element !== null && element !== undefined);
    const drawsIndicator = (element: Element) => {
      const style = getComputedStyle(element);
      const outline =
        style.outlineStyle !== "none" &&
        Number.parseFloat(style.outlineWidth) >= 1 &&
        !style.outlineColor.endsWith(", 0)") &&
        style.outlineColor !== "transparent";
      const related =
        element === focused || element.matches(":has(:focus)") || element.previousElementSibling === focused;
      return related && (outline || style.boxShadow !== "none");
    };
    const shown = (element: Element) => {
      const box = element.getBoundingClientRect();
      if (box.width < 4 || box.height < 4) return false;
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      // Not hidden behind the sticky header, the cookie banner or another layer: its middle or one
      // of its corners is on top, inside the window.
      const points = [
        [box.left + box.width / 2, box.top + box.height / 2],
        [box.left + 2, box.top + 2],
        [box.right - 2, box.top + 2],
        [box.left + 2, box.bottom - 2],
        [box.right - 2, box.bottom - 2],
      ];
      return points.some(([x = -1, y = -1]) => {
        if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) return false;
        const top = document.elementFromPoint(x, y);
        return top !== null && (element.contains(top) || top.contains(element) || focused.contains(top));
      });
    };
    if (candidates.some((element) => drawsIndicator(element) && shown(element))) return null;
    // A date field takes the focus into the part being edited (day, month, year), which Chromium
    // highlights itself, inside the field where no page style reaches (nor getComputedStyle).
    if (focused.matches("input[type=date]") && shown(focused)) return null;
    const drawing = candidates.filter(drawsIndicator).map((element) => element.tagName.toLowerCase());
    return `${name} has the focus but shows no visible indicator (drawn, not seen, by: ${drawing.join(", ") || "none"})`;
  });
}

async function expectFocusVisible(page: Page) {
  expect(await focusProblem(page)).toBeNull();
}

const hasFocus = (target: Locator) => target.evaluate((element) => element === document.activeElement);

/**
 * Presses Tab (Shift+Tab backwards) until `target` has the focus, checking at every stop that the
 * focus is visible; fails when `target` is not reached within `limit` presses.
 */
async function tabTo(page: Page, target: Locator, { backwards = false, limit = 80 } = {}) {
  await expect(target).toBeAttached();
  for (let presses = 0; presses < limit; presses++) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    await expectFocusVisible(page);
    if (await hasFocus(target)) return;
  }
  throw new Error(`${target} not reached with ${limit} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

/**
 * Tab and Shift+Tab go round the open `dialog` and never leave it: each press keeps the focus
 * (visible) inside, and pressing on brings it back where it started.
 */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  await expect(dialog).toBeVisible();
  const inside = () => dialog.evaluate((element) => element.contains(document.activeElement));
  await expect.poll(inside).toBe(true);
  const press = async (key: string) => {
    await page.keyboard.press(key);
    expect(await inside(), `${key} keeps the focus in the dialog`).toBe(true);
    await expectFocusVisible(page);
  };
  // Onto the dialog's first stop (it may open with the focus on its heading).
  await press("Tab");
  for (const key of ["Tab", "Shift+Tab"]) {
    await page.evaluate(() => {
      (window as { focusStart?: Element | null }).focusStart = document.activeElement;
    });
    let back = false;
    for (let presses = 0; presses < 120 && !back; presses++) {
      await press(key);
      back = await page.evaluate(
        () => document.activeElement === (window as { focusStart?: Element | null }).focusStart,
      );
    }
    expect(back, `${key} goes round the dialog`).toBe(true);
  }
}

/** Escape closes the dialog and the focus is back on `opener`. */
async function expectEscapeReturnsTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  await expectFocusVisible(page);
}

// Many small steps, each checked, on a machine that may be busy.
test.describe.configure({ timeout: 180_000 });

test("a guest finds a product, chooses a size and reserves it with the keyboard alone", async ({ page }) => {
  // The newsletter popup's timer runs only when the test lets it, so it opens at a known moment.
  await page.clock.install();
  await page.goto("/");
  await waitForHydration(page);

  // A first visit: the cookie banner's buttons come first.
  const banner = page.getByRole("region", { name: "Rispettiamo la tua privacy" });
  await tabTo(page, banner.getByRole("button", { name: "Solo Necessari" }));
  await page.keyboard.press("Enter");
  await expect(banner).toBeHidden();

  await tabTo(page, page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Shop" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shop$/);
  await expect(page.getByRole("heading", { level: 1, name: "Shop" })).toBeVisible();

  // The header's search: Enter opens it and puts the focus in its field.
  await tabTo(page, page.locator('summary[aria-label="Cerca"]'));
  await page.keyboard.press("Enter");
  await expect(page.getByLabel("Cerca nel negozio")).toBeFocused();
  await page.keyboard.type(everydayProduct.name);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/shop\?search=/);

  await page.clock.pauseAt(Date.now() + 1_000);
  await tabTo(page, page.getByRole("link", { name: everydayProduct.name, exact: true }).first(), { limit: 250 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: everydayProduct.name })).toBeVisible();

  // The sizes are a radio group: Tab reaches the chosen one, the arrows choose another.
  const { color, size } = preselected(everydayProduct);
  const sizes = selectable(everydayProduct).sizes.map((option) => option.name);
  const inStock = (name: string) =>
    everydayProduct.variants.some(
      (variant) => variant.colorName === color && variant.size === name && variant.stock > 0,
    );
  const after = sizes.slice(sizes.indexOf(size ?? "") + 1);
  const chosenSize = after.find(inStock);
  if (!chosenSize) throw new Error(`${everydayProduct.name} has no size in stock after ${size}`);
  await tabTo(page, page.getByRole("radio", { name: size ?? "", exact: true }));

  // The newsletter popup opens over the page: the focus goes into it, stays there, and comes back.
  await page.clock.runFor(3_000);
  const popup = page.getByRole("dialog", { name: "Resta in contatto con noi" });
  await expect(popup).toBeVisible();
  // Time runs again: the dialog gives the focus back on a timer of its own.
  await page.clock.resume();
  await expectFocusTrapped(page, popup);
  await expectEscapeReturnsTo(page, popup, page.getByRole("radio", { name: size ?? "", exact: true }));

  for (const name of after.slice(0, after.indexOf(chosenSize) + 1).filter(inStock)) {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("radio", { name, exact: true })).toBeFocused();
  }
  await expect(page.getByRole("radio", { name: chosenSize, exact: true })).toBeChecked();
  await expect(page.getByRole("group", { name: `Taglia: ${chosenSize}` })).toBeVisible();
  await expectFocusVisible(page);

  await tabTo(page, page.getByRole("button", { name: "Aggiungi al carrello" }));
  await page.keyboard.press("Enter");
  await expectToast(page, "Aggiunto al carrello!");
  const cartLink = page.getByRole("link", { name: "Carrello, 1 articolo" });
  await tabTo(page, cartLink, { backwards: true });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole("link", { name: everydayProduct.name })).toBeVisible();

  await tabTo(page, page.getByRole("button", { name: "Procedi al checkout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/checkout$/);

  // The login dialog, opened and left with Escape.
  const login = page.getByRole("link", { name: "Accedi", exact: true });
  await tabTo(page, login);
  await page.keyboard.press("Enter");
  const loginDialog = page.getByRole("dialog", { name: "Accedi al tuo Account" });
  await expectFocusTrapped(page, loginDialog);
  await expectEscapeReturnsTo(page, loginDialog, login);

  // The delivery methods are a radio group too.
  await tabTo(page, page.getByRole("radio", { name: /Spedizione a domicilio/ }));
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(page.getByRole("radio", { name: /Prenota e paga in negozio/ })).toBeChecked();
  await expectFocusVisible(page);

  const email = uniqueEmail("tastiera");
  await tabTo(page, page.getByLabel("Nome e cognome"));
  await page.keyboard.type("Chiara Bianchi");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Telefono")).toBeFocused();
  await page.keyboard.type("+39 333 1234567");
  await tabTo(page, page.getByRole("button", { name: "Vai al riepilogo" }));
  await page.keyboard.press("Enter");
  await tabTo(page, page.getByRole("button", { name: "Conferma Prenotazione" }));
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { name: "Prenotazione Confermata!" })).toBeVisible();
  expect(await latestOrderOf(email)).toMatchObject({ status: "reserved", paymentStatus: "to_be_paid_in_store" });
  await expect(page.getByTestId("success-line")).toContainText(everydayProduct.name);
  await expect(page.getByTestId("success-line")).toContainText(`Qtà: 1 · Taglia: ${chosenSize} · Colore: ${color}`);
});

test("staff log in, open an order and create its GLS shipment with the keyboard alone", async ({ page }) => {
  await skipCookieBannerAndPopup(page);
  const customer = await createUser("customer", "Carla Tastiera");
  const orderId = await placeOrder(customer.id, {
    status: "processing",
    shippingTracking: null,
    shippingAddress: { ...testShippingAddress, province: "CN" },
  });
  const admin = await createUser("admin", "Ada Tastiera");

  await page.goto("/auth");
  await waitForHydration(page);
  await tabTo(page, page.getByLabel("Email", { exact: true }));
  await page.keyboard.type(admin.email);
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
  await page.keyboard.type(admin.password);
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/auth\/codice\?/);
  await waitForHydration(page);
  await tabTo(page, page.getByLabel("Codice di verifica"));
  await page.keyboard.type(totpCode(admin.secondFactor?.secret ?? ""));
  await page.keyboard.press("Enter");
  await expect(page.locator('summary[aria-label="Il mio account"]')).toBeVisible();

  // Typed in the address bar, as a keyboard user does.
  await page.goto("/admin");
  await waitForHydration(page);
  await tabTo(page, page.getByRole("navigation", { name: "Amministrazione" }).getByRole("link", { name: "Ordini" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/orders$/);

  const row = page.getByRole("row").filter({ hasText: `#${orderId.slice(0, 8)}` });
  const opener = row.getByRole("button", { name: "Crea spedizione" });
  await tabTo(page, opener, { limit: 150 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Spedizione GLS" });
  await expectFocusTrapped(page, dialog);
  await expectEscapeReturnsTo(page, dialog, opener);

  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  const weight = dialog.getByLabel("Peso (kg)");
  await tabTo(page, weight);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("1.2");
  await expect(weight).toHaveValue("1.2");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Colli")).toBeFocused();
  await page.keyboard.press("ArrowUp");
  await expect(dialog.getByLabel("Colli")).toHaveValue("2");
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Crea spedizione" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(toast(page, "Successo")).toContainText("Spedizione GLS creata.");
  await expect(dialog).toBeHidden();
  await expect(row).toContainText("Spedito");
  const [order] = await e2eDatabase().select().from(orders).where(eq(orders.id, orderId));
  expect(order).toMatchObject({ status: "shipped", shippingWeightGrams: 1200, shippingParcels: 2 });
  const tracking = order?.shippingTracking ?? "";
  expect(tracking).not.toBe("");
  await expect(row).toContainText(tracking);

  // The order's own page shows the shipment.
  await tabTo(page, row.getByRole("link", { name: "Dettagli" }), { limit: 150 });
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: `Dettaglio Ordine #${orderId.slice(0, 8)}` })).toBeVisible();
  await expect(page.getByText(`Tracking GLS: ${tracking}`)).toBeVisible();
});

test("on a phone, the shop's filters drawer keeps the keyboard inside and gives it back", async ({ page }) => {
  await skipCookieBannerAndPopup(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/shop");
  await waitForHydration(page);
  const opener = page.getByRole("link", { name: "Filtri" });
  await tabTo(page, opener);
  await page.keyboard.press("Enter");
  const drawer = page.getByRole("dialog", { name: "Filtri" });
  await expectFocusTrapped(page, drawer);
  await expectEscapeReturnsTo(page, drawer, opener);
});

import { createUser, logIn } from "./support/accounts";
import { readEmail } from "./support/mailbox";
import { openHydrated, skipCookieBannerAndPopup } from "./support/page";
import { expect, test } from "./support/test";

// The owner opens 'Pronto per vendere?' from Impostazioni and reads, check by check, what the
// journeys' shop lacks: it runs the payments sandbox and the sandbox courier on http://localhost
// without a secret in the environment, with the demo's illustrations; its mail goes to the tests'
// SMTP sink, so the test e-mail arrives.

test.beforeEach(({ page }) => skipCookieBannerAndPopup(page));

test("the owner sees what the shop lacks to sell, and 'Verifica' asks payments, courier and mail", async ({ page }) => {
  await logIn(page, await createUser("admin", "Ada Pronta"));
  await openHydrated(page, "/admin/settings");
  await page.getByRole("link", { name: "Pronto per vendere?" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pronto per vendere?");

  const check = (id: string) => page.locator(`[data-check="${id}"]`);
  await expect(check("public-url")).toHaveAttribute("data-status", "missing");
  await expect(check("public-url")).toContainText("PUBLIC_URL");
  await expect(check("auth-secret")).toHaveAttribute("data-status", "missing");
  await expect(check("proxy")).toHaveAttribute("data-status", "ok");
  await expect(check("seller")).toHaveAttribute("data-status", "ok");
  await expect(check("photos")).toHaveAttribute("data-status", "missing");
  await expect(check("photos")).toContainText("illustrazioni della demo");
  // Nothing outside was asked on the page load.
  await expect(check("payments")).toHaveCount(0);

  await page.getByRole("button", { name: "Verifica" }).click();
  await expect(check("payments")).toHaveAttribute("data-status", "missing");
  await expect(check("payments")).toContainText("È attivo il sandbox dei pagamenti");
  await expect(check("payments")).toContainText("Manca");
  await expect(check("webhook")).toHaveAttribute("data-status", "missing");
  await expect(check("courier")).toHaveAttribute("data-status", "missing");
  await expect(check("courier")).toContainText("corriere di prova");
  await expect(check("mail")).toHaveAttribute("data-status", "ok");

  const owner = (await check("mail").textContent())?.match(/partita per (\S+):/)?.[1] ?? "";
  expect(owner).toContain("@");
  expect((await readEmail(owner, "Prova dal negozio")).text).toContain("Pronto per vendere?");
});

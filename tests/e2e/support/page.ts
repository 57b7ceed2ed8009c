import { expect, type Page } from "@playwright/test";
import { createConsent } from "../../../app/modules/consent/consent";

/**
 * Makes the browser a visitor who has already answered the cookie banner ('Solo Necessari') and, unless
 * the test is about it, seen the product page's newsletter popup: nothing covers the page.
 */
export async function skipCookieBannerAndPopup(page: Page, { showNewsletterPopup = false } = {}) {
  await page.addInitScript(
    ({ consent, showNewsletterPopup }) => {
      localStorage.setItem("cookie-consent", consent);
      if (!showNewsletterPopup) localStorage.setItem("newsletter-popup-shown", "1");
    },
    { consent: JSON.stringify(createConsent(false)), showNewsletterPopup },
  );
}

/** Toasts and enhanced forms work once the page has hydrated; root.tsx mounts the Toaster then. */
export async function waitForHydration(page: Page) {
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
}

/** Opens a page and waits until React runs it. */
export async function openHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** The toast with this title. */
export function toast(page: Page, title: string) {
  return page.locator("[data-sonner-toast]").filter({ hasText: title });
}

/** Waits for the toast with this title and, when given, checks its description. */
export async function expectToast(page: Page, title: string, description?: string) {
  const shown = toast(page, title);
  await expect(shown).toBeVisible();
  if (description) await expect(shown).toContainText(description);
}

/**
 * Holds back the page's JavaScript, as on a slow phone where the shopper chooses before the page is
 * interactive: the page works as plain HTML until `release()` lets the scripts arrive.
 */
export async function holdBackScripts(page: Page): Promise<{ release: () => void }> {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return { release };
}

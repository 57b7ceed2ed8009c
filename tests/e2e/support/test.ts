import { type BrowserContext, test as base, expect } from "@playwright/test";

// Every spec imports `test` and `expect` from here rather than from @playwright/test, so that every
// journey fails when a page it opens logs a console error or throws: a hydration mismatch, a failed
// request, a CSP refusal. Other browser contexts a test opens (a second device, the shopper beside the
// admin) are watched too.
export * from "@playwright/test";

type ConsoleWatch = {
  /** Console errors this file's journeys cause on purpose (a style refused by the policy). */
  expectedConsoleErrors: RegExp[];
  failOnConsoleError: undefined;
};

// Chromium logs every answer with a 4xx status as an error. For a page, or a request the page's own
// code makes and reads (React Router's data requests, a label's link), that is the shop speaking HTTP
// on purpose: a missing page is a 404, a refused form a 422, a wrong password a 401; what the page
// then shows is the journey's to check. The same status for a script, a style, an image or the
// favicon is a fault, and so is any 5xx.
const httpAnswer = /^Failed to load resource: the server responded with a status of 4\d\d /;

// Any address but the shop's own (a pattern, which the browser matches itself, so the shop's own
// requests are never held up on their way through the test).
const otherSites = /^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/;

export const test = base.extend<ConsoleWatch>({
  expectedConsoleErrors: [[], { option: true }],
  failOnConsoleError: [
    async ({ browser, context, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const record = (error: string) => {
        if (!expectedConsoleErrors.some((expected) => expected.test(error))) errors.push(error);
      };
      const watch = (watched: BrowserContext) => {
        const pagesAndData = new Set<string>();
        watched.on("request", (request) => {
          if (["document", "fetch", "xhr"].includes(request.resourceType())) pagesAndData.add(request.url());
        });
        watched.on("console", (message) => {
          if (message.type() !== "error") return;
          const url = message.location().url || message.page()?.url() || "";
          if (httpAnswer.test(message.text()) && pagesAndData.has(url)) return;
          record(`${url}: ${message.text()}`);
        });
        watched.on("weberror", (webError) => record(`${webError.page()?.url()}: ${webError.error().message}`));
        // Journeys never reach the Internet: another site's page (the contact page's map) gets an
        // empty answer, the same with or without a network, instead of the browser's error page.
        // A test that routes such a host itself (analytics) takes precedence.
        void watched.route(otherSites, (route) => route.fulfill({ status: 204 }));
      };
      watch(context);
      browser.on("context", watch);
      await use(undefined);
      browser.off("context", watch);
      expect(errors, "the pages logged console errors").toEqual([]);
    },
    { auto: true },
  ],
});

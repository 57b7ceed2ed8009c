import { Suspense } from "react";
import { lazyRendered } from "~/components/lazy-rendered";
import { NewsletterSection } from "./newsletter-form";

// Links, address and payment marks hold no form field, so they load apart from the first page (the
// server renders them in place); the newsletter form stays in the first load, keeping what is typed.
const FooterBody = lazyRendered(() => import("./footer-body").then((module) => module.FooterBody));

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-ink text-paper">
      <NewsletterSection variant="footer" />
      <Suspense>
        <FooterBody />
      </Suspense>
    </footer>
  );
}

import { type ComponentProps, Suspense } from "react";
import { lazyRendered } from "~/components/lazy-rendered";

// The newsletter band sits at the bottom of the page: the server renders it in place, and its code
// (the form, its checks) loads apart from every page's first download.
const LoadedNewsletterSection = lazyRendered(() =>
  import("./newsletter-form").then((module) => module.NewsletterSection),
);

/** NewsletterSection (newsletter-form.tsx), its code loaded apart from the page. */
export function NewsletterSection(props: ComponentProps<typeof LoadedNewsletterSection>) {
  return (
    <Suspense>
      <LoadedNewsletterSection {...props} />
    </Suspense>
  );
}

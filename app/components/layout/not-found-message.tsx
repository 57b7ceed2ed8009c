import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** The one page of the shop in English, on purpose: a missing page and a way home. */
export function NotFoundMessage() {
  return (
    <div lang="en" className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:py-32">
      <p className="font-display text-7xl text-wine/80">404</p>
      <h1 className="mt-4 text-3xl text-ink sm:text-4xl">Page not found</h1>
      <p className="mt-3 text-ink-soft">The page you are looking for does not exist or has been moved.</p>
      <Link to="/" className={`mt-8 ${buttonClass.primary}`}>
        Back to home
      </Link>
    </div>
  );
}

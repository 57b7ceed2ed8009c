import { lazy, type ReactNode, Suspense } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { LogoutAnswer } from "~/components/accounts/logout-form";
import { ConsentProvider } from "~/components/consent/consent-provider";
import { NotFoundMessage } from "~/components/layout/not-found-message";
import { SandboxNotice } from "~/components/layout/sandbox-notice";
import { SiteFooter } from "~/components/layout/site-footer";
import { SiteHeader } from "~/components/layout/site-header";
import { lazyRendered } from "~/components/lazy-rendered";
import { useNonce } from "~/components/nonce";
import { useHydrated } from "~/components/use-hydrated";
import { config } from "~/config.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { isFirstOrder } from "~/modules/checkout/discounts.server";
import { consentGateScript } from "~/modules/consent/consent-gate";
import { earlySubmitScript } from "~/modules/forms/early-submit";
import { isPromoDismissed } from "~/modules/settings/promo-bar-cookie";
import { readSettings } from "~/modules/settings/settings.server";
import { publicSettings } from "~/modules/settings/shop-settings";
import { MONOGRAM_SVG } from "~/modules/shop/monogram";
import { services } from "~/services.server";
import type { Route } from "./+types/root";
import appStylesheet from "./app.css?url";

// Toasts only ever follow a user action, so sonner loads after hydration, outside the first download.
const Toaster = lazy(() => import("sonner").then((module) => ({ default: module.Toaster })));
// A part without form fields that not every visitor sees: loaded apart, rendered in place by the server.
const PromoBar = lazyRendered(() => import("~/components/layout/promo-bar").then((module) => module.PromoBar));

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  return {
    analytics: config().analytics,
    // Closed by the visitor, or not for them: the bar offers the first purchase's discount.
    promoHidden:
      isPromoDismissed(request.headers.get("Cookie")) ||
      (user !== null && !(await isFirstOrder(services(context).db, user.email))),
    // The signed-in user for the header (id, email, first name, role), or null.
    user,
    // What every page may show of the shop's settings: read once here, used through useShopSettings().
    settings: publicSettings(await readSettings(services(context).db)),
    // The sandbox takes no money: every page says so (PAYMENTS in config.server.ts).
    sandboxPayments: services(context).payments.name === "sandbox",
  };
}

// The monogram as favicon, inline: pages ask for no file (routes/favicon.ts serves it to the rest).
const favicon = `data:image/svg+xml,${encodeURIComponent(MONOGRAM_SVG)}`;

export const links: Route.LinksFunction = () => [{ rel: "icon", href: favicon, type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  // Missing when the root loader itself failed and the error page is shown.
  const rootData = useRouteLoaderData<typeof loader>("root");
  const { pathname } = useLocation();
  // The admin area has its own frame (AdminShell): none of the storefront's bars, banners or footer.
  const adminArea = pathname === "/admin" || pathname.startsWith("/admin/");
  const error = useRouteError();
  const notFound =
    useMatches().some((match) => match.id === "not-found" || match.id === "catch-all") ||
    (isRouteErrorResponse(error) && error.status === 404);

  return (
    // The 404 page is the shop's one page in English, on purpose.
    // The consent gate marks <html> before React runs: not a mismatch to report.
    <html lang={notFound ? "en" : "it"} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#fbf8f4" />
        {/* With a precedence React puts the style sheet first in <head>, before the ~45 module preloads
            it would otherwise queue behind: the page cannot paint before it has its styles. */}
        <link rel="stylesheet" href={appStylesheet} precedence="default" />
        <Meta />
        <Links />
        {/* The consent gate and the hold of early form submissions run once, as the server sent them:
            the browser's copy of the page needs no second one, and does not download their text. */}
        {!adminArea && (
          <script nonce={nonce} suppressHydrationWarning>
            {import.meta.env.SSR ? `${consentGateScript};${earlySubmitScript}` : ""}
          </script>
        )}
      </head>
      <body className="flex min-h-dvh flex-col">
        {adminArea ? (
          <>
            <SkipLink />
            {rootData?.sandboxPayments && <SandboxNotice />}
            {children}
          </>
        ) : (
          <ConsentProvider analytics={rootData?.analytics ?? {}}>
            {/* After the cookie banner, which the provider puts first while it waits for an answer. */}
            <SkipLink />
            {rootData?.sandboxPayments && <SandboxNotice />}
            <Suspense>
              <PromoBar hidden={rootData?.promoHidden ?? false} />
            </Suspense>
            <SiteHeader />
            <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
              {children}
            </main>
            <SiteFooter />
          </ConsentProvider>
        )}
        <Toasts />
        <LogoutAnswer />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/**
 * On a component of its own: the hydrated flag changes right after hydration, and every component
 * that reads it renders again then, with all it renders. In the layout it was the whole page.
 */
function Toasts() {
  const hydrated = useHydrated();
  return (
    hydrated && (
      <Suspense>
        <Toaster position="top-center" richColors closeButton />
      </Suspense>
    )
  );
}

function SkipLink() {
  // In a landmark of its own: behind the cookie banner (whose links come first) it no longer counts as
  // a skip link, and content outside every landmark is missed by those who move from one to the next.
  return (
    <nav aria-label="Scorciatoie">
      <a
        href="#main"
        className="sr-only z-50 rounded-sm bg-ink px-4 py-2 text-ivory focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Vai al contenuto principale
      </a>
    </nav>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <>
        <title>Page not found</title>
        <NotFoundMessage />
      </>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <title>Si è verificato un errore</title>
      <h1 className="text-3xl text-ink">Si è verificato un errore</h1>
      <p className="mt-3 text-ink-soft">Qualcosa non ha funzionato. Riprova tra qualche istante.</p>
    </div>
  );
}

// A technical preference cookie rather than localStorage: the server then leaves the bar out of the
// page for whoever closed it, instead of showing it and taking it away after hydration. The shop
// sets it too once a visitor has ordered: the bar speaks of the first purchase.
export const PROMO_DISMISSED_COOKIE = "promo-bar-dismissed";
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

export function isPromoDismissed(cookieHeader: string | null): boolean {
  return (cookieHeader ?? "").split(";").some((cookie) => cookie.trim() === `${PROMO_DISMISSED_COOKIE}=1`);
}

/** The cookie that keeps the bar away, as a Set-Cookie header or document.cookie text. */
export function promoDismissedCookie(secure: boolean): string {
  return `${PROMO_DISMISSED_COOKIE}=1; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

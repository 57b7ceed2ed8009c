/**
 * The Content-Security-Policy of every page. Inline scripts need the request's nonce; the only
 * third-party origins are the analytics tools (loaded after consent) and the contact map.
 */
export function contentSecurityPolicy(nonce: string): string {
  const analytics = ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.clarity.ms"];
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' ${analytics.join(" ")}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${analytics.join(" ")}`,
    `connect-src 'self' ${analytics.join(" ")}`,
    "font-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // Without JavaScript, 'Completa Ordine e Paga' is a form whose answer redirects to Stripe's page.
    "form-action 'self' https://checkout.stripe.com",
    "object-src 'none'",
  ].join("; ");
}

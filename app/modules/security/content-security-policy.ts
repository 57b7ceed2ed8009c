/**
 * The hash of the one style sheet sonner (the toasts) injects as a <style> element; checked against
 * the installed sonner by content-security-policy.test.ts, so an upgrade that changes it fails a test.
 */
export const SONNER_STYLE_HASH = "sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=";
/** Sonner adds its <style> element empty, then fills it: the browser checks it at both moments. */
const EMPTY_STYLE_HASH = "sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=";

const analyticsOrigins = {
  ga: ["https://www.googletagmanager.com", "https://*.google-analytics.com", "https://*.analytics.google.com"],
  clarity: ["https://*.clarity.ms"],
};

/**
 * The Content-Security-Policy of every page. Scripts and <style> elements need the request's nonce
 * (or, for sonner's fixed style sheet, its hash); inline style attributes stay allowed, for the
 * colour swatches. Third-party origins: the analytics tools, only when their IDs are configured
 * (they load after consent), and the contact page's map.
 */
export function contentSecurityPolicy(
  nonce: string,
  analytics: { gaMeasurementId?: string; clarityProjectId?: string } = {},
): string {
  const thirdParty = [
    ...(analytics.gaMeasurementId ? analyticsOrigins.ga : []),
    ...(analytics.clarityProjectId ? analyticsOrigins.clarity : []),
  ];
  const withThirdParty = (sources: string) => [sources, ...thirdParty].join(" ");
  return [
    "default-src 'self'",
    `script-src ${withThirdParty(`'self' 'nonce-${nonce}'`)}`,
    `style-src 'self' 'nonce-${nonce}' '${SONNER_STYLE_HASH}' '${EMPTY_STYLE_HASH}'`,
    "style-src-attr 'unsafe-inline'",
    `img-src ${withThirdParty("'self' data: blob:")}`,
    `connect-src ${withThirdParty("'self'")}`,
    "font-src 'self'",
    "frame-src https://www.openstreetmap.org",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    // Without JavaScript, 'Completa Ordine e Paga' is a form whose answer redirects to Stripe's page.
    "form-action 'self' https://checkout.stripe.com",
    "object-src 'none'",
  ].join("; ");
}

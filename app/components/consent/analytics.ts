// Google Analytics 4 and Microsoft Clarity, injected only after the visitor said yes to analytics.
// Both are set up in code rather than with their inline snippets, which the Content-Security-Policy forbids.

export type AnalyticsIds = { gaMeasurementId?: string; clarityProjectId?: string };

type QueueFunction = ((...args: unknown[]) => void) & { q?: unknown[] };

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    clarity?: QueueFunction;
  }
}

const gaScriptId = "ga4-script";
const clarityScriptId = "clarity-script";

function appendScript(id: string, src: string) {
  const script = document.createElement("script");
  script.id = id;
  script.async = true;
  script.src = src;
  document.head.append(script);
}

export function loadAnalytics({ gaMeasurementId, clarityProjectId }: AnalyticsIds): void {
  if (gaMeasurementId && !document.getElementById(gaScriptId)) {
    window.dataLayer = window.dataLayer ?? [];
    // gtag.js reads Arguments objects from the dataLayer, not arrays.
    window.gtag = function gtag() {
      // biome-ignore lint/complexity/noArguments: gtag.js needs the Arguments object itself.
      window.dataLayer?.push(arguments);
    };
    window.gtag("consent", "default", {
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
      analytics_storage: "granted",
    });
    window.gtag("js", new Date());
    window.gtag("config", gaMeasurementId, {
      anonymize_ip: true,
      allow_google_signals: false,
      allow_ad_personalization_signals: false,
    });
    appendScript(gaScriptId, `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gaMeasurementId)}`);
  }

  if (clarityProjectId && !document.getElementById(clarityScriptId)) {
    // Calls made before the tag arrives wait in this queue, as in Clarity's own snippet.
    const clarity = function () {
      clarity.q = clarity.q ?? [];
      // biome-ignore lint/complexity/noArguments: Clarity's queue stores the Arguments object itself.
      clarity.q.push(arguments);
    } as QueueFunction;
    window.clarity = window.clarity ?? clarity;
    window.clarity("consentv2", { ad_Storage: "denied", analytics_Storage: "granted" });
    appendScript(clarityScriptId, `https://www.clarity.ms/tag/${encodeURIComponent(clarityProjectId)}`);
  }
}

export function analyticsLoaded(): boolean {
  return Boolean(document.getElementById(gaScriptId) || document.getElementById(clarityScriptId));
}

/** First-party cookies the two tools set: Google's _ga and _ga_<id>, Clarity's _clck and _clsk. */
function isAnalyticsCookie(name: string): boolean {
  return name.startsWith("_ga") || name === "_clck" || name === "_clsk";
}

/**
 * After consent is withdrawn: expire the analytics cookies. They may be set on this host or on any
 * parent domain (GA picks the widest one), so each is expired on every one of them.
 */
export function removeAnalyticsCookies(): void {
  const hostParts = window.location.hostname.split(".");
  const domains = hostParts.map((_, index) => hostParts.slice(index).join("."));
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]?.trim() ?? "";
    if (!isAnalyticsCookie(name)) continue;
    // biome-ignore lint/suspicious/noDocumentCookie: expiring cookies set by third-party scripts needs document.cookie.
    document.cookie = `${name}=; Max-Age=0; Path=/`;
    for (const domain of domains) {
      // biome-ignore lint/suspicious/noDocumentCookie: as above.
      document.cookie = `${name}=; Max-Age=0; Path=/; Domain=${domain}`;
    }
  }
}

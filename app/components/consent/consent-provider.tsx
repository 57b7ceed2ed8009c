import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useState } from "react";
import { useLocalStorageItem, writeLocalStorage } from "~/components/browser-storage";
import {
  analyticsAllowed,
  CONSENT_STORAGE_KEY,
  createConsent,
  parseConsent,
  shouldShowBanner,
} from "~/modules/consent/consent";
import type { AnalyticsIds } from "./analytics";

// Out of the first download: the banner, shown (after hydration) only until a visitor chooses; the
// dialog, needed only when someone asks for it; the analytics code, needed only after a yes (or to
// clean up after a no).
const CookieBanner = lazy(() => import("./cookie-banner").then((module) => ({ default: module.CookieBanner })));
const ConsentSettingsDialog = lazy(() => import("./consent-settings-dialog"));
const analyticsCode = () => import("./analytics");

type ConsentContextValue = {
  openSettings: () => void;
  /** No choice known yet (the banner is up, or the page is not hydrated): other popups wait. */
  choicePending: boolean;
};

const ConsentContext = createContext<ConsentContextValue>({ openSettings: () => {}, choicePending: false });

/** Opens the cookie settings dialog from anywhere (footer, privacy page); tells whether a choice is pending. */
export function useConsent(): ConsentContextValue {
  return useContext(ConsentContext);
}

/**
 * Owns the visitor's cookie choice: shows the banner until there is a choice for the current
 * version, the settings dialog on request, and loads analytics only after a yes.
 */
export function ConsentProvider({ analytics, children }: { analytics: AnalyticsIds; children: ReactNode }) {
  const raw = useLocalStorageItem(CONSENT_STORAGE_KEY);
  // undefined while the page is not hydrated: the choice lives in the browser only.
  const record = raw === undefined ? undefined : parseConsent(raw);
  const [settingsOpen, setSettingsOpen] = useState(false);

  const allowed = record !== undefined && analyticsAllowed(record);
  const { gaMeasurementId, clarityProjectId } = analytics;
  useEffect(() => {
    if (allowed) void analyticsCode().then((code) => code.loadAnalytics({ gaMeasurementId, clarityProjectId }));
  }, [allowed, gaMeasurementId, clarityProjectId]);

  function save(analyticsConsent: boolean) {
    writeLocalStorage(CONSENT_STORAGE_KEY, JSON.stringify(createConsent(analyticsConsent)));
    setSettingsOpen(false);
    if (!analyticsConsent) {
      void analyticsCode().then((code) => {
        code.removeAnalyticsCookies();
        // Scripts already running cannot be unloaded: a fresh page starts without them.
        if (code.analyticsLoaded()) window.location.reload();
      });
    }
  }

  const choicePending = record === undefined || shouldShowBanner(record);
  return (
    <ConsentContext value={{ openSettings: () => setSettingsOpen(true), choicePending }}>
      {/* Before the page in the document, so the banner comes first in the tab order. */}
      {record !== undefined && shouldShowBanner(record) && (
        <Suspense>
          <CookieBanner
            onAcceptAll={() => save(true)}
            onNecessaryOnly={() => save(false)}
            onCustomize={() => setSettingsOpen(true)}
          />
        </Suspense>
      )}
      {children}
      {settingsOpen && (
        <Suspense>
          <ConsentSettingsDialog
            analyticsInitially={record?.consent.analytics ?? false}
            onSave={save}
            onClose={() => setSettingsOpen(false)}
          />
        </Suspense>
      )}
    </ConsentContext>
  );
}

import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useLocalStorageItem, writeLocalStorage } from "~/components/browser-storage";
import { lazyRendered } from "~/components/lazy-rendered";
import {
  analyticsAllowed,
  CONSENT_STORAGE_KEY,
  createConsent,
  parseConsent,
  shouldShowBanner,
} from "~/modules/consent/consent";
import { CONSENT_ASK_ATTRIBUTE } from "~/modules/consent/consent-gate";
import type { AnalyticsIds } from "./analytics";

// Out of the first download: the banner, shown only until a visitor chooses (the server renders it); the
// dialog, needed only when someone asks for it; the analytics code, needed only after a yes (or to
// clean up after a no).
const CookieBanner = lazyRendered(() => import("./cookie-banner").then((module) => module.CookieBanner));
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

  const save = useCallback((analyticsConsent: boolean) => {
    writeLocalStorage(CONSENT_STORAGE_KEY, JSON.stringify(createConsent(analyticsConsent)));
    setSettingsOpen(false);
    if (!analyticsConsent) {
      void analyticsCode().then((code) => {
        code.removeAnalyticsCookies();
        // Scripts already running cannot be unloaded: a fresh page starts without them.
        if (code.analyticsLoaded()) window.location.reload();
      });
    }
  }, []);
  const openSettings = useCallback(() => setSettingsOpen(true), []);
  // One element for the life of the page. The banner's code loads after hydration, and a part of the
  // page that gets new props before it has hydrated is thrown away and rendered anew: the banner would
  // vanish (with the focus in it) when the choice is read, and come back once its code is there.
  const banner = useMemo(
    () => (
      <Suspense>
        <CookieBanner onAcceptAll={() => save(true)} onNecessaryOnly={() => save(false)} onCustomize={openSettings} />
      </Suspense>
    ),
    [save, openSettings],
  );

  const choicePending = record === undefined || shouldShowBanner(record);
  // Once React has read the choice, it decides where the script in <head> did.
  const choiceRead = record !== undefined;
  useEffect(() => {
    if (choiceRead) document.documentElement.toggleAttribute(CONSENT_ASK_ATTRIBUTE, choicePending);
  }, [choiceRead, choicePending]);
  // The same value while the answer is the same, so that reading the choice after hydration does not
  // render every component that uses the context again.
  const context = useMemo(() => ({ openSettings, choicePending }), [openSettings, choicePending]);
  return (
    <ConsentContext value={context}>
      {/* Before the page in the document, so the banner comes first in the tab order. Rendered on the
          server too, shown there only where the script in <head> asks (consent-gate.ts). */}
      {choicePending && banner}
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

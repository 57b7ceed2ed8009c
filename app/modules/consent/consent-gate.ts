import { CONSENT_STORAGE_KEY, CONSENT_VERSION } from "./consent";

/** The attribute of <html> that lets the cookie banner show (app.css). */
export const CONSENT_ASK_ATTRIBUTE = "data-consent-ask";

/**
 * Run in <head> before the page paints: marks <html> when the visitor has no choice saved for the
 * current notice, or storage cannot be read. React decides again with parseConsent once it runs
 * (ConsentProvider), and keeps the mark in step.
 */
export const consentGateScript = `try{if(JSON.parse(localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)})).version!==${JSON.stringify(CONSENT_VERSION)})throw 0}catch{document.documentElement.setAttribute(${JSON.stringify(CONSENT_ASK_ATTRIBUTE)},"")}`;

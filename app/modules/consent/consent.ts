// The visitor's cookie choice, kept in the browser. Bumping the version asks everybody again.
export const CONSENT_STORAGE_KEY = "cookie-consent";
export const CONSENT_VERSION = "1.1";

export type ConsentRecord = {
  consent: { necessary: true; analytics: boolean };
  version: string;
  timestamp: string;
};

// As createConsent writes it (Date#toISOString).
const isoTimestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The saved record, or null when there is none or it cannot be read as one. Checked by hand rather
 * than with a Zod schema: this runs on every page, and Zod would add 14 KB to every first download.
 */
export function parseConsent(raw: string | null): ConsentRecord | null {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!isObject(value) || !isObject(value.consent)) return null;
  const { consent, version, timestamp } = value;
  if (consent.necessary !== true || typeof consent.analytics !== "boolean") return null;
  if (typeof version !== "string" || typeof timestamp !== "string") return null;
  if (!isoTimestamp.test(timestamp) || Number.isNaN(Date.parse(timestamp))) return null;
  return { consent: { necessary: true, analytics: consent.analytics }, version, timestamp };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Ask when nothing valid is saved or the choice was made for an older version of the notice. */
export function shouldShowBanner(record: ConsentRecord | null): boolean {
  return record === null || record.version !== CONSENT_VERSION;
}

export function createConsent(analytics: boolean, now: Date = new Date()): ConsentRecord {
  return { consent: { necessary: true, analytics }, version: CONSENT_VERSION, timestamp: now.toISOString() };
}

/** Analytics run only on an explicit yes given for the current version of the notice. */
export function analyticsAllowed(record: ConsentRecord | null): boolean {
  return record !== null && !shouldShowBanner(record) && record.consent.analytics;
}

import { z } from "zod/mini";

// The visitor's cookie choice, kept in the browser. Bumping the version asks everybody again.
export const CONSENT_STORAGE_KEY = "cookie-consent";
export const CONSENT_VERSION = "1.1";

const consentRecordSchema = z.object({
  consent: z.object({ necessary: z.literal(true), analytics: z.boolean() }),
  version: z.string(),
  timestamp: z.iso.datetime(),
});

export type ConsentRecord = z.infer<typeof consentRecordSchema>;

/** The saved record, or null when there is none or it cannot be read as one. */
export function parseConsent(raw: string | null): ConsentRecord | null {
  if (raw === null) return null;
  try {
    const parsed = consentRecordSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
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

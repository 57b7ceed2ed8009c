import { formatEuro } from "~/modules/format/numbers";
import type { TimeRange } from "~/modules/shop/identity";
import { formatDayHours, type SettingsKey, settingsGroups, weekdays } from "./settings";

// The change log as staff read it: what changed, from what to what, in words and euros.

/** The name of each field, in the forms and in the log. */
export const fieldLabels: Record<string, string> = {
  name: "Nome del negozio",
  legalName: "Ragione sociale",
  vatNumber: "Partita IVA",
  street: "Via e numero civico",
  postalCode: "CAP",
  town: "Comune",
  province: "Provincia",
  phoneDisplay: "Telefono",
  phoneInternational: "Telefono in formato internazionale",
  email: "E-mail",
  instagramUrl: "Instagram",
  facebookUrl: "Facebook",
  whatsappNumber: "Numero WhatsApp",
  bookingUrl: "Prenotazione consulenza taglia",
  ...Object.fromEntries(weekdays.map(({ day, label }) => [day, label])),
  enabled: "Barra attiva",
  text: "Testo",
  feeCents: "Costo di spedizione",
  freeShippingThresholdCents: "Spedizione gratuita da",
  returnCostCents: "Costo del reso",
  freeReturnThresholdCents: "Reso gratuito da",
  firstOrderEnabled: "Sconto primo ordine attivo",
  firstOrderPercent: "Sconto primo ordine (%)",
  birthdayEnabled: "Sconto compleanno attivo",
  birthdayPercent: "Sconto compleanno (%)",
  secondSwimsuitEnabled: "Promo Extra 2° Costume attiva",
  maxUnitsPerLine: "Pezzi per articolo in un ordine",
  maxUnitsPerOrder: "Pezzi per ordine",
  maxUnitsHeld: "Pezzi messi da parte per cliente",
  urlTemplate: "Indirizzo di tracciamento",
  folder: "Cartella dei backup",
  kept: "Backup da tenere",
  percentOff: "Sconto (%)",
  active: "Attivo",
  startsOn: "Valido dal",
  endsOn: "Valido fino al",
  maxUses: "Utilizzi massimi",
};

const thresholds = new Set(["freeShippingThresholdCents", "freeReturnThresholdCents"]);

function isTimeRanges(value: unknown): value is TimeRange[] {
  return (
    Array.isArray(value) && value.every((range) => typeof range === "object" && range !== null && "opens" in range)
  );
}

/** One field's value in words. */
export function describeValue(field: string, value: unknown): string {
  if (value === null || value === undefined) {
    if (thresholds.has(field)) return "disattivata";
    if (field === "maxUses") return "nessun limite";
    return "nessuno";
  }
  if (typeof value === "boolean") return value ? "sì" : "no";
  if (typeof value === "number" && field.endsWith("Cents")) return formatEuro(value);
  if (isTimeRanges(value)) return value.length === 0 ? "chiuso" : formatDayHours(value);
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value.split("-").reverse().join("/");
  return typeof value === "string" ? value : JSON.stringify(value);
}

export type ReadableChange = { what: string; lines: string[] };

const fieldOrder = Object.keys(fieldLabels);

/** The fields in the forms' order (PostgreSQL's jsonb keeps its own). */
function inFormOrder(fields: string[]): string[] {
  const rank = (field: string) => (fieldOrder.includes(field) ? fieldOrder.indexOf(field) : fieldOrder.length);
  return [...fields].sort((a, b) => rank(a) - rank(b));
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** "Spedizioni e resi" and "Spedizione gratuita da: 100,00 € → disattivata", one line per changed field. */
export function describeChange(change: { subject: string; oldValue: unknown; newValue: unknown }): ReadableChange {
  const coupon = change.subject.startsWith("coupon:") ? change.subject.slice("coupon:".length) : null;
  const group = settingsGroups[change.subject as SettingsKey];
  const what = coupon ? `Codice sconto ${coupon}` : (group?.label ?? change.subject);
  const before = record(change.oldValue);
  const after = record(change.newValue);
  if (change.oldValue === null) {
    return {
      what: `${what}: creato`,
      lines: inFormOrder(Object.keys(after)).map(
        (field) => `${fieldLabels[field] ?? field}: ${describeValue(field, after[field])}`,
      ),
    };
  }
  const fields = inFormOrder([...new Set([...Object.keys(before), ...Object.keys(after)])]);
  return {
    what,
    lines: fields
      .filter((field) => JSON.stringify(before[field]) !== JSON.stringify(after[field]))
      .map(
        (field) =>
          `${fieldLabels[field] ?? field}: ${describeValue(field, before[field])} → ${describeValue(field, after[field])}`,
      ),
  };
}

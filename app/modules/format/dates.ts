// How the shop writes a moment, in Italian and in Rome's time zone.

// Built on first use, not when the module loads: most pages show no date.
const dateFormatOptions = {
  /** 21/11/2026 */
  short: { timeZone: "Europe/Rome", day: "2-digit", month: "2-digit", year: "numeric" },
  /** 21 novembre 2026 */
  long: { timeZone: "Europe/Rome", dateStyle: "long" },
  /** 21/11/2026, 14:30 */
  dateTime: {
    timeZone: "Europe/Rome",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const dateFormats = new Map<keyof typeof dateFormatOptions, Intl.DateTimeFormat>();

/** A moment shown as Italians read it, in the shop's time zone whatever the server's. */
export function formatDate(value: Date | string | number, style: keyof typeof dateFormatOptions = "short"): string {
  let format = dateFormats.get(style);
  if (!format) {
    format = new Intl.DateTimeFormat("it-IT", dateFormatOptions[style]);
    dateFormats.set(style, format);
  }
  return format.format(new Date(value));
}

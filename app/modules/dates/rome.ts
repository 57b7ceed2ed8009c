// The shop's calendar is Rome's (Europe/Rome), whatever the server's time zone: its days as
// YYYY-MM-DD, and the moment a time of one of them falls on.

const timeZone = "Europe/Rome";

// Built on first use, not when the module loads: most pages need no day.
let dayFormat: Intl.DateTimeFormat | undefined;
let partsFormat: Intl.DateTimeFormat | undefined;

/** The calendar day in Rome at `moment`, as YYYY-MM-DD ("today in Rome" for the clock's now). */
export function romeDay(moment: Date): string {
  dayFormat ??= new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return dayFormat.format(moment);
}

/** `day` (YYYY-MM-DD) moved by `days` calendar days (negative: back). */
export function addDays(day: string, days: number): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + days)).toISOString().slice(0, 10);
}

/** The moment it is `hour:minute` on Rome's `day` (Rome is UTC+1, or UTC+2 in summer time). */
export function romeMoment(day: string, hour = 0, minute = 0): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const asUtc = Date.UTC(year, month - 1, date, hour, minute);
  partsFormat ??= new Intl.DateTimeFormat("en-CA", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
  });
  const parts = partsFormat.formatToParts(new Date(asUtc));
  const part = (type: string) => Number(parts.find((candidate) => candidate.type === type)?.value);
  // Rome's offset from UTC at that moment (one or two hours).
  const romeAsUtc = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"));
  return new Date(asUtc - (romeAsUtc - asUtc));
}

import { addDays } from "~/modules/dates/rome";
import { isDay } from "~/modules/orders/order-list-filters";

// The period the sales statistics cover, as it travels in the address (a plain GET form: dal, al,
// raggruppa), and the calendar arithmetic on its days. Days are the shop's (Europe/Rome), YYYY-MM-DD.

export const granularities = ["giorno", "settimana", "mese"] as const;
export type Granularity = (typeof granularities)[number];

export const granularityLabels: Record<Granularity, string> = {
  giorno: "Giorno",
  settimana: "Settimana",
  mese: "Mese",
};

/** From the first to the last day included, in buckets of one day, week (Monday first) or month. */
export type StatsPeriod = { from: string; to: string; granularity: Granularity };

export const statsParams = { from: "dal", to: "al", granularity: "raggruppa" } as const;

/** The default period: the last 30 days, today included. */
const DEFAULT_DAYS = 30;
/** Five years: beyond that a chart of weeks is unreadable and the figures say little more. */
const MAX_DAYS = 5 * 366;
/** Bars a chart can show legibly; more asks for a coarser grouping. */
export const MAX_BUCKETS = 400;

const FIRST_DAY = "1900-01-01";
const dayMs = 24 * 60 * 60 * 1000;
const toDate = (day: string) => new Date(`${day}T00:00:00Z`);
const toDay = (date: Date) => date.toISOString().slice(0, 10);

/** Days from `from` to `to`, both included. */
export function dayCount(from: string, to: string): number {
  return Math.round((toDate(to).getTime() - toDate(from).getTime()) / dayMs) + 1;
}

/** The first day of the bucket `day` falls in: itself, the Monday of its week, the 1st of its month. */
export function bucketStart(day: string, granularity: Granularity): string {
  if (granularity === "giorno") return day;
  if (granularity === "mese") return `${day.slice(0, 8)}01`;
  const weekday = (toDate(day).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return addDays(day, -weekday);
}

/** The first day of every bucket touching the period, in order (the first may start before `from`). */
export function bucketStarts({ from, to, granularity }: StatsPeriod): string[] {
  const starts: string[] = [];
  const end = toDate(to).getTime();
  let start = bucketStart(from, granularity);
  // Compared as times, not text: the day after 9999-12-31 is written "+010000-01-01".
  while (toDate(start).getTime() <= end) {
    starts.push(start);
    if (granularity === "giorno") start = addDays(start, 1);
    else if (granularity === "settimana") start = addDays(start, 7);
    else start = toDay(new Date(Date.UTC(toDate(start).getUTCFullYear(), toDate(start).getUTCMonth() + 1, 1)));
  }
  return starts;
}

/** The period of the same length just before `period`, for the comparison. */
export function previousPeriod(period: StatsPeriod): StatsPeriod {
  const days = dayCount(period.from, period.to);
  return { ...period, from: addDays(period.from, -days), to: addDays(period.from, -1) };
}

export type ParsedStatsPeriod = { period: StatsPeriod; errors: string[] };

/**
 * The period of a request's address, `today` being today's day in Rome. Missing values take the
 * default (the last 30 days by day); a value not understood is named in `errors` and replaced by it.
 */
export function parseStatsPeriod(params: URLSearchParams, today: string): ParsedStatsPeriod {
  const errors: string[] = [];
  const raw = (name: string) => (params.get(name) ?? "").trim();
  const day = (name: string, fallback: string, label: string) => {
    const value = raw(name);
    if (value === "") return fallback;
    // The shop sold nothing before 1900; earlier days would let the previous period reach year 0.
    if (isDay(value) && value >= FIRST_DAY) return value;
    errors.push(`${label} non valida (usa il formato AAAA-MM-GG, dal 1900): «${value.slice(0, 40)}».`);
    return fallback;
  };
  let to = day(statsParams.to, today, "Data finale");
  let from = day(statsParams.from, addDays(to, -(DEFAULT_DAYS - 1)), "Data iniziale");
  const rawGranularity = raw(statsParams.granularity);
  let granularity: Granularity = "giorno";
  if ((granularities as readonly string[]).includes(rawGranularity)) granularity = rawGranularity as Granularity;
  else if (rawGranularity !== "") errors.push(`Raggruppamento non valido: «${rawGranularity.slice(0, 40)}».`);
  if (from > to) {
    errors.push("La data iniziale è successiva alla data finale: mostrati gli ultimi 30 giorni.");
    to = today;
    from = addDays(today, -(DEFAULT_DAYS - 1));
  }
  if (dayCount(from, to) > MAX_DAYS) {
    errors.push("Il periodo può durare al massimo cinque anni: mostrati i cinque anni fino alla data finale.");
    from = addDays(to, -(MAX_DAYS - 1));
  }
  const period = { from, to, granularity };
  if (bucketStarts(period).length > MAX_BUCKETS) {
    errors.push("Troppi giorni per un grafico leggibile: raggruppati per mese.");
    period.granularity = "mese";
  }
  return { period, errors };
}

/** The address's query string of `period` (without "?"). */
export function statsQuery(period: StatsPeriod): string {
  return new URLSearchParams({
    [statsParams.from]: period.from,
    [statsParams.to]: period.to,
    [statsParams.granularity]: period.granularity,
  }).toString();
}

const dayMonth = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", day: "2-digit", month: "2-digit" });
const monthYear = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", month: "short", year: "numeric" });

/** A bucket as the chart names it: "23/11" (a day, or the Monday of a week), "nov 2026" (a month). */
export function bucketLabel(start: string, granularity: Granularity): string {
  return (granularity === "mese" ? monthYear : dayMonth).format(toDate(start));
}

import { type OpeningHours, shop, type TimeRange, type Weekday } from "./identity";

export const weekdays: Weekday[] = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

const dayNames: Record<Weekday, string> = {
  monday: "Lunedì",
  tuesday: "Martedì",
  wednesday: "Mercoledì",
  thursday: "Giovedì",
  friday: "Venerdì",
  saturday: "Sabato",
  sunday: "Domenica",
};

export type OpeningHoursRow = { days: string; hours: string };

function formatRanges(ranges: TimeRange[]): string {
  if (ranges.length === 0) return "Chiuso";
  return ranges.map((range) => `${range.opens}–${range.closes}`).join(", ");
}

/**
 * The week as display rows, consecutive days with the same hours joined:
 * [{ days: "Lunedì – Mercoledì", hours: "09:00–13:00, 15:30–19:30" }, …, { days: "Domenica", hours: "Chiuso" }].
 */
export function formatOpeningHours(hours: OpeningHours = shop.openingHours): OpeningHoursRow[] {
  const groups: { first: Weekday; last: Weekday; hours: string }[] = [];
  for (const day of weekdays) {
    const text = formatRanges(hours[day]);
    const previous = groups.at(-1);
    if (previous && previous.hours === text) previous.last = day;
    else groups.push({ first: day, last: day, hours: text });
  }
  return groups.map((group) => ({
    days: group.first === group.last ? dayNames[group.first] : `${dayNames[group.first]} – ${dayNames[group.last]}`,
    hours: group.hours,
  }));
}

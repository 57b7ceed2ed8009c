import { describe, expect, it } from "vitest";
import type { OpeningHours } from "./identity";
import { formatOpeningHours } from "./opening-hours";

describe("formatOpeningHours", () => {
  it("joins consecutive days with the same hours", () => {
    expect(formatOpeningHours()).toEqual([
      { days: "Lunedì – Mercoledì", hours: "09:00–13:00, 15:30–19:30" },
      { days: "Giovedì", hours: "09:00–13:00" },
      { days: "Venerdì – Sabato", hours: "09:00–13:00, 15:30–19:30" },
      { days: "Domenica", hours: "Chiuso" },
    ]);
  });

  it("shows a whole week with the same hours as one row", () => {
    const every = [{ opens: "10:00", closes: "18:00" }];
    const hours: OpeningHours = {
      monday: every,
      tuesday: every,
      wednesday: every,
      thursday: every,
      friday: every,
      saturday: every,
      sunday: every,
    };
    expect(formatOpeningHours(hours)).toEqual([{ days: "Lunedì – Domenica", hours: "10:00–18:00" }]);
  });
});

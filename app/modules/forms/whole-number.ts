import { z } from "zod";

// A count staff type (a stock, a minimum quantity, a coupon's uses, parcels): one message for what is
// not a whole number and another for one above the limit, which is a whole number and must not be
// told it is not ("un numero intero da 0 in su" under 10000000 reads as nonsense).

/** Text read as a whole number from `min` to `max`: `notWhole` below `min` or when not a number, `tooHigh` above `max`. */
export function wholeNumberField({
  min,
  max,
  notWhole,
  tooHigh,
}: {
  min: number;
  max: number;
  notWhole: string;
  tooHigh: string;
}) {
  return z
    .string()
    .trim()
    .regex(/^\d+$/, notWhole)
    .transform(Number)
    .pipe(z.number().min(min, notWhole).max(max, tooHigh));
}

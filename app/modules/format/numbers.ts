// How the shop writes numbers and money, in Italian. Money is always integer euro cents.

// Numbers are written by hand as Intl.NumberFormat("it-IT") writes them (format.test.ts compares
// the two): a browser's first Intl number format loads the locale's data, 15–30 ms of main thread on
// every page that shows a price or a count, before it answers a tap.

/** 1234 → "1234", 12345 → "12.345": Italian groups thousands from five digits on. */
export function formatInteger(value: number): string {
  const digits = String(Math.abs(Math.trunc(value)));
  const grouped = digits.length < 5 ? digits : digits.replace(/\B(?=(\d{3})+$)/g, ".");
  return value < 0 && grouped !== "0" ? `-${grouped}` : grouped;
}

/** 4.5 → "4,5", 4 → "4" (or "4,0" with one minimum digit); at most three decimals, as toLocaleString. */
export function formatDecimal(value: number, minimumFractionDigits = 0): string {
  const [whole = "0", fraction = ""] = Math.abs(value).toFixed(3).split(".");
  const digits = fraction.replace(/0+$/, "").padEnd(minimumFractionDigits, "0");
  const sign = value < 0 && Number(`${whole}.${fraction}`) !== 0 ? "-" : "";
  return `${sign}${formatInteger(Number(whole))}${digits ? `,${digits}` : ""}`;
}

/** 790 → "7,90 €", 1234567 → "12.345,67 €" (a no-break space before the sign). */
export function formatEuro(cents: number): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole !== 0 ? "-" : "";
  return `${sign}${formatInteger(Math.floor(whole / 100))},${String(whole % 100).padStart(2, "0")}\u00a0€`;
}

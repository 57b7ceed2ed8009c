// Euro amounts as Italians type them in a form or a sheet, read as integer cents.

/** The amount written in `text`, in cents, however large; null when the text is not an amount. */
function writtenCents(text: string): number | null {
  const plain = text.replace(/€/g, "").replace(/\s/g, "");
  const simple = /^(\d+)(?:[.,](\d{1,2}))?$/.exec(plain);
  const grouped = simple ? null : /^(\d{1,3}(?:\.\d{3})+)(?:,(\d{1,2}))?$/.exec(plain);
  const match = simple ?? grouped;
  if (!match) return null;
  const euros = Number((match[1] as string).replaceAll(".", ""));
  return euros * 100 + Number((match[2] ?? "").padEnd(2, "0"));
}

/**
 * "12,50", "12.50", "1.234,50", "12,5", "12", "€ 12,50" → cents; null when the text is not an amount.
 * The dot is a decimal point only when it is the one mark and has one or two digits after it.
 */
export function parseEuroCents(text: string): number | null {
  const total = writtenCents(text);
  return total !== null && Number.isSafeInteger(total) && total <= 2_147_483_647 ? total : null;
}

/** No price or refund of a small shop comes near a million euro: more is a typing slip. */
export const MAX_TYPED_EURO_CENTS = 99_999_999;

/**
 * An amount staff typed: its cents, or why not. An amount above MAX_TYPED_EURO_CENTS is `tooHigh`,
 * so its message says so instead of asking for an amount in euro, which it is.
 */
export function readTypedEuroCents(text: string): { ok: true; cents: number } | { ok: false; tooHigh: boolean } {
  const cents = writtenCents(text);
  if (cents === null) return { ok: false, tooHigh: false };
  return cents > MAX_TYPED_EURO_CENTS ? { ok: false, tooHigh: true } : { ok: true, cents };
}

/** Cents as a form shows them back, for staff to read and change: 1250 → "12,50". */
export function euroInputText(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

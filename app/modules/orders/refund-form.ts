// The amount staff type to refund, in euro as Italians write it ("12,50", "12.50", "12"), read as
// integer cents. Pure, for the form's checks and the action alike.

export type RefundAmountResult = { ok: true; cents: number } | { ok: false; message: string };

export function readRefundAmount(text: string | null | undefined): RefundAmountResult {
  const value = (text ?? "").trim().replace(/\s|€/g, "");
  if (value === "") return { ok: true, cents: 0 };
  const match = /^(\d{1,6})(?:[.,](\d{1,2}))?$/.exec(value);
  if (!match) return { ok: false, message: "Indica l'importo in euro, ad esempio 12,50." };
  const [, euros = "0", decimals = ""] = match;
  return { ok: true, cents: Number(euros) * 100 + Number(decimals.padEnd(2, "0")) };
}

/** Cents as the form shows them back, e.g. 1250 → "12,50". */
export function refundAmountText(cents: number): string {
  return (cents / 100).toFixed(2).replace(".", ",");
}

// The amount staff type to refund, read as integer cents. Pure, for the form's checks and the action alike.

import { formatEuro } from "~/modules/format/numbers";
import { MAX_TYPED_EURO_CENTS, readTypedEuroCents } from "~/modules/forms/euro-amount";

export type RefundAmountResult = { ok: true; cents: number } | { ok: false; message: string };

/** Empty means no refund (0 cents). */
export function readRefundAmount(text: string | null | undefined): RefundAmountResult {
  if ((text ?? "").trim() === "") return { ok: true, cents: 0 };
  const typed = readTypedEuroCents(text ?? "");
  if (typed.ok) return typed;
  return {
    ok: false,
    message: typed.tooHigh
      ? `L'importo è troppo alto: al massimo ${formatEuro(MAX_TYPED_EURO_CENTS)}.`
      : "Indica l'importo in euro, ad esempio 12,50.",
  };
}

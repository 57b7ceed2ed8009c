// The amount staff type to refund, read as integer cents. Pure, for the form's checks and the action alike.
import { MAX_TYPED_EURO_CENTS, parseEuroCents } from "~/modules/forms/euro-amount";

export type RefundAmountResult = { ok: true; cents: number } | { ok: false; message: string };

/** Empty means no refund (0 cents). */
export function readRefundAmount(text: string | null | undefined): RefundAmountResult {
  if ((text ?? "").trim() === "") return { ok: true, cents: 0 };
  const cents = parseEuroCents(text ?? "");
  return cents === null || cents > MAX_TYPED_EURO_CENTS
    ? { ok: false, message: "Indica l'importo in euro, ad esempio 12,50." }
    : { ok: true, cents };
}

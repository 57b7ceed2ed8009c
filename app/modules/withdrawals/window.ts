// When a customer may withdraw from an order (art. 52 and 54-bis Codice del Consumo): from the order
// until the end of the 14th calendar day, in Italy, after the goods came into their hands. Before
// that (shipped, not delivered yet; paid, not collected yet) the window is open. Pure, so the page,
// the order list and the submission read it alike.

import type { OrderStatus } from "~/db/schema";
import { addDays, romeDay } from "~/modules/dates/rome";
import type { DeliveryMethod } from "~/modules/orders/values";
import { WITHDRAWAL_DAYS } from "~/modules/shop/constants";

export type WithdrawalWindow =
  | {
      open: true /** The last day to withdraw, YYYY-MM-DD in Italy; null while the goods are not delivered yet. */;
      lastDay: string | null;
    }
  | { open: false /** Why not, in Italian, for the customer. */; reason: string };

/** Orders that never became a contract to withdraw from. */
const notWithdrawable: Partial<Record<OrderStatus, string>> = {
  pending_payment:
    "Questo ordine non è stato pagato: non c'è un contratto da cui recedere. Se il pagamento non va a buon fine l'ordine si annulla da solo.",
  payment_failed:
    "Il pagamento di questo ordine non è andato a buon fine: l'ordine non è stato concluso e non c'è nulla da cui recedere.",
  cancelled: "Questo ordine è stato annullato: non c'è più un contratto da cui recedere.",
};

/** Whether the order list should offer the withdrawal link for an order in this status. */
export function withdrawalPossibleFor(status: string): boolean {
  return !Object.hasOwn(notWithdrawable, status);
}

const longDay = new Intl.DateTimeFormat("it-IT", { timeZone: "UTC", dateStyle: "long" });

/** "2026-12-07" → "7 dicembre 2026" */
export function formatDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return longDay.format(new Date(Date.UTC(year, month - 1, date)));
}

/**
 * The withdrawal window of an order. `possessionAt` is when the customer got the goods: the
 * 'delivered' change for a shipped order, the 'collected' or 'collected_and_paid' change for a
 * pickup; null while that has not happened.
 */
export function withdrawalWindow(
  order: { status: OrderStatus; deliveryMethod: DeliveryMethod },
  possessionAt: Date | null,
  now: Date,
): WithdrawalWindow {
  const refused = notWithdrawable[order.status];
  if (refused) return { open: false, reason: refused };
  if (possessionAt === null) return { open: true, lastDay: null };
  const lastDay = addDays(romeDay(possessionAt), WITHDRAWAL_DAYS);
  if (romeDay(now) <= lastDay) return { open: true, lastDay };
  const received = order.deliveryMethod === "shipping" ? "consegnato" : "ritirato in negozio";
  return {
    open: false,
    reason: `Il termine di ${WITHDRAWAL_DAYS} giorni per recedere è scaduto: l'ordine è stato ${received} il ${formatDay(romeDay(possessionAt))}, quindi il recesso era possibile fino al ${formatDay(lastDay)} compreso ed è chiuso dal ${formatDay(addDays(lastDay, 1))}.`,
  };
}

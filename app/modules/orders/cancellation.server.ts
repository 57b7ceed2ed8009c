import { and, desc, eq } from "drizzle-orm";
import type { Database } from "~/db/client.server";
import { type OrderStatus, orders, payments } from "~/db/schema";
import { logger } from "~/logger.server";
import { formatEuro } from "~/modules/format/numbers";
import { enqueueEmail } from "~/modules/mail/queue.server";
import type { PaymentProvider, SessionState } from "~/modules/payments/provider";
import { recordOrderActivity } from "./activity.server";
import { CANCELLATION_SUBJECT, orderCancelledEmail } from "./cancellation-email";
import { applyOrderEvent } from "./lifecycle.server";
import {
  checkRefund,
  providerLabel,
  RefundRefused,
  type RefundResult,
  refundableAmount,
  refundOrder,
} from "./refunds.server";
import { settlePayment } from "./settlement.server";
import { nextStatus } from "./transitions";

// Staff cancel an order that has not left the shop (the transition table says which): the stock goes
// back, the customer is told, and for an order paid online the money staff choose goes back too.
//
// The cancellation and its e-mail commit first, the refund follows (a provider call cannot be part
// of a database transaction). When the refund then fails, the order stays cancelled: the refund row
// says failed, the timeline has a warning, and staff retry with refundOrder. The refund is checked
// before anything changes, so it fails only when the provider refuses or a concurrent refund took
// the money first.

/** The order was not cancelled, for the reason the message gives staff (in Italian). Nothing changed. */
export class CancellationRefused extends Error {}

export type CancellationResult = {
  /** The refund made with the cancellation; null when none was asked. */
  refund: RefundResult | null;
  /** True when the order is cancelled but the refund did not succeed: staff must retry it. */
  warning: boolean;
  /** One sentence for staff, e.g. for a toast. */
  message: string;
};

const notCancellable: Partial<Record<OrderStatus, string>> = {
  shipped: "L'ordine è già stato spedito: non si può più annullare.",
  gls_closed: "L'ordine è già stato spedito: non si può più annullare.",
  completed: "L'ordine è già completato: non si può più annullare.",
  cancelled: "L'ordine è già annullato.",
  payment_failed: "Il pagamento di questo ordine non è riuscito: l'ordine è già chiuso.",
};

const refusal = (status: OrderStatus) =>
  new CancellationRefused(notCancellable[status] ?? "Questo ordine non si può annullare.");

/**
 * Ends the open payment session of an order waiting for payment, so the shopper cannot pay a
 * cancelled order. Returns the ended session for the cancellation to record, or null when none was open.
 */
async function endOpenSession(
  db: Database,
  provider: PaymentProvider,
  orderId: string,
  actor: string,
  publicUrl: string,
): Promise<SessionState | null> {
  const [payment] = await db
    .select({ sessionId: payments.sessionId })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.state, "open")))
    .orderBy(desc(payments.id))
    .limit(1);
  if (!payment) return null;
  // The session is being opened right now; cancelling could leave a payable page behind. The
  // expiry job ends it if it never opens.
  if (!payment.sessionId) {
    throw new CancellationRefused("Il pagamento di questo ordine si sta aprendo proprio ora: riprova tra un minuto.");
  }
  let session: SessionState;
  try {
    session = await provider.expireSession(payment.sessionId);
  } catch (error) {
    logger.warn({ err: error, orderId }, "payment session not ended for a cancellation");
    throw new CancellationRefused(
      `Non è stato possibile chiudere il pagamento presso ${providerLabel[provider.name]}: riprova tra poco.`,
    );
  }
  if (session.status === "paid") {
    // Paid before it could be ended: the order is fulfilled, as the expiry job would.
    await db.transaction((tx) => settlePayment(tx, provider.name, session, actor, publicUrl));
    throw new CancellationRefused(
      "Il cliente ha appena pagato questo ordine, che ora è in lavorazione: se vuoi annullarlo, annullalo di nuovo indicando il rimborso.",
    );
  }
  if (session.status === "open") {
    throw new CancellationRefused("Il pagamento di questo ordine è ancora in corso: riprova più tardi.");
  }
  return session;
}

/**
 * Cancels the order for staff (`actor`, e.g. "staff:<user id>") and gives back `refundCents`
 * (0: nothing) of what it was paid online. Throws CancellationRefused, having changed nothing,
 * when the order cannot be cancelled or that refund cannot be made.
 */
export async function cancelOrder(
  db: Database,
  provider: PaymentProvider,
  input: { orderId: string; refundCents: number; actor: string; publicUrl: string },
): Promise<CancellationResult> {
  const { orderId, refundCents, actor, publicUrl } = input;
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: { items: { orderBy: (item, { asc }) => [asc(item.id)] } },
  });
  if (!order) throw new CancellationRefused("Ordine non trovato.");
  if (!nextStatus(order, "cancelled_by_staff")) throw refusal(order.status);
  if (!Number.isInteger(refundCents) || refundCents < 0) {
    throw new CancellationRefused("L'importo da rimborsare non è valido.");
  }
  if (refundCents > 0) {
    try {
      checkRefund(await refundableAmount(db, orderId), refundCents, provider.name);
    } catch (error) {
      if (error instanceof RefundRefused) throw new CancellationRefused(error.message);
      throw error;
    }
  }

  const endedSession =
    order.status === "pending_payment" ? await endOpenSession(db, provider, orderId, actor, publicUrl) : null;

  const email = orderCancelledEmail(order, refundCents);
  await db.transaction(async (tx) => {
    const applied = await applyOrderEvent(tx, orderId, "cancelled_by_staff", actor);
    if (!applied) {
      // Someone else changed the order since it was read.
      const [now] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
      throw refusal(now?.status ?? order.status);
    }
    // The ended session's payment is recorded as such; the order is already cancelled, so it stays so.
    if (endedSession) await settlePayment(tx, provider.name, endedSession, actor, publicUrl);
    await recordOrderActivity(tx, orderId, {
      kind: "staff",
      message:
        refundCents > 0
          ? `Ordine annullato, con rimborso di ${formatEuro(refundCents)}`
          : "Ordine annullato, senza rimborso",
      actor,
    });
    await recordOrderActivity(tx, orderId, {
      kind: "email",
      message: `Email «${CANCELLATION_SUBJECT}» in coda per ${email.to}`,
      actor,
    });
    await enqueueEmail(tx, email);
  });

  if (refundCents === 0) return { refund: null, warning: false, message: "Ordine annullato." };

  let refund: RefundResult | null = null;
  // Why, when the refund line of the timeline does not already say it.
  let problem = "";
  try {
    // The cancellation e-mail already tells the customer of this refund.
    refund = await refundOrder(db, provider, {
      orderId,
      amountCents: refundCents,
      actor,
      reason: "Ordine annullato",
      emailCustomer: false,
    });
    if (refund.state !== "failed") return { refund, warning: false, message: `Ordine annullato. ${refund.message}` };
  } catch (error) {
    logger.error({ err: error, orderId }, "refund of a cancelled order not made");
    problem = ` (${error instanceof Error ? error.message : String(error)})`;
  }
  await recordOrderActivity(db, orderId, {
    kind: "warning",
    message: `Ordine annullato senza il rimborso di ${formatEuro(refundCents)}${problem}: riprova il rimborso dall'ordine.`,
    actor,
  });
  return {
    refund,
    warning: true,
    message: `Ordine annullato, ma il rimborso di ${formatEuro(refundCents)} non è riuscito: riprovalo dall'ordine.`,
  };
}

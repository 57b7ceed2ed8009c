import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Database, Queryable } from "~/db/client.server";
import {
  type OrderStatus,
  orderItems,
  orderStatusChanges,
  orders,
  products,
  withdrawalItems,
  withdrawalRequests,
} from "~/db/schema";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { recordOrderActivity } from "~/modules/orders/activity.server";
import { applyOrderEvent } from "~/modules/orders/lifecycle.server";
import { shortOrderId } from "~/modules/orders/order-views";
import type { DeliveryMethod } from "~/modules/orders/values";
import { readSettings } from "~/modules/settings/settings.server";
import {
  type WithdrawalForEmail,
  withdrawalAcknowledgementEmail,
  withdrawalAcknowledgementSubject,
} from "./acknowledgement-email";
import { readRequestItems } from "./request-items.server";
import type { WithdrawalState } from "./values";
import { type WithdrawalWindow, withdrawalWindow } from "./window";

// The customer's withdrawal (art. 54-bis Codice del Consumo): finding the order (a guest by its
// number and e-mail, a signed-in customer among their own), what can still be withdrawn from, and
// the withdrawal itself with its acknowledgement, in one transaction.

/** The withdrawal was not recorded, for the reason the message gives the customer (in Italian). */
export class WithdrawalRefused extends Error {}

/** "#A1B2C3D4", " a1b2c3d4 " → "a1b2c3d4"; null when it cannot be an order number. */
export function parseOrderNumber(input: string): string | null {
  const number = input.trim().replace(/^#/, "").toLowerCase();
  return /^[0-9a-f]{8}$/.test(number) ? number : null;
}

/**
 * The order with this number and e-mail, for a guest; null when there is none, whichever of the
 * two is wrong (the caller answers both alike, so nobody learns which order numbers exist).
 */
export async function findGuestOrder(db: Queryable, orderNumber: string, email: string): Promise<string | null> {
  const number = parseOrderNumber(orderNumber);
  if (!number) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(sql`${orders.id}::text LIKE ${`${number}%`}`, sql`lower(${orders.email}) = ${email.trim().toLowerCase()}`),
    )
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order?.id ?? null;
}

/** The signed-in customer's order with this number, or null. */
export async function findCustomerOrder(db: Queryable, orderNumber: string, userId: string): Promise<string | null> {
  const number = parseOrderNumber(orderNumber);
  if (!number) return null;
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(sql`${orders.id}::text LIKE ${`${number}%`}`, eq(orders.userId, userId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return order?.id ?? null;
}

export type CustomerOrderChoice = { id: string; createdAt: string; status: OrderStatus; totalCents: number };

/** A signed-in customer's orders to choose from, newest first. */
export async function customerOrderChoices(db: Queryable, userId: string): Promise<CustomerOrderChoice[]> {
  const rows = await db
    .select({ id: orders.id, createdAt: orders.createdAt, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export type WithdrawalLine = {
  id: number;
  productName: string;
  size: string | null;
  color: string | null;
  unitPriceCents: number;
  /** Pieces not yet in an earlier withdrawal of this order. */
  available: number;
  /** Underwear or swimwear with a hygiene seal: refunded only if the seal is intact. */
  hygieneSealed: boolean;
};

export type WithdrawalOrder = {
  id: string;
  createdAt: string;
  deliveryMethod: DeliveryMethod;
  /** The name and e-mail the order was placed with, to prefill the form. */
  name: string;
  email: string;
  lines: WithdrawalLine[];
  window: WithdrawalWindow;
  /** The request already made (open, or the one that cancelled a reservation): the page shows its receipt. */
  currentRequestId: string | null;
};

/** When the customer got the goods: the change to 'completed' (delivered, collected); null before. */
async function possessionAt(db: Queryable, orderId: string): Promise<Date | null> {
  const [change] = await db
    .select({ at: orderStatusChanges.createdAt })
    .from(orderStatusChanges)
    .where(and(eq(orderStatusChanges.orderId, orderId), eq(orderStatusChanges.toStatus, "completed")))
    .orderBy(desc(orderStatusChanges.id))
    .limit(1);
  return change?.at ?? null;
}

async function linesOf(db: Queryable, orderId: string): Promise<WithdrawalLine[]> {
  const rows = await db
    .select({
      id: orderItems.id,
      productName: orderItems.productName,
      size: orderItems.size,
      color: orderItems.color,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
      hygieneSealed: sql<boolean>`coalesce(${products.hygieneSealed}, false)`,
      withdrawn: sql<number>`(
        SELECT coalesce(sum(${withdrawalItems.quantity}), 0)::int FROM ${withdrawalItems}
        WHERE ${withdrawalItems.orderItemId} = ${orderItems.id})`,
    })
    .from(orderItems)
    .leftJoin(products, eq(products.id, orderItems.productId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(orderItems.id);
  return rows.map(({ quantity, withdrawn, ...line }) => ({ ...line, available: quantity - withdrawn }));
}

/**
 * The request a new submission gets back instead of a second one: the order's open request, or the
 * withdrawal that cancelled a reservation.
 */
async function currentRequestOf(db: Queryable, orderId: string, status: OrderStatus): Promise<string | null> {
  const states: WithdrawalState[] = status === "cancelled" ? ["closed"] : ["received", "goods_received"];
  const [request] = await db
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(and(eq(withdrawalRequests.orderId, orderId), inArray(withdrawalRequests.state, states)))
    .orderBy(desc(withdrawalRequests.createdAt))
    .limit(1);
  return request?.id ?? null;
}

/** The order as the withdrawal page shows it. */
export async function loadWithdrawalOrder(db: Queryable, orderId: string, now: Date): Promise<WithdrawalOrder> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new Error(`Order ${orderId} not found`);
  return {
    id: order.id,
    createdAt: order.createdAt.toISOString(),
    deliveryMethod: order.deliveryMethod,
    name: order.shippingAddress.name,
    email: order.email,
    lines: await linesOf(db, orderId),
    window: withdrawalWindow(order, await possessionAt(db, orderId), now),
    currentRequestId: await currentRequestOf(db, orderId, order.status),
  };
}

export type WithdrawalInput = {
  orderId: string;
  /** The signed-in customer, or null for a guest. */
  userId: string | null;
  name: string;
  /** Where the acknowledgement goes. */
  email: string;
  /** The whole order, or these pieces of its lines. */
  items: "whole" | { orderItemId: number; quantity: number }[];
  now: Date;
  publicUrl: string;
};

/**
 * Records the withdrawal with its items, the order's timeline line and the acknowledgement e-mail,
 * in one transaction; a reservation is cancelled with it, its stock back on sale. A second
 * submission while the first is open (or after it cancelled the reservation) gets the first one
 * back with `created: false`. Throws WithdrawalRefused when the window is closed or the choice is wrong.
 */
export async function submitWithdrawal(
  db: Database,
  input: WithdrawalInput,
): Promise<{ requestId: string; created: boolean }> {
  return db.transaction(async (tx) => {
    // Serialises submissions for the order: the second waits, then finds the first.
    const locked = await tx.execute<{ status: OrderStatus; delivery_method: DeliveryMethod }>(
      sql`SELECT status, delivery_method FROM orders WHERE id = ${input.orderId} FOR NO KEY UPDATE`,
    );
    const order = locked.rows[0];
    if (!order) throw new WithdrawalRefused("Ordine non trovato.");
    const current = await currentRequestOf(tx, input.orderId, order.status);
    if (current) return { requestId: current, created: false };

    const window = withdrawalWindow(
      { status: order.status, deliveryMethod: order.delivery_method },
      await possessionAt(tx, input.orderId),
      input.now,
    );
    if (!window.open) throw new WithdrawalRefused(window.reason);

    const reservation = order.status === "reserved";
    const chosen = chooseItems(await linesOf(tx, input.orderId), reservation ? "whole" : input.items);
    const [request] = await tx
      .insert(withdrawalRequests)
      .values({
        orderId: input.orderId,
        userId: input.userId,
        name: input.name,
        email: input.email,
        wholeOrder: chosen.wholeOrder,
        state: reservation ? "closed" : "received",
      })
      .returning({ id: withdrawalRequests.id, createdAt: withdrawalRequests.createdAt });
    if (!request) throw new Error("withdrawal request not inserted");
    await tx
      .insert(withdrawalItems)
      .values(chosen.lines.map(({ line, quantity }) => ({ requestId: request.id, orderItemId: line.id, quantity })));

    const actor = input.userId ? `customer:${input.userId}` : "customer";
    if (reservation && !(await applyOrderEvent(tx, input.orderId, "reservation_ended", actor))) {
      throw new Error(`Reservation ${input.orderId} not ended by its withdrawal`);
    }
    const pieces = chosen.lines.reduce((sum, { quantity }) => sum + quantity, 0);
    await recordOrderActivity(tx, input.orderId, {
      kind: "withdrawal",
      message: `${input.name} ha esercitato il recesso online: ${chosen.wholeOrder ? "tutto l'ordine" : `${pieces} ${pieces === 1 ? "articolo" : "articoli"}`}${reservation ? "; prenotazione annullata" : ""}`,
      actor,
      details: {
        requestId: request.id,
        items: chosen.lines.map(({ line, quantity }) => ({ orderItemId: line.id, quantity })),
      },
    });
    const email = withdrawalAcknowledgementEmail(
      {
        requestId: request.id,
        orderId: input.orderId,
        deliveryMethod: order.delivery_method,
        name: input.name,
        email: input.email,
        wholeOrder: chosen.wholeOrder,
        receivedAt: request.createdAt,
        items: chosen.lines.map(({ line, quantity }) => ({ ...line, quantity })),
      },
      input.publicUrl,
      await readSettings(tx),
    );
    await recordOrderActivity(tx, input.orderId, {
      kind: "email",
      message: `Email «${withdrawalAcknowledgementSubject(input.orderId)}» in coda per ${email.to}`,
      actor,
    });
    await enqueueEmail(tx, email);
    return { requestId: request.id, created: true };
  });
}

/** The pieces the customer chose, checked against what the order still has. */
function chooseItems(
  lines: WithdrawalLine[],
  items: WithdrawalInput["items"],
): { wholeOrder: boolean; lines: { line: WithdrawalLine; quantity: number }[] } {
  if (items === "whole") {
    const all = lines.filter((line) => line.available > 0).map((line) => ({ line, quantity: line.available }));
    if (all.length === 0)
      throw new WithdrawalRefused("Hai già esercitato il recesso per tutti gli articoli di questo ordine.");
    // Whole only when nothing was withdrawn before: then the shipping cost is refunded too.
    return { wholeOrder: lines.every((line) => all.some((chosen) => chosen.line === line)), lines: all };
  }
  const chosen = items
    .filter((item) => item.quantity > 0)
    .map((item) => {
      const line = lines.find((candidate) => candidate.id === item.orderItemId);
      if (!line || !Number.isInteger(item.quantity) || item.quantity > line.available) {
        throw new WithdrawalRefused("Le quantità scelte non corrispondono all'ordine: controllale e riprova.");
      }
      return { line, quantity: item.quantity };
    });
  if (chosen.length === 0) throw new WithdrawalRefused("Scegli almeno un articolo da restituire.");
  const wholeOrder = lines.every(
    (line) => chosen.find((pick) => pick.line === line)?.quantity === line.available && line.available > 0,
  );
  return { wholeOrder, lines: chosen };
}

export type WithdrawalReceipt = {
  id: string;
  orderId: string;
  orderNumber: string;
  deliveryMethod: DeliveryMethod;
  name: string;
  email: string;
  wholeOrder: boolean;
  state: WithdrawalState;
  createdAt: string;
  items: (WithdrawalForEmail["items"][number] & { id: number })[];
};

/** A request as its receipt page shows it, or null. */
export async function loadWithdrawalReceipt(db: Queryable, requestId: string): Promise<WithdrawalReceipt | null> {
  const request = await db.query.withdrawalRequests.findFirst({
    where: eq(withdrawalRequests.id, requestId),
    with: { order: { columns: { deliveryMethod: true } } },
  });
  if (!request) return null;
  const items = (await readRequestItems(db, requestId)).map(
    ({ id, productName, size, color, quantity, unitPriceCents, hygieneSealed }) => ({
      id,
      productName,
      size,
      color,
      quantity,
      unitPriceCents,
      hygieneSealed,
    }),
  );
  return {
    id: request.id,
    orderId: request.orderId,
    orderNumber: shortOrderId(request.orderId),
    deliveryMethod: request.order.deliveryMethod,
    name: request.name,
    email: request.email,
    wholeOrder: request.wholeOrder,
    state: request.state,
    createdAt: request.createdAt.toISOString(),
    items,
  };
}

import { sql } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { normalizeEmail } from "~/modules/mail/address";
import { unpaidStatuses } from "~/modules/orders/transitions";

// Caps on the pieces kept off the shelf without paying. An order awaiting its payment and a
// reservation not collected yet hold their pieces; with made-up e-mail addresses one visitor could
// hold the whole catalogue. So the pieces such orders hold are capped per e-mail address, per
// checkout session and per network ('Limiti degli ordini' in the shop's settings), checked in the
// placement's transaction once it has waited for other placements of the same address and network
// (place-order.server.ts), so concurrent orders cannot pass a cap together.

/**
 * A network (an IPv4 address, an IPv6 /64) may hold this many times a customer's pieces: behind one
 * address there may be a family, an office or a mobile operator's many customers.
 */
export const NETWORK_HELD_UNITS_MULTIPLE = 3;

export const heldStockMessages = {
  customer: (maxUnitsHeld: number) =>
    `Hai già altri ordini da pagare o prenotazioni da ritirare: con questo supereresti i ${maxUnitsHeld} pezzi che possiamo tenere da parte per te. Completa prima quelli, oppure scrivici per un ordine più grande.`,
  network:
    "Da questa connessione ci sono già molti articoli messi da parte in ordini non pagati. Riprova più tardi, oppure scrivici.",
};

export type Holder = {
  email: string;
  checkoutSessionId: string;
  /** The keyed hash of the network the order comes from (security/client-network.server.ts), if known. */
  placedFrom: string | null;
};

/** Why `units` more pieces held by `holder` would pass a cap, or null when they fit. */
export async function heldStockProblem(
  db: Queryable,
  holder: Holder,
  units: number,
  maxUnitsHeld: number,
): Promise<string | null> {
  const email = normalizeEmail(holder.email);
  const statuses = sql.join(
    unpaidStatuses.map((status) => sql`${status}`),
    sql`, `,
  );
  const { rows } = await db.execute<{ email: number; session: number; network: number }>(sql`
    SELECT
      coalesce(sum(items.quantity) FILTER (WHERE lower(orders.email) = ${email}), 0)::integer AS email,
      coalesce(sum(items.quantity) FILTER (WHERE orders.checkout_session_id = ${holder.checkoutSessionId}), 0)::integer AS session,
      coalesce(sum(items.quantity) FILTER (WHERE orders.placed_from = ${holder.placedFrom}), 0)::integer AS network
    FROM orders JOIN order_items AS items ON items.order_id = orders.id
    WHERE orders.status IN (${statuses})
      AND (lower(orders.email) = ${email} OR orders.checkout_session_id = ${holder.checkoutSessionId}
        OR orders.placed_from = ${holder.placedFrom})`);
  const held = rows[0] ?? { email: 0, session: 0, network: 0 };
  if (Math.max(held.email, held.session) + units > maxUnitsHeld) return heldStockMessages.customer(maxUnitsHeld);
  if (holder.placedFrom && held.network + units > maxUnitsHeld * NETWORK_HELD_UNITS_MULTIPLE) {
    return heldStockMessages.network;
  }
  return null;
}

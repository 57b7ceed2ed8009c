import { eq } from "drizzle-orm";
import type { Queryable } from "~/db/client.server";
import { orders } from "~/db/schema";
import { enqueueEmail } from "~/modules/mail/queue.server";
import { readSettings } from "~/modules/settings/settings.server";
import { recordOrderActivity } from "./activity.server";
import { orderConfirmationEmail } from "./confirmation-email";

/**
 * Queues the order's confirmation e-mail, in the caller's transaction: the one that made the order
 * paid or reserved, so the e-mail exists exactly when that change does.
 */
export async function queueOrderConfirmation(
  db: Queryable,
  orderId: string,
  publicUrl: string,
  actor = "system",
): Promise<void> {
  const order = await db.query.orders.findFirst({
    where: eq(orders.id, orderId),
    with: { items: { orderBy: (item, { asc }) => [asc(item.id)] } },
  });
  if (!order) throw new Error(`No order ${orderId} to confirm`);
  await enqueueEmail(db, orderConfirmationEmail(order, publicUrl, await readSettings(db)));
  await recordOrderActivity(db, orderId, {
    kind: "email",
    message: `Email di conferma inviata a ${order.shippingAddress.email}.`,
    actor,
  });
}

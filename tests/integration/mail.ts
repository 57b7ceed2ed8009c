import type { Queryable } from "../../app/db/client.server";
import { deliverDueEmails } from "../../app/modules/mail/queue.server";
import type { MailTransport } from "../../app/modules/mail/transport.server";

/**
 * Delivery rounds until nothing due is left. The run's database is shared, so other files' e-mail
 * may be queued ahead of a test's own, beyond a single round's batch.
 */
export async function deliverAllDueEmails(db: Queryable, transport: MailTransport): Promise<void> {
  for (;;) {
    const { sent, failed } = await deliverDueEmails(db, transport);
    if (sent + failed === 0) return;
  }
}

import { config } from "~/config.server";
import { nightlyBackupJob, runNightlyBackup } from "~/modules/backups/nightly.server";
import { deleteExpiredCheckoutSessions } from "~/modules/cart/checkout-sessions.server";
import { expireOverduePayments, reconcilePendingPayments } from "~/modules/orders/payment-sessions.server";
import { webhookReceiver } from "~/modules/orders/payment-webhook.server";
import { endLapsedReservations } from "~/modules/orders/reservations.server";
import { isSandbox } from "~/modules/payments/sandbox.server";
import { deleteExpiredRateLimits } from "~/modules/security/rate-limit.server";
import type { Services } from "~/services.server";
import type { Job } from "./scheduler.server";

/** The shop's scheduled jobs, run by server/index.ts on every instance and claimed by one. */
export function shopJobs(services: Services): Job[] {
  const { db, payments, clock, publicUrl, files } = services;
  return [
    {
      // Unpaid orders end soon after their payment session does, and their stock goes back.
      name: "payment-expiry",
      everySeconds: 60,
      run: () => expireOverduePayments(db, payments, clock.now(), publicUrl),
    },
    {
      // A payment whose webhook never arrived is asked about at the provider and settled.
      name: "payment-reconciliation",
      everySeconds: 120,
      run: () => reconcilePendingPayments(db, payments, clock.now(), publicUrl),
    },
    // The sandbox delivers its events again until the shop acknowledges them, as Stripe does.
    ...(isSandbox(payments)
      ? [
          {
            name: "sandbox-webhook-delivery",
            everySeconds: 10,
            run: () => payments.deliverEvents(webhookReceiver(services)),
          },
        ]
      : []),
    {
      // Reservations not collected in time give their articles back to the shop.
      name: "reservation-lapse",
      everySeconds: 3600,
      run: () => endLapsedReservations(db, clock.now()),
    },
    {
      name: "checkout-session-cleanup",
      everySeconds: 6 * 3600,
      run: () => deleteExpiredCheckoutSessions(db, clock.now()),
    },
    { name: "rate-limit-cleanup", everySeconds: 10 * 60, run: () => deleteExpiredRateLimits(db, clock.now()) },
    {
      // At 3 at night, when the shop is quietest, into the folder set in 'Impostazioni'.
      name: nightlyBackupJob,
      dailyAtRomeHour: 3,
      run: () => runNightlyBackup({ db, files, config: config(), now: clock.now() }),
    },
  ];
}

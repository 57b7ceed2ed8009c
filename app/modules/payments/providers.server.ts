import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "./provider";
import { sandboxPaymentProvider } from "./sandbox.server";
import { stripePaymentProvider } from "./stripe.server";

/** Stripe Checkout, or the built-in sandbox that takes (pretend) payments, as PAYMENTS chose (config.server.ts). */
export function paymentProviderFor(config: Config, db: Database): PaymentProvider {
  return config.payments === "stripe" && config.stripe
    ? stripePaymentProvider(config.stripe)
    : sandboxPaymentProvider(db, { publicUrl: config.publicUrl });
}

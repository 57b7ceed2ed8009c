import type { Config } from "~/config.server";
import type { Database } from "~/db/client.server";
import type { PaymentProvider } from "./provider";
import { sandboxPaymentProvider } from "./sandbox.server";
import { stripePaymentProvider } from "./stripe.server";

/** Stripe Checkout when its keys are set; otherwise the built-in sandbox takes (pretend) payments. */
export function paymentProviderFor(config: Config, db: Database): PaymentProvider {
  return config.stripe
    ? stripePaymentProvider(config.stripe)
    : sandboxPaymentProvider(db, { publicUrl: config.publicUrl });
}

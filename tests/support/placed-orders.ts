// Orders placed as shoppers place them (the real checkout), paid or not, for the tests of what staff
// do with them afterwards: cancellations, refunds.
import type { Database } from "../../app/db/client.server";
import { completeCheckout } from "../../app/modules/checkout/complete-checkout.server";
import { seenQuoteOf } from "../../app/modules/checkout/place-order.server";
import { quoteCheckout } from "../../app/modules/checkout/quote.server";
import { settleFromProvider } from "../../app/modules/orders/settlement.server";
import type { DeliveryMethod } from "../../app/modules/orders/values";
import type { Services } from "../../app/services.server";
import { createCheckoutSession, createTestVariant, testDraft } from "./fixtures";

/**
 * An order of `quantity` pieces of a new variant (20,00 € each, `stock` in stock). Shipping and
 * pickup orders stop at the payment page (`sessionId`) unless `pay` pays the session at the provider,
 * after which the return page settles it; a reservation (pickup_and_pay) has no session.
 */
export async function placeTestOrder(
  db: Database,
  services: Services,
  {
    delivery = "shipping" as DeliveryMethod,
    quantity = 1,
    stock = 5,
    pay = null as ((sessionId: string) => Promise<unknown>) | null,
  } = {},
) {
  const variant = await createTestVariant(db, { priceCents: 2000, stock });
  const draft = testDraft({ deliveryMethod: delivery });
  const cart = [variant.line(quantity)];
  const checkoutSessionId = await createCheckoutSession(db, cart, { draft });
  const quote = await quoteCheckout(db, {
    cart,
    delivery,
    email: draft.email,
    userId: null,
    couponCode: null,
    now: services.clock.now(),
  });
  const outcome = await completeCheckout(services, {
    checkoutSessionId,
    userId: null,
    draft,
    seen: seenQuoteOf(quote, true),
    placedFrom: null,
  });
  if (outcome.kind === "done") return { orderId: outcome.orderId, sessionId: null, variant, email: draft.email };
  if (outcome.kind !== "pay") throw new Error(`Expected the payment page, got ${outcome.kind}`);
  // Both providers' payment pages end with the session id.
  const sessionId = outcome.url.split("/").at(-1) as string;
  if (pay) {
    await pay(sessionId);
    await settleFromProvider(db, services.payments, sessionId, "customer:return-page", services.publicUrl);
  }
  const { orderId } = await services.payments.retrieveSession(sessionId);
  return { orderId, sessionId, variant, email: draft.email };
}

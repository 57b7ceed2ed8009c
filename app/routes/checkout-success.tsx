import { data } from "react-router";
import { CheckoutSuccessPage } from "~/components/checkout/checkout-success-page";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { checkoutSessionIdOf } from "~/modules/cart/checkout-sessions.server";
import { isFirstOrder } from "~/modules/checkout/discounts.server";
import { isOrderId } from "~/modules/orders/order-views";
import { findReceipt, orderIdOfPaymentSession } from "~/modules/orders/receipt.server";
import { settleFromProvider } from "~/modules/orders/settlement.server";
import { pageMeta } from "~/modules/seo/meta";
import { promoDismissedCookie } from "~/modules/settings/promo-bar-cookie";
import { services } from "~/services.server";
import type { Route } from "./+types/checkout-success";

export function meta() {
  return [...pageMeta("Ordine completato", "Il riepilogo del tuo ordine."), { name: "robots", content: "noindex" }];
}

// The session ids providers put in the return address (sbx_cs_…, cs_live_…): any other text was not
// sent by one, and is not looked up.
const paymentSessionIdPattern = /^[\w-]{1,255}$/;

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, payments, publicUrl } = services(context);
  const sessionId = url.searchParams.get("session_id");
  const orderIdParam = url.searchParams.get("order_id");
  let orderId: string | null = null;
  if (sessionId) {
    // Only a session the shop opened is asked about: a made-up id never reaches the provider.
    orderId = paymentSessionIdPattern.test(sessionId)
      ? await orderIdOfPaymentSession(db, payments.name, sessionId)
      : null;
    // The webhook may be late: whoever comes first fulfils the order (orders/settlement.server.ts).
    if (orderId) {
      await settleFromProvider(db, payments, sessionId, "customer:return-page", publicUrl).catch((error: unknown) =>
        logger.warn({ err: error, orderId }, "payment not confirmed from the return page"),
      );
    }
  } else if (orderIdParam && isOrderId(orderIdParam)) {
    orderId = orderIdParam;
  }
  const user = await getCurrentUser(request);
  const viewer = {
    checkoutSessionId: await checkoutSessionIdOf(request.headers.get("Cookie")),
    userId: user?.id ?? null,
  };
  const order = orderId ? await findReceipt(db, orderId, viewer) : null;
  // The first purchase is made: the promo bar's discount is no longer for this browser.
  const ordered = order !== null && !(await isFirstOrder(db, order.shippingAddress.email));
  const headers = ordered ? { "Set-Cookie": promoDismissedCookie(config().env === "production") } : undefined;
  return data({ order }, { headers });
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  return <CheckoutSuccessPage {...loaderData} />;
}

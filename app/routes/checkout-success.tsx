import { CircleCheck, CircleX, Clock, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { data, Link, useRevalidator } from "react-router";
import { saveCart } from "~/components/cart/cart-storage";
import { CollectionInfo } from "~/components/checkout/collection-info";
import { OrderAmounts } from "~/components/orders/order-amounts";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { useShopSettings } from "~/components/use-shop-settings";
import { config } from "~/config.server";
import { logger } from "~/logger.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { checkoutSessionIdOf } from "~/modules/cart/checkout-sessions.server";
import { isFirstOrder } from "~/modules/checkout/discounts.server";
import { formatDate } from "~/modules/format/dates";
import { deliveryLabel, isOrderId, shortOrderId } from "~/modules/orders/order-views";
import { findReceipt, orderIdOfPaymentSession } from "~/modules/orders/receipt.server";
import { settleFromProvider } from "~/modules/orders/settlement.server";
import { pageMeta } from "~/modules/seo/meta";
import { promoDismissedCookie } from "~/modules/settings/promo-bar-cookie";
import { CARRIER_NAME, CHECKOUT_DRAFT_STORAGE_KEY, DELIVERY_WORKING_DAYS } from "~/modules/shop/constants";
import { services } from "~/services.server";
import type { Route } from "./+types/checkout-success";

// The spec's toast after a reservation (§8); the checkout's other toasts are in checkout-messages.ts.
const reservationConfirmedToast = {
  title: "Prenotazione Confermata!",
  description: "Ti abbiamo inviato un'email con il riepilogo.",
};

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

function clearCartAndDraft() {
  saveCart([]);
  try {
    window.sessionStorage.removeItem(CHECKOUT_DRAFT_STORAGE_KEY);
  } catch {
    // Nothing stored.
  }
}

function GenericSuccess() {
  const { shop } = useShopSettings();
  return (
    <div className="text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-wine" strokeWidth={1.5} />
      <h1 className="mt-4 text-3xl text-ink sm:text-4xl">Grazie per il tuo ordine!</h1>
      <p className="mt-3 text-ink-soft">
        Riceverai a breve un'email con il riepilogo. Per qualsiasi domanda scrivici a {shop.email}.
      </p>
      <Link to="/shop" className={`${buttonClass.primary} mt-8`}>
        Continua lo shopping
      </Link>
    </div>
  );
}

export default function CheckoutSuccess({ loaderData }: Route.ComponentProps) {
  const { order } = loaderData;
  const revalidator = useRevalidator();
  const waiting = order?.status === "pending_payment";
  const confirmed = order !== null && ["processing", "reserved"].includes(order.status);
  const reservation = order?.deliveryMethod === "pickup_and_pay";

  // While the provider has not confirmed the payment, look again every two seconds.
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => void revalidator.revalidate(), 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidator]);

  // Paid or reserved: the cart and the form's draft are done with (spec: cleared on success).
  useEffect(() => {
    if (!confirmed) return;
    clearCartAndDraft();
    if (reservation) void showToast(reservationConfirmedToast, "success");
  }, [confirmed, reservation]);

  if (!order) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
        <GenericSuccess />
      </div>
    );
  }

  if (waiting) {
    return (
      <div role="status" className="mx-auto max-w-2xl px-4 py-24 text-center">
        <LoaderCircle aria-hidden className="mx-auto size-10 animate-spin text-wine" strokeWidth={1.5} />
        <h1 className="mt-4 text-3xl text-ink">Stiamo confermando il pagamento…</h1>
        <p className="mt-3 text-ink-soft">Ci vuole solo un momento: non chiudere questa pagina.</p>
      </div>
    );
  }

  if (!confirmed) {
    return (
      <div role="alert" className="mx-auto max-w-2xl px-4 py-24 text-center">
        <CircleX aria-hidden className="mx-auto size-12 text-sale" strokeWidth={1.5} />
        <h1 className="mt-4 text-3xl text-ink">Il pagamento non è andato a buon fine</h1>
        <p className="mt-3 text-ink-soft">Non ti è stato addebitato nulla. Il tuo carrello è ancora qui.</p>
        <Link to="/checkout?passo=pagamento" className={`${buttonClass.primary} mt-8`}>
          Riprova il pagamento
        </Link>
      </div>
    );
  }

  const { shippingAddress: address } = order;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <div className="text-center">
        <CircleCheck aria-hidden className="mx-auto size-12 text-wine" strokeWidth={1.5} />
        <h1 className="mt-4 text-3xl text-ink sm:text-4xl">
          {reservation ? "Prenotazione Confermata!" : "Grazie, il tuo ordine è confermato!"}
        </h1>
        <p className="mt-3 text-ink-soft">
          {reservation ? "Prenotazione" : "Ordine"} <strong className="text-ink">{shortOrderId(order.id)}</strong> del{" "}
          {formatDate(order.createdAt, "dateTime")}. Ti abbiamo inviato il riepilogo a {address.email}.
        </p>
      </div>

      <div className="mt-10 grid gap-8 md:grid-cols-[1fr_18rem]">
        <section aria-labelledby="success-items" className="rounded-md border border-sand bg-white p-5">
          <h2 id="success-items" className="text-xl text-ink">
            {reservation ? "Articoli riservati" : "Il tuo ordine"}
          </h2>
          <OrderAmounts className="mt-4 space-y-2 text-sm" breakdown={order.breakdown} testId="success" />
        </section>
        <div className="space-y-4">
          {order.deliveryMethod === "shipping" ? (
            <div className="rounded-md bg-linen p-5 text-sm text-ink">
              <h2 className="flex items-center gap-2 text-lg">
                <Clock aria-hidden className="size-5 text-wine" strokeWidth={1.5} />
                Spedizione
              </h2>
              <p className="mt-2">
                {deliveryLabel("shipping")}: la consegna richiede {DELIVERY_WORKING_DAYS.min}-
                {DELIVERY_WORKING_DAYS.max} giorni lavorativi. Ti scriveremo con il codice di tracciamento{" "}
                {CARRIER_NAME} appena il pacco parte.
              </p>
              <p className="mt-3">
                {address.name}
                <br />
                {address.address}
                <br />
                {address.postalCode} {address.city}
                {address.province ? ` (${address.province})` : ""}
              </p>
            </div>
          ) : (
            <CollectionInfo reservation={reservation ? "confirmed" : undefined} />
          )}
        </div>
      </div>

      <div className="mt-10 text-center">
        <Link to="/shop" className={buttonClass.secondary}>
          Continua lo shopping
        </Link>
      </div>
    </div>
  );
}

import { CircleCheck, CircleX, Clock, LoaderCircle } from "lucide-react";
import { useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { saveCart } from "~/components/cart/cart-storage";
import { CollectionInfo } from "~/components/checkout/collection-info";
import { OrderAmounts } from "~/components/orders/order-amounts";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { useShopSettings } from "~/components/use-shop-settings";
import { formatDate } from "~/modules/format/dates";
import { deliveryLabel, shortOrderId } from "~/modules/orders/order-views";
import type { OrderReceipt } from "~/modules/orders/receipt.server";
import { CARRIER_NAME, CHECKOUT_DRAFT_STORAGE_KEY, DELIVERY_WORKING_DAYS } from "~/modules/shop/constants";

// The toast after a reservation; the checkout's other toasts are in checkout-messages.ts.
const reservationConfirmedToast = {
  title: "Prenotazione Confermata!",
  description: "Ti abbiamo inviato un'email con il riepilogo.",
};

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

export function CheckoutSuccessPage({ order }: { order: OrderReceipt | null }) {
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

  // Paid or reserved: the cart and the form's draft are done with (both are cleared on success).
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

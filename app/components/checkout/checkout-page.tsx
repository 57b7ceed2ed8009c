import { Lock } from "lucide-react";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { lazyRendered } from "~/components/lazy-rendered";
import { EmptyCart } from "~/components/shop/empty-cart";
import { type CheckoutResult, checkoutToasts } from "~/modules/checkout/checkout-messages";
import { formatDate } from "~/modules/format/dates";
import { Notice } from "./checkout-notice";
import type { CheckoutPageData } from "./checkout-page-data";
import { InformationStep } from "./information-step";
import { OrderSummary } from "./order-summary";
import { useCartSync } from "./use-cart-sync";
import { useEmptyCartRedirect, useLeaveEmptyCheckout } from "./use-empty-cart-redirect";

// The second step: out of the first download of /checkout, fetched while the shopper fills in the first.
const loadPaymentStep = () => import("./payment-step");
const PaymentStep = lazyRendered(() => loadPaymentStep().then((module) => module.PaymentStep));

function Steps({ step, reservation }: { step: CheckoutPageData["step"]; reservation: boolean }) {
  const steps = [
    { id: "information", label: "Informazioni" },
    { id: "payment", label: reservation ? "Riepilogo" : "Pagamento" },
  ] as const;
  return (
    <ol aria-label="Passaggi del checkout" className="mt-4 flex items-center gap-3 text-sm">
      {steps.map((item, index) => {
        const current = item.id === step;
        return (
          <li key={item.id} aria-current={current ? "step" : undefined} className="flex items-center gap-3">
            {index > 0 && <span aria-hidden className="h-px w-8 bg-sand" />}
            <span
              className={`flex size-6 items-center justify-center rounded-full text-xs ${current ? "bg-ink text-ivory" : "bg-linen text-ink-soft"}`}
            >
              {index + 1}
            </span>
            <span className={current ? "font-medium text-ink" : "text-ink-soft"}>{item.label}</span>
          </li>
        );
      })}
    </ol>
  );
}

export function CheckoutPage(props: CheckoutPageData & { nativeAnswer?: CheckoutResult }) {
  const { step, quote, nativeAnswer, lastAttempt } = props;
  // The method chosen on the first step; the second shows the one the server kept.
  const [chosenMethod, setChosenMethod] = useState(props.form.deliveryMethod);
  const method = step === "payment" ? props.form.deliveryMethod : chosenMethod;
  const { syncing, browserCartEmpty } = useCartSync(props.cart);
  const hasLines = (quote?.lines.length ?? 0) > 0;
  const leave = useLeaveEmptyCheckout();
  useEmptyCartRedirect(nativeAnswer);

  // Nothing to buy (opened with an empty cart, or emptied elsewhere): 'Carrello vuoto', off to the shop.
  const empty = !hasLines && !syncing && browserCartEmpty;
  useEffect(() => {
    if (empty) leave();
  }, [empty, leave]);
  useEffect(() => {
    if (step === "information") void loadPaymentStep();
  }, [step]);

  let body: ReactNode;
  if (!hasLines && (syncing || (!browserCartEmpty && props.cart.length > 0))) {
    body = <p className="py-16 text-center text-ink-soft">Caricamento del carrello…</p>;
  } else if (!quote || !hasLines) {
    body = <EmptyCart message={checkoutToasts.emptyCart} />;
  } else {
    body = (
      <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:gap-14">
        {/* First on a phone, where it folds above the form; beside the form on wide screens. */}
        <div className="lg:col-start-2 lg:row-start-1">
          <OrderSummary
            step={step}
            quote={quote}
            couponCode={props.couponCode}
            reservation={method === "pickup_and_pay"}
          />
        </div>
        <div aria-busy={syncing} className="lg:col-start-1 lg:row-start-1">
          {step === "information" ? (
            <InformationStep {...props} quote={quote} method={chosenMethod} onMethodChange={setChosenMethod} />
          ) : (
            <Suspense fallback={<p className="py-16 text-center text-ink-soft">Caricamento del pagamento…</p>}>
              <PaymentStep {...props} quote={quote} />
            </Suspense>
          )}
        </div>
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-3xl text-ink sm:text-4xl">Checkout</h1>
        <p className="flex items-center gap-2 text-sm text-ink-soft">
          <Lock aria-hidden className="size-4" strokeWidth={1.5} />
          Pagamento sicuro
        </p>
      </div>
      <Steps step={step} reservation={method === "pickup_and_pay"} />
      {props.provider === "sandbox" && (
        <Notice tone="info">
          <p>
            <strong>Pagamenti di prova.</strong> Questo negozio non è ancora collegato a un sistema di pagamento: la
            pagina di pagamento è una simulazione e non addebita nulla.
          </p>
        </Notice>
      )}
      {step === "payment" && lastAttempt?.status === "failed" && (
        <Notice tone="alert">
          <p>Il pagamento non è andato a buon fine e non ti è stato addebitato nulla. Puoi riprovare.</p>
        </Notice>
      )}
      {step === "payment" && lastAttempt?.status === "unpaid" && (
        <Notice tone="alert">
          <p>
            Il pagamento non è stato completato. Gli articoli restano riservati per te fino alle{" "}
            {formatDate(lastAttempt.heldUntil, "dateTime").split(", ")[1]}: puoi riprovare quando vuoi.
          </p>
        </Notice>
      )}
      <div className="mt-8">{body}</div>
    </div>
  );
}

import { Tag, X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { useHydrated } from "~/components/use-hydrated";
import { type CheckoutResult, checkoutToasts } from "~/modules/checkout/checkout-messages";
import type { CheckoutPageData } from "./checkout-page-data";

/** The page the checkout's small forms post to, so that without JavaScript the answer shows the same step. */
function checkoutAction(step: CheckoutPageData["step"]): string {
  return step === "payment" ? "/checkout?passo=pagamento" : "/checkout";
}

/** The discount code field with 'Applica' (disabled while empty), or the code entered with 'Rimuovi'. */
export function CouponForm({
  step,
  couponCode,
  reservation,
}: {
  step: CheckoutPageData["step"];
  couponCode: string | null;
  reservation: boolean;
}) {
  const fetcher = useFetcher<CheckoutResult>();
  const [code, setCode] = useState("");
  const busy = fetcher.state !== "idle";
  const hydrated = useHydrated();
  const early = useEarlySubmit((form) => setCode(String(new FormData(form).get("code") ?? "")));

  useFetcherAnswer(fetcher.data, (answer) => {
    if (answer.ok && answer.intent === "coupon") {
      void showToast(
        reservation ? checkoutToasts.couponEnteredForReservation : checkoutToasts.couponEntered,
        "success",
      );
      setCode("");
    }
  });

  if (couponCode) {
    return (
      <fetcher.Form method="post" action={checkoutAction(step)} className="flex items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-ink">
          <Tag aria-hidden className="size-4 text-wine" strokeWidth={1.5} />
          Codice inserito: <strong data-testid="coupon-code">{couponCode}</strong>
        </p>
        <button
          type="submit"
          name="intent"
          value="coupon-remove"
          disabled={busy}
          className="inline-flex items-center gap-1 text-sm text-ink-soft underline-offset-4 hover:text-sale hover:underline"
        >
          <X aria-hidden className="size-4" strokeWidth={1.5} />
          Rimuovi<span className="sr-only"> il codice sconto</span>
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form {...early} method="post" action={checkoutAction(step)} className="flex gap-2">
      <label htmlFor="coupon-code" className="sr-only">
        Codice sconto
      </label>
      <input
        id="coupon-code"
        name="code"
        value={code}
        onChange={(event) => setCode(event.currentTarget.value)}
        placeholder="Codice sconto"
        autoComplete="off"
        maxLength={40}
        className="min-w-0 flex-1 rounded-sm border border-sand bg-white px-3 py-2 text-sm text-ink uppercase placeholder:normal-case focus:border-ink"
      />
      <button
        type="submit"
        name="intent"
        value="coupon"
        // Disabled while empty once the page follows the typing; before that it must stay pressable.
        disabled={busy || (hydrated && code.trim() === "")}
        className="rounded-sm border border-ink px-4 py-2 text-sm font-medium text-ink hover:bg-ink hover:text-ivory disabled:cursor-not-allowed disabled:opacity-40 disabled:hover:bg-transparent disabled:hover:text-ink"
      >
        Applica
      </button>
    </fetcher.Form>
  );
}

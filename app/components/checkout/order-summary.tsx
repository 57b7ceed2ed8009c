import { ChevronDown, ShoppingBag, Tag, X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { AmountRows } from "~/components/orders/amount-rows";
import { showToast } from "~/components/toast";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { useHydrated } from "~/components/use-hydrated";
import { lineProblemMessage } from "~/modules/cart/line-rules";
import { SECOND_SWIMSUIT_PROMO_LABEL } from "~/modules/cart/pricing";
import { type CheckoutAnswer, checkoutToasts } from "~/modules/checkout/checkout-messages";
import type { CheckoutQuote } from "~/modules/checkout/quote.server";
import { formatEuro } from "~/modules/shop/constants";
import type { CheckoutPageData } from "./checkout-page";

/** The page the checkout's small forms post to, so that without JavaScript the answer shows the same step. */
export function checkoutAction(step: CheckoutPageData["step"]): string {
  return step === "payment" ? "/checkout?passo=pagamento" : "/checkout";
}

function CouponForm({
  step,
  couponCode,
  reservation,
}: {
  step: CheckoutPageData["step"];
  couponCode: string | null;
  reservation: boolean;
}) {
  const fetcher = useFetcher<CheckoutAnswer>();
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

/**
 * The side summary: every line with its image, size, colour, quantity and total, the code field and,
 * on the first step, the subtotal and a provisional total (the final amounts come with the next step).
 * On a phone it comes first, folded to one line with the total, and opens on a tap (a <details>, so
 * before the scripts too); on wide screens it is always open beside the form.
 */
export function OrderSummary({
  step,
  quote,
  couponCode,
  reservation,
}: {
  step: CheckoutPageData["step"];
  quote: CheckoutQuote;
  couponCode: string | null;
  /** A reservation is paid in the shop: no toast speaks of a payment page. */
  reservation: boolean;
}) {
  const { pricing } = quote;
  const count = quote.lines.reduce((sum, line) => sum + line.quantity, 0);
  const shownTotal = step === "payment" ? pricing.totalCents : pricing.subtotalCents - pricing.promoDiscountCents;
  return (
    <aside aria-labelledby="summary-title" className="h-fit rounded-md bg-linen lg:sticky lg:top-24">
      <details className="group lg:details-content:[content-visibility:visible]">
        <summary
          data-testid="summary-toggle"
          className="flex cursor-pointer list-none items-center justify-between gap-3 px-5 py-4 text-sm text-ink lg:hidden [&::-webkit-details-marker]:hidden"
        >
          <span className="flex items-center gap-2 font-medium">
            <ShoppingBag aria-hidden className="size-4 text-wine" strokeWidth={1.5} />
            <span className="group-open:hidden">Mostra il riepilogo</span>
            <span className="hidden group-open:inline">Nascondi il riepilogo</span>
            <span className="font-normal text-ink-soft">({count === 1 ? "1 articolo" : `${count} articoli`})</span>
            <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" strokeWidth={1.5} />
          </span>
          <span className="font-semibold">{formatEuro(shownTotal)}</span>
        </summary>
        <div className="px-6 pb-6 lg:pt-6">
          <h2 id="summary-title" className="text-2xl text-ink">
            Riepilogo ordine
          </h2>
          <ul aria-label="Articoli" className="mt-5 divide-y divide-sand">
            {quote.lines.map((line) => (
              <li key={`${line.id}-${line.size}-${line.color}`} data-testid="summary-line" className="flex gap-3 py-3">
                <div className="w-14 shrink-0 overflow-hidden rounded-sm bg-white">
                  <ResponsiveImage
                    src={line.image}
                    alt=""
                    width={800}
                    height={1000}
                    sizes="56px"
                    className="aspect-[4/5] w-full object-cover"
                  />
                </div>
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-medium text-ink">{line.name ?? "Articolo non più disponibile"}</p>
                  <p className="text-ink-soft">
                    Taglia {line.size} · Colore {line.color} · Qtà {line.quantity}
                  </p>
                  {line.status !== "ok" && (
                    <p className="mt-1 text-sale">{lineProblemMessage(line.status, line.minQuantity)}</p>
                  )}
                </div>
                <p className="text-sm font-medium text-ink" data-testid="summary-line-total">
                  {formatEuro(line.lineTotalCents)}
                </p>
              </li>
            ))}
          </ul>
          <div className="mt-4 border-t border-sand pt-4">
            <CouponForm step={step} couponCode={couponCode} reservation={reservation} />
          </div>
          {step === "information" && (
            <>
              <AmountRows
                className="mt-5 space-y-2 border-t border-sand pt-4 text-sm"
                rows={[
                  { label: "Subtotale", cents: pricing.subtotalCents, testId: "summary-subtotal" },
                  ...(pricing.promoDiscountCents > 0
                    ? [
                        {
                          label: SECOND_SWIMSUIT_PROMO_LABEL,
                          cents: pricing.promoDiscountCents,
                          kind: "discount" as const,
                        },
                      ]
                    : []),
                  {
                    label: "Totale provvisorio",
                    cents: pricing.subtotalCents - pricing.promoDiscountCents,
                    kind: "total",
                    testId: "summary-provisional-total",
                  },
                ]}
              />
              <p className="mt-3 text-xs leading-relaxed text-ink-soft">
                Sconti e spese di spedizione vengono calcolati nel passaggio successivo.
              </p>
            </>
          )}
        </div>
      </details>
    </aside>
  );
}

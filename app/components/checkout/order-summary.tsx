import { ShoppingBag } from "lucide-react";
import { AmountRows } from "~/components/orders/amount-rows";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import { lineProblemMessage } from "~/modules/cart/line-rules";
import { SECOND_SWIMSUIT_PROMO_LABEL } from "~/modules/cart/pricing";
import type { CheckoutQuote } from "~/modules/checkout/quote.server";
import { formatEuro } from "~/modules/format/numbers";
import type { CheckoutPageData } from "./checkout-page-data";
import { CouponForm } from "./coupon-form";

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
          <span className="flex items-center gap-3">
            <ShoppingBag aria-hidden className="size-5 shrink-0 text-wine" strokeWidth={1.5} />
            <span>
              <span className="block font-medium group-open:hidden">Mostra il riepilogo</span>
              <span className="hidden font-medium group-open:block">Nascondi il riepilogo</span>
              <span className="block text-xs text-ink-soft">{count === 1 ? "1 articolo" : `${count} articoli`}</span>
            </span>
          </span>
          <span className="flex items-center gap-3 font-semibold whitespace-nowrap">
            {formatEuro(shownTotal)}
            <span aria-hidden className="text-lg leading-none after:content-['+'] group-open:after:content-['–']" />
          </span>
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

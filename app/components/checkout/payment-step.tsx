import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useFetcher } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { OrderAmounts } from "~/components/orders/order-amounts";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { useShopSettings } from "~/components/use-shop-settings";
import type { CheckoutResult } from "~/modules/checkout/checkout-messages";
import type { CheckoutQuote } from "~/modules/checkout/quote.server";
import { deliveryLabel } from "~/modules/orders/order-views";
import { CARRIER_NAME, DELIVERY_ESTIMATE, WITHDRAWAL_DAYS } from "~/modules/shop/constants";
import { formatAddress } from "~/modules/shop/identity";
import { ChangedLines } from "./checkout-notice";
import type { CheckoutPageData } from "./checkout-page-data";
import { CollectionInfo } from "./collection-info";
import { useEmptyCartRedirect } from "./use-empty-cart-redirect";

function ReviewBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-md border border-sand bg-white p-5">
      <div className="flex items-start justify-between gap-4">
        <h2 className="font-sans text-xs font-semibold tracking-[0.2em] text-ink-soft uppercase">{title}</h2>
        <Link
          to="/checkout"
          className="inline-flex items-center gap-1 text-sm text-wine underline-offset-4 hover:underline"
        >
          <Pencil aria-hidden className="size-3.5" strokeWidth={1.5} />
          Modifica<span className="sr-only"> {title.toLowerCase()}</span>
        </Link>
      </div>
      <div className="mt-2 text-sm leading-relaxed text-ink">{children}</div>
    </section>
  );
}

/**
 * The second step: what was chosen, with 'Modifica' back to the first, then the final amounts the
 * server decided, directly above the button that places the order with the obligation to pay. A
 * reservation gets the same summary, with what to bring and the hours, above 'Conferma Prenotazione'.
 */
export function PaymentStep({
  form,
  quote,
  seen,
  provider,
  nativeAnswer,
}: CheckoutPageData & { quote: CheckoutQuote; nativeAnswer?: CheckoutResult }) {
  const fetcher = useFetcher<CheckoutResult>();
  const { shop } = useShopSettings();
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data ?? nativeAnswer;
  const messages = answer && !answer.ok ? answer.data?.messages : undefined;
  const { breakdown, discountNotes } = quote;
  const blocked = quote.problems.length > 0;
  const reservation = form.deliveryMethod === "pickup_and_pay";

  useEmptyCartRedirect(fetcher.data);
  useFetcherAnswer(fetcher.data, (answer) => {
    if (!answer.ok && answer.notice) void showToast(answer.notice, "error");
  });

  return (
    <div className="space-y-6">
      {messages && <ChangedLines messages={messages} />}
      {!messages && blocked && <ChangedLines messages={quote.problems} />}
      {!fetcher.data && nativeAnswer && !nativeAnswer.ok && nativeAnswer.notice && !messages && (
        <p role="alert" className="rounded-md border border-sale/40 bg-sale/5 p-4 text-sm text-ink">
          <strong>{nativeAnswer.notice.title}</strong> {nativeAnswer.notice.description}
        </p>
      )}

      <div className="grid gap-4 sm:grid-cols-2">
        <ReviewBlock title={reservation ? "Ritiro" : "Consegna"}>
          <p className="font-medium">{deliveryLabel(form.deliveryMethod)}</p>
          {form.deliveryMethod === "shipping" ? (
            <p>
              {form.address}
              <br />
              {form.postalCode} {form.city} ({form.province})
              <br />
              {form.country}
              <br />
              <span className="text-ink-soft">
                {DELIVERY_ESTIMATE} con {CARRIER_NAME}
              </span>
            </p>
          ) : (
            <p>
              {shop.name}, {formatAddress(shop.address)}
            </p>
          )}
        </ReviewBlock>
        <ReviewBlock title="Contatti">
          <p className="font-medium">{form.name}</p>
          <p>{form.email}</p>
          <p>{form.phone}</p>
        </ReviewBlock>
      </div>

      <section aria-labelledby="amounts-title" className="rounded-md border border-sand bg-white p-5">
        <h2 id="amounts-title" className="text-xl text-ink">
          {reservation ? "La tua prenotazione" : "Il tuo ordine"}
        </h2>
        <OrderAmounts className="mt-4 space-y-2 text-sm" breakdown={breakdown} testId="final" />
        {quote.couponProblem && (
          <p role="status" className="mt-3 text-sm text-sale">
            {quote.couponProblem}
          </p>
        )}
        {discountNotes.sentences.length > 0 && (
          <div data-testid="discount-explanation" className="mt-3 space-y-1 text-sm leading-relaxed text-ink-soft">
            {discountNotes.sentences.map((sentence) => (
              <p key={sentence}>{sentence}</p>
            ))}
          </div>
        )}
      </section>

      {reservation && <CollectionInfo reservation="to-confirm" />}

      {/* Not held before the page runs (useEarlySubmit): this step is a part the browser renders anew,
          and sent as a plain form it goes to the payment page just the same. */}
      <fetcher.Form method="post" action="/checkout?passo=pagamento" className="space-y-4">
        <input type="hidden" name="seen" value={seen} />
        {reservation ? (
          <p className="text-xs leading-relaxed text-ink-soft">
            Premendo «Conferma Prenotazione» riserviamo per te questi articoli e accetti le{" "}
            <Link to="/terms" className="underline underline-offset-2 hover:text-ink">
              Condizioni di vendita
            </Link>
            . Non paghi nulla online: paghi il totale quando li ritiri in negozio.
          </p>
        ) : (
          <p className="text-xs leading-relaxed text-ink-soft">
            Premendo «Completa Ordine e Paga» invii l'ordine con obbligo di pagamento e accetti le{" "}
            <Link to="/terms" className="underline underline-offset-2 hover:text-ink">
              Condizioni di vendita
            </Link>
            . Puoi recedere entro {WITHDRAWAL_DAYS} giorni dalla consegna. Verrai indirizzato alla pagina di pagamento
            sicura{provider === "stripe" ? " di Stripe" : " di prova"}.
          </p>
        )}
        <div className="flex flex-wrap items-center justify-between gap-4">
          <Link to="/checkout" className={buttonClass.secondary}>
            Indietro
          </Link>
          <button
            type="submit"
            name="intent"
            value="place"
            disabled={busy || blocked}
            className={`${buttonClass.primary} disabled:cursor-not-allowed disabled:opacity-60`}
          >
            {busy ? "Elaborazione…" : reservation ? "Conferma Prenotazione" : "Completa Ordine e Paga"}
          </button>
        </div>
      </fetcher.Form>
    </div>
  );
}

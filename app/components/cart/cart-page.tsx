import { Trash2 } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { Form, Link } from "react-router";
import { useLocalStorageItem } from "~/components/browser-storage";
import { saveCart, setCartQuantity, writeCartCookie } from "~/components/cart/cart-storage";
import { AmountRows } from "~/components/orders/amount-rows";
import { EmptyCart } from "~/components/shop/empty-cart";
import { buttonClass } from "~/components/ui/button";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { CartIntent } from "~/modules/cart/cart-forms.server";
import { type CartItem, cartKey, parseCart, reconciledCart, withQuantity } from "~/modules/cart/cart-lines";
import { lineProblemMessage, loweredLineMessage } from "~/modules/cart/line-rules";
import { SECOND_SWIMSUIT_PROMO_LABEL } from "~/modules/cart/pricing";
import type { CartQuote, CookieCart, QuotedLine } from "~/modules/cart/quote.server";
import { cartDiscountNote } from "~/modules/checkout/discount-explanation";
import { formatEuro } from "~/modules/format/numbers";
import type { ActionResult } from "~/modules/forms/action-result";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "~/modules/shop/constants";

type QuoteState = { status: "loading" } | { status: "error" } | { status: "ready"; quote: CartQuote; stale: boolean };

/**
 * The browser keeps the lines; the server prices them. Every change of the stored cart asks
 * /api/cart/quote again, and quantities above the stock come back lowered and are saved lowered.
 */
function useCartQuote(
  items: CartItem[] | null,
  serverQuote: CartQuote,
): { state: QuoteState; clampedKeys: Set<string> } {
  // The server's quote of the cookie's cart until the browser's own comes back.
  const [state, setState] = useState<QuoteState>({ status: "ready", quote: serverQuote, stale: false });
  const [clampedKeys, setClampedKeys] = useState(() => new Set<string>());

  useEffect(() => {
    if (items === null || items.length === 0) return;
    setState((current) =>
      current.status === "ready" && current.quote.lines.length > 0
        ? { ...current, stale: true }
        : { status: "loading" },
    );
    const controller = new AbortController();
    fetch("/api/cart/quote", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        items: items.map(({ id, size, color, quantity }) => ({ id, size, color, quantity: Math.min(quantity, 9999) })),
      }),
      signal: controller.signal,
    })
      .then((response) => (response.ok ? (response.json() as Promise<CartQuote>) : Promise.reject(response.status)))
      .then((quote) => {
        setState({ status: "ready", quote, stale: false });
        const clamped = quote.lines.filter((line) => line.clamped);
        if (clamped.length === 0) return;
        setClampedKeys((keys) => new Set([...keys, ...clamped.map(cartKey)]));
        saveCart(clamped.reduce((cart, line) => withQuantity(cart, line, line.quantity), items));
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: "error" });
      });
    return () => controller.abort();
  }, [items]);

  return { state, clampedKeys };
}

function CartLine({ line, clamped }: { line: QuotedLine; clamped: boolean }) {
  const name = line.name ?? "Prodotto non più disponibile";
  const buyable = line.status === "ok";

  return (
    <li data-testid="cart-line" className="flex gap-4 py-6 sm:gap-6">
      <div
        data-testid="cart-line-thumbnail"
        className="aspect-[4/5] w-24 shrink-0 self-start overflow-hidden rounded-sm bg-linen sm:w-28"
      >
        <ResponsiveImage
          src={line.image}
          alt=""
          width={800}
          height={1000}
          sizes="112px"
          className="size-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <div className="min-w-0">
            {line.name ? (
              <Link to={`/product/${line.id}`} className="font-medium text-ink hover:text-wine">
                {name}
              </Link>
            ) : (
              <p className="font-medium text-ink-soft">{name}</p>
            )}
            <p className="mt-1 text-sm text-ink-soft">
              Taglia: {line.size} · Colore: {line.color}
            </p>
            {line.unitPriceCents !== null && (
              <p className="mt-1 text-sm text-ink-soft">
                Prezzo unitario: <span data-testid="unit-price">{formatEuro(line.unitPriceCents)}</span>
              </p>
            )}
          </div>
          {buyable && (
            <p data-testid="line-total" className="font-medium text-ink">
              {formatEuro(line.lineTotalCents)}
            </p>
          )}
        </div>

        {line.status !== "ok" && (
          <p role="status" className="text-sm font-medium text-sale">
            {lineProblemMessage(line.status, line.minQuantity)}
          </p>
        )}
        {buyable && clamped && (
          <p role="status" className="text-sm text-wine">
            {loweredLineMessage(line)}
          </p>
        )}

        {/* Without JavaScript the buttons post the new quantity; with it, the browser's cart changes and nothing is sent. */}
        <form
          method="post"
          onSubmit={(event) => event.preventDefault()}
          className="flex items-center justify-between gap-4"
        >
          <input type="hidden" name="intent" value="quantity" />
          <input type="hidden" name="id" value={line.id} />
          <input type="hidden" name="size" value={line.size} />
          <input type="hidden" name="color" value={line.color} />
          {buyable ? (
            <QuantityStepper
              value={line.quantity}
              max={line.maxQuantity}
              // Below the minimum quantity (packs) the line goes, as at 0.
              onChange={(next) => setCartQuantity(line, next < line.minQuantity ? 0 : next)}
              label={`Quantità di ${name}`}
              submitName="quantity"
              compact
              testId="line-quantity"
            />
          ) : (
            <span />
          )}
          <button
            type="submit"
            name="quantity"
            value="0"
            onClick={() => setCartQuantity(line, 0)}
            className="inline-flex items-center gap-1.5 text-sm text-ink-soft underline-offset-4 hover:text-sale hover:underline"
          >
            <Trash2 aria-hidden className="size-4" strokeWidth={1.5} />
            Rimuovi<span className="sr-only"> {name}</span>
          </button>
        </form>
      </div>
    </li>
  );
}

function Summary({ quote }: { quote: CartQuote }) {
  const { totals } = quote;
  const unavailable = quote.lines.some((line) => line.status !== "ok");
  const blocked = unavailable || quote.unitsProblem !== null;
  return (
    <section aria-labelledby="summary-title" className="rounded-md bg-linen p-6 lg:sticky lg:top-24">
      <h2 id="summary-title" className="text-2xl text-ink">
        Riepilogo ordine
      </h2>
      <AmountRows
        className="mt-6 space-y-3 text-sm"
        rows={[
          { label: "Subtotale", cents: totals.subtotalCents, testId: "subtotal" },
          ...(totals.promoDiscountCents > 0
            ? [
                {
                  label: SECOND_SWIMSUIT_PROMO_LABEL,
                  cents: totals.promoDiscountCents,
                  kind: "discount" as const,
                  testId: "promo-discount",
                },
              ]
            : []),
          { label: "Totale", cents: totals.totalCents, kind: "total", testId: "total" },
        ]}
      />
      <p data-testid="cart-discount-note" className="mt-4 text-xs leading-relaxed text-ink-soft">
        {cartDiscountNote(totals.promoDiscountCents)}
      </p>
      {unavailable && (
        <p className="mt-4 text-sm text-sale">Rimuovi gli articoli non disponibili per procedere al checkout.</p>
      )}
      {quote.unitsProblem && (
        <p role="status" className="mt-4 text-sm text-sale">
          {quote.unitsProblem}
        </p>
      )}
      {blocked || totals.count === 0 ? (
        <span aria-disabled="true" className={`${buttonClass.primary} mt-6 w-full cursor-not-allowed opacity-50`}>
          Procedi al checkout
        </span>
      ) : (
        // The checkout works on the server's copy of the cart: the lines go with the click.
        <Form method="post" action="/checkout" className="mt-6">
          <input type="hidden" name="intent" value="cart" />
          <input type="hidden" name="next" value="/checkout" />
          <input
            type="hidden"
            name="cart"
            value={JSON.stringify(quote.lines.map(({ id, size, color, quantity }) => ({ id, size, color, quantity })))}
          />
          <button type="submit" className={`${buttonClass.primary} w-full`}>
            Procedi al checkout
          </button>
        </Form>
      )}
    </section>
  );
}

export function CartPage({
  quote: serverQuote,
  serverCart,
  refused,
}: {
  /** The cookie's cart priced by the server: what shows before JavaScript runs, or without it. */
  quote: CartQuote;
  serverCart: CookieCart | null;
  /** A form posted without JavaScript that could not change the cart. */
  refused: ActionResult<CartIntent, { productId: number | null }> | undefined;
}) {
  const raw = useLocalStorageItem(CART_STORAGE_KEY, CART_UPDATED_EVENT);
  // null until hydrated, and without JavaScript: the page then shows the cookie's cart, priced by the server.
  const items = useMemo(() => (raw === undefined ? null : parseCart(raw)), [raw]);
  const { state, clampedKeys } = useCartQuote(items, serverQuote);
  const count = (items ?? serverQuote.lines).reduce((sum, item) => sum + item.quantity, 0);

  // Once JavaScript runs, the browser's storage and the cookie are brought in step, once: a cart the
  // server changed (forms posted before the page was interactive) is taken over, else the cookie follows.
  const inStep = useRef(false);
  useEffect(() => {
    if (items === null || inStep.current) return;
    inStep.current = true;
    const taken = serverCart ? reconciledCart(items, serverCart, serverQuote.lines) : null;
    if (taken) saveCart(taken);
    else writeCartCookie(items);
  }, [items, serverCart, serverQuote]);

  let body: ReactNode;
  if ((items ?? serverQuote.lines).length === 0) {
    body = <EmptyCart />;
  } else if (state.status === "error") {
    body = (
      <p role="alert" className="py-16 text-center text-ink">
        Impossibile caricare il carrello. Ricarica la pagina per riprovare.
      </p>
    );
  } else if (state.status === "loading") {
    body = <p className="py-16 text-center text-ink-soft">Caricamento del carrello…</p>;
  } else {
    const clamped = (line: QuotedLine) => (items === null ? line.clamped : clampedKeys.has(cartKey(line)));
    body = (
      <div className="grid gap-10 lg:grid-cols-[1fr_22rem] lg:gap-16">
        <ul
          aria-label="Articoli nel carrello"
          aria-busy={state.stale}
          className="divide-y divide-sand border-y border-sand"
        >
          {state.quote.lines.map((line) => (
            <CartLine key={cartKey(line)} line={line} clamped={clamped(line)} />
          ))}
        </ul>
        <Summary quote={state.quote} />
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:py-14">
      <h1 className="text-3xl text-ink sm:text-4xl">Il tuo carrello</h1>
      {count > 0 && (
        <p data-testid="cart-heading-count" className="mt-2 text-ink-soft">
          {count === 1 ? "1 articolo" : `${count} articoli`}
        </p>
      )}
      {refused?.notice && (
        // A form posted without JavaScript that could not change the cart: what a toast would have said.
        <div role="alert" className="mt-6 rounded-md border border-sale/40 bg-blush p-4 text-sm text-ink">
          <p className="font-medium text-sale">{refused.notice.title}</p>
          {refused.notice.description && <p className="mt-1">{refused.notice.description}</p>}
          {refused.data?.productId != null && (
            <Link to={`/product/${refused.data.productId}`} className="mt-2 inline-block underline underline-offset-4">
              Torna al prodotto
            </Link>
          )}
        </div>
      )}
      <div className="mt-8">{body}</div>
    </div>
  );
}

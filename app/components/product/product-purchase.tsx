import { type FormEvent, useRef } from "react";
import { Link, useNavigate } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import type { ProductDetails } from "~/modules/catalog/product-details.server";
import {
  addedToCartMessage,
  availableStock,
  choicesFromForm,
  isSizeAvailable,
  minimumQuantity,
  type Selection,
  selectColor,
  soldOutLabel,
} from "~/modules/catalog/selection";
import { priceRequestPath } from "~/modules/contact/price-request";
import { formatEuro } from "~/modules/format/numbers";

type ProductPurchaseProps = {
  product: ProductDetails;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
  /** What the shopper chose before the page was interactive, read from the form once it is. */
  onHydrated: (choices: { selection: Selection; quantity: number | null }) => void;
};

// Adding to the cart downloads when the shopper first touches the form (focus or press), not with the page.
const addToCartCode = () => import("./add-to-cart");

function preloadAddToCart() {
  void addToCartCode().catch(() => {});
}

// Each option is a radio, transparent over the swatch or the size it stands for (so it takes the
// clicks); the swatch after it draws the choice and the keyboard focus.
const optionInput =
  "peer absolute inset-0 z-10 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed";
const optionFocus = "peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-wine";

/**
 * Colour, size and quantity, with 'Aggiungi al carrello' and 'Acquista ora' and every rule of the
 * product page. A real form: without JavaScript it posts to /cart, which adds the line on the server; with
 * it, the browser adds the line and shows the toasts (a press before the page runs waits for it).
 */
export function ProductPurchase({
  product,
  selection,
  onSelectionChange,
  quantity,
  onQuantityChange,
  onHydrated,
}: ProductPurchaseProps) {
  const navigate = useNavigate();
  const stock = availableStock(product, selection);
  const soldOut = soldOutLabel(product, selection);
  // Nothing to add (sold out, or a price to ask for): the buttons look it, and a click says why.
  const unavailable = soldOut !== null || product.priceCents === null;

  // Colour, size and quantity chosen before the page was interactive, and a press of its buttons then.
  const early = useEarlySubmit((form) => onHydrated(choicesFromForm(product, new FormData(form))));

  // Set when the code could not be downloaded: the form then posts as it does without JavaScript.
  const postNatively = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    if (postNatively.current) return;
    event.preventDefault();
    const formElement = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const code = await addToCartCode().catch(() => null);
    if (!code) {
      postNatively.current = true;
      formElement.requestSubmit(submitter);
      return;
    }
    const problem = code.addProductToCart(product, selection, quantity);
    if (problem) void showToast(problem, "error");
    else if (submitter?.value === "buy") void navigate("/checkout");
    else void showToast(addedToCartMessage, "success");
  }

  return (
    <form
      {...early}
      method="post"
      action="/cart"
      onSubmit={submit}
      onFocus={preloadAddToCart}
      onPointerDown={preloadAddToCart}
      className="flex flex-col gap-6"
    >
      <input type="hidden" name="productId" value={product.id} />
      {product.colors.length > 0 && (
        <fieldset>
          <legend className="text-sm text-ink-soft">
            Colore: <span className="font-medium text-ink">{selection.color ?? "scegli un colore"}</span>
          </legend>
          <div className="mt-3 flex flex-wrap gap-3">
            {product.colors.map((color) => (
              <label
                key={color.name}
                title={color.available ? color.name : `${color.name} – esaurito`}
                className="relative block"
              >
                <input
                  type="radio"
                  name="color"
                  value={color.name}
                  checked={color.name === selection.color}
                  onChange={() => onSelectionChange(selectColor(product, selection, color.name))}
                  aria-label={color.available ? color.name : `${color.name} (esaurito)`}
                  className={optionInput}
                />
                <span
                  className={`relative block size-10 rounded-full border border-sand p-0.5 peer-hover:border-ink-soft peer-checked:border-ink peer-checked:ring-1 peer-checked:ring-ink ${optionFocus}`}
                >
                  <span
                    className={`block size-full rounded-full border border-ink/10 ${color.available ? "" : "opacity-40"}`}
                    style={{ backgroundColor: color.code }}
                  />
                  {!color.available && (
                    <span
                      aria-hidden
                      className="absolute top-1/2 left-1 h-px w-8 -translate-y-1/2 -rotate-45 bg-ink-soft"
                    />
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      )}

      {product.sizes.length > 0 && (
        <fieldset>
          <legend className="text-sm text-ink-soft">
            Taglia: <span className="font-medium text-ink">{selection.size ?? "scegli una taglia"}</span>
          </legend>
          <div className="mt-3 flex flex-wrap gap-2">
            {product.sizes.map((size) => {
              const available = isSizeAvailable(product, selection.color, size.name);
              return (
                <label key={size.name} className="relative block">
                  <input
                    type="radio"
                    name="size"
                    value={size.name}
                    disabled={!available}
                    checked={size.name === selection.size}
                    onChange={() => onSelectionChange({ ...selection, size: size.name })}
                    aria-label={available ? size.name : `${size.name} (esaurita)`}
                    className={optionInput}
                  />
                  <span
                    className={`block min-w-12 rounded-sm border px-3 py-2 text-center text-sm peer-checked:border-ink peer-checked:bg-ink peer-checked:text-ivory ${optionFocus} ${
                      available
                        ? "border-sand text-ink peer-hover:border-ink"
                        : "border-sand/70 text-ink-soft/60 line-through"
                    }`}
                  >
                    {size.name}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend className="text-sm text-ink-soft">Quantità{product.minQuantity > 1 && " (pezzi)"}</legend>
        <QuantityStepper
          value={quantity}
          min={minimumQuantity(product)}
          max={stock}
          onChange={onQuantityChange}
          inputName="quantity"
          testId="quantity"
          className="mt-3"
        />
        {/* Sold by the piece from a minimum: what this quantity costs, in plain figures. */}
        {product.minQuantity > 1 && product.priceCents !== null && (
          <p data-testid="quantity-total" className="mt-2 text-sm text-ink">
            {quantity} pezzi: {formatEuro(quantity * product.priceCents)}
          </p>
        )}
      </fieldset>

      <div className="flex flex-col gap-3">
        {soldOut && (
          <p id="purchase-note" className="text-sm font-medium text-sale">
            {soldOut}
          </p>
        )}
        {!soldOut && product.priceCents === null && (
          <p id="purchase-note" className="text-sm text-ink">
            Prezzo su richiesta:{" "}
            <Link to={priceRequestPath(product.name)} className="text-wine underline underline-offset-4">
              scrivici per saperlo
            </Link>
            .
          </p>
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <button
            type="submit"
            name="intent"
            value="add"
            aria-describedby={unavailable ? "purchase-note" : undefined}
            className={`${unavailable ? buttonClass.soldOut : buttonClass.primary} flex-1`}
          >
            Aggiungi al carrello
          </button>
          <button
            type="submit"
            name="intent"
            value="buy"
            aria-describedby={unavailable ? "purchase-note" : undefined}
            className={`${unavailable ? buttonClass.soldOut : buttonClass.secondary} flex-1`}
          >
            Acquista ora
          </button>
        </div>
      </div>
    </form>
  );
}

import { useNavigate } from "react-router";
import { addToCart, readCart } from "~/components/cart/cart-storage";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { QuantityStepper } from "~/components/ui/quantity-stepper";
import { quantityInCart } from "~/modules/cart/cart-lines";
import type { ProductDetails } from "~/modules/catalog/product-details.server";
import {
  addedToCartMessage,
  addToCartProblem,
  availableStock,
  clampQuantity,
  isSizeAvailable,
  minimumQuantity,
  type Selection,
  selectColor,
} from "~/modules/catalog/selection";

type ProductPurchaseProps = {
  product: ProductDetails;
  selection: Selection;
  onSelectionChange: (selection: Selection) => void;
  quantity: number;
  onQuantityChange: (quantity: number) => void;
};

/** Colour, size and quantity, with 'Aggiungi al carrello' and 'Acquista ora' and every rule of the spec. */
export function ProductPurchase({
  product,
  selection,
  onSelectionChange,
  quantity,
  onQuantityChange,
}: ProductPurchaseProps) {
  const navigate = useNavigate();
  const stock = availableStock(product, selection);
  const lineKey = {
    id: product.id,
    color: selection.color ?? product.colors[0]?.name ?? "",
    size: selection.size ?? product.sizes[0]?.name ?? "",
  };

  /** Puts the chosen quantity in the cart; false (after telling why) when a rule blocks it. */
  function add(): boolean {
    const problem = addToCartProblem(product, selection, quantity, quantityInCart(readCart(), lineKey));
    if (problem) {
      void showToast(problem, "error");
      return false;
    }
    const image =
      product.images.find((candidate) => candidate.colorName === lineKey.color)?.path ?? product.image ?? null;
    addToCart({
      ...lineKey,
      name: product.name,
      price: product.priceCents,
      image,
      quantity,
      category: product.gender,
      subcategory: product.subcategory,
    });
    return true;
  }

  return (
    <div className="flex flex-col gap-6">
      {product.colors.length > 0 && (
        <fieldset>
          <legend className="text-sm text-ink-soft">
            Colore: <span className="font-medium text-ink">{selection.color ?? "scegli un colore"}</span>
          </legend>
          <div className="mt-3 flex flex-wrap gap-3">
            {product.colors.map((color) => {
              const chosen = color.name === selection.color;
              return (
                <button
                  key={color.name}
                  type="button"
                  aria-pressed={chosen}
                  aria-label={color.available ? color.name : `${color.name} (esaurito)`}
                  title={color.available ? color.name : `${color.name} – esaurito`}
                  onClick={() => onSelectionChange(selectColor(product, selection, color.name))}
                  className={`relative size-10 rounded-full border p-0.5 ${
                    chosen ? "border-ink ring-1 ring-ink" : "border-sand hover:border-ink-soft"
                  }`}
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
                </button>
              );
            })}
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
              const chosen = size.name === selection.size;
              return (
                <button
                  key={size.name}
                  type="button"
                  disabled={!available}
                  aria-pressed={chosen}
                  aria-label={available ? size.name : `${size.name} (esaurita)`}
                  onClick={() => onSelectionChange({ ...selection, size: size.name })}
                  className={`min-w-12 rounded-sm border px-3 py-2 text-sm ${
                    chosen
                      ? "border-ink bg-ink text-ivory"
                      : available
                        ? "border-sand text-ink hover:border-ink"
                        : "cursor-not-allowed border-sand/70 text-ink-soft/60 line-through"
                  }`}
                >
                  {size.name}
                </button>
              );
            })}
          </div>
        </fieldset>
      )}

      <fieldset>
        <legend className="text-sm text-ink-soft">Quantità</legend>
        <QuantityStepper
          value={quantity}
          min={minimumQuantity(product)}
          max={stock}
          // A quantity left above a smaller stock may still step down.
          onChange={(next) => onQuantityChange(clampQuantity(next, product, Math.max(stock, quantity)))}
          testId="quantity"
          className="mt-3"
        />
      </fieldset>

      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          onClick={() => add() && void showToast(addedToCartMessage, "success")}
          className={`${buttonClass.primary} flex-1`}
        >
          Aggiungi al carrello
        </button>
        <button type="button" onClick={() => add() && navigate("/cart")} className={`${buttonClass.secondary} flex-1`}>
          Acquista ora
        </button>
      </div>
    </div>
  );
}

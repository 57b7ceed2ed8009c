// The rules a line must meet to go into the cart, as the toast that says which one it breaks. Shared
// by the browser (loaded with the product page's add-to-cart, on first use) and the server's cart
// forms; apart from catalog/selection.ts, which the product page runs from the start.
import {
  availableStock,
  needsColorChoice,
  needsSizeChoice,
  type SelectableProduct,
  type Selection,
  type ToastMessage,
} from "~/modules/catalog/selection";
import { checkLine, lineProblemMessage } from "./line-rules";

/**
 * Why the chosen quantity cannot go into the cart, as the toast to show, or null when it can.
 * `inCart` is how many of this exact colour and size the cart already holds: together they may
 * not exceed the stock.
 */
export function addToCartProblem(
  product: SelectableProduct,
  selection: Selection,
  quantity: number,
  inCart = 0,
): ToastMessage | null {
  if (product.inStock <= 0) {
    return { title: "Prodotto Esaurito", description: "Questo articolo non è al momento disponibile." };
  }
  const color = product.colors.find((option) => option.name === selection.color);
  if (color && !color.available) {
    return { title: "Colore Esaurito", description: "Questo colore non è al momento disponibile." };
  }
  if (product.priceCents === null) return { title: "Errore", description: "Prezzo del prodotto non disponibile." };
  if (needsSizeChoice(product) && !selection.size) {
    return { title: "Selezione richiesta", description: "Per favore, seleziona una taglia." };
  }
  if (needsColorChoice(product) && !selection.color) {
    return { title: "Selezione richiesta", description: "Per favore, seleziona un colore." };
  }
  const stock = availableStock(product, selection);
  const line = checkLine(
    { variant: { stock }, priceCents: product.priceCents, minQuantity: product.minQuantity },
    quantity + inCart,
  );
  if (line.clamped || line.status === "sold_out") {
    return {
      title: "Quantità non disponibile",
      description: `Sono disponibili solo ${stock} pezzi per questo colore.`,
    };
  }
  if (line.status === "below_minimum") {
    return { title: "Quantità non disponibile", description: lineProblemMessage("below_minimum", product.minQuantity) };
  }
  return null;
}

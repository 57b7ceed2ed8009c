// What 'Aggiungi al carrello' and 'Acquista ora' do once the page runs: the cart's rules, its storage
// and its cookie. Only a press of the buttons needs them, so the product page loads this module when
// the shopper first touches its form, not with the page.
import { addToCart, readCart } from "~/components/cart/cart-storage";
import { addToCartProblem } from "~/modules/cart/add-to-cart-problem";
import { quantityInCart } from "~/modules/cart/cart-lines";
import type { ProductDetails } from "~/modules/catalog/product-details.server";
import { lineKeyFor, type Selection, type ToastMessage } from "~/modules/catalog/selection";

/** Puts the chosen quantity in the browser's cart; the toast saying why not when a rule blocks it. */
export function addProductToCart(product: ProductDetails, selection: Selection, quantity: number): ToastMessage | null {
  const lineKey = lineKeyFor(product, selection);
  const problem = addToCartProblem(product, selection, quantity, quantityInCart(readCart(), lineKey));
  if (problem) return problem;
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
  return null;
}

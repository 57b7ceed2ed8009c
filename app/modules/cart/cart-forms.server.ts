// The cart's forms as the server answers them when the page runs without JavaScript (or before it
// does): the product page's 'Aggiungi al carrello' and 'Acquista ora', and the cart's quantity and
// remove buttons. They change the cart kept in the cookie, by the same rules the browser applies.
import type { Queryable } from "~/db/client.server";
import { getProductDetails } from "~/modules/catalog/product-details.server";
import { parseProductId } from "~/modules/catalog/product-id";
import { choicesFromForm, lineKeyFor, minimumQuantity, type ToastMessage } from "~/modules/catalog/selection";
import { invalidRequestMessage } from "~/modules/forms/read-form.server";
import { addToCartProblem } from "./add-to-cart-problem";
import { quantityInCart, withItemAdded, withQuantity } from "./cart-lines";
import type { CartLineRequest } from "./values";

const MAX_QUANTITY = 9999;

/** The cart's forms: 'Aggiungi al carrello', 'Acquista ora', and a line's quantity. */
export type CartIntent = "add" | "buy" | "quantity";

/** The cart's new lines, or why it cannot change. */
export type CartChange =
  | { ok: true; lines: CartLineRequest[] }
  | { ok: false; problem: ToastMessage; productId: number | null };

const unavailable: ToastMessage = { title: "Errore", description: "Prodotto o prezzo non disponibile." };

/** 'Aggiungi al carrello' and 'Acquista ora' posted from a product page. */
export async function addFromProductForm(
  db: Queryable,
  lines: readonly CartLineRequest[],
  form: FormData,
): Promise<CartChange> {
  const id = parseProductId(String(form.get("productId") ?? ""));
  const product = id === null ? null : await getProductDetails(db, id);
  if (!product) return { ok: false, problem: unavailable, productId: null };
  const choices = choicesFromForm(product, form);
  const quantity = Math.min(MAX_QUANTITY, Math.max(1, choices.quantity ?? minimumQuantity(product)));
  const line = lineKeyFor(product, choices.selection);
  const problem = addToCartProblem(product, choices.selection, quantity, quantityInCart(lines, line));
  if (problem) return { ok: false, problem, productId: product.id };
  return { ok: true, lines: withItemAdded(lines, { ...line, quantity }) };
}

/** The cart's − / + (the new quantity) and 'Rimuovi' (0); below 1 the line goes. */
export function changeQuantityFromForm(lines: readonly CartLineRequest[], form: FormData): CartChange {
  const quantity = Number(form.get("quantity"));
  if (!Number.isSafeInteger(quantity)) {
    return { ok: false, problem: { title: "Errore", description: invalidRequestMessage }, productId: null };
  }
  const line = {
    id: Number(form.get("id")),
    size: String(form.get("size") ?? ""),
    color: String(form.get("color") ?? ""),
  };
  return { ok: true, lines: withQuantity(lines, line, Math.min(quantity, MAX_QUANTITY)) };
}

import { data, redirect } from "react-router";
import { CartPage } from "~/components/cart/cart-page";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { cartCookie } from "~/modules/cart/cart-cookie";
import {
  addFromProductForm,
  type CartChange,
  type CartIntent,
  changeQuantityFromForm,
} from "~/modules/cart/cart-forms.server";
import { openCheckoutSession, saveCheckoutCart } from "~/modules/cart/checkout-sessions.server";
import { cartFromCookie, quoteCart } from "~/modules/cart/quote.server";
import { failed, handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { pageMeta } from "~/modules/seo/meta";
import { readSettings } from "~/modules/settings/settings.server";
import { cartRules } from "~/modules/settings/shop-settings";
import { services } from "~/services.server";
import type { Route } from "./+types/cart";

export function meta() {
  return [
    ...pageMeta("Carrello", "Gli articoli che hai scelto, con i prezzi aggiornati e la promo sui costumi."),
    { name: "robots", content: "noindex" },
  ];
}

/** The cart the cookie holds, priced: what the page shows before JavaScript runs, or without it. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const serverCart = cartFromCookie(request.headers.get("Cookie"));
  const { db } = services(context);
  const quote = await quoteCart(db, { items: serverCart?.lines ?? [] }, cartRules(await readSettings(db)));
  return { quote, serverCart };
}

/** The product page's and the cart's forms, posted without JavaScript: they change the cookie's cart. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const stored = cartFromCookie(request.headers.get("Cookie"));
  const lines = stored?.lines ?? [];
  const { db, clock } = services(context);

  const apply = async (intent: CartIntent, change: CartChange) => {
    if (!change.ok) {
      return data(failed({ intent, notice: change.problem, data: { productId: change.productId } }), { status: 400 });
    }
    // Without a copy of the browser's cart, what the server writes is only its additions.
    const writer = stored === null || stored.writer === "server-additions" ? "server-additions" : "server";
    const headers = new Headers({ "Set-Cookie": cartCookie(change.lines, writer) });
    if (intent !== "buy") return redirect("/cart", { headers });
    // 'Acquista ora': the cart goes to the checkout, as the cart page's 'Procedi al checkout' sends it.
    const user = await getCurrentUser(request);
    const checkout = await openCheckoutSession(db, request.headers.get("Cookie"), user?.id ?? null, clock.now());
    await saveCheckoutCart(db, checkout.session.id, change.lines);
    if (checkout.setCookie) headers.append("Set-Cookie", checkout.setCookie);
    return redirect("/checkout", { headers });
  };
  const add = async (intent: CartIntent) => apply(intent, await addFromProductForm(db, lines, form));
  return handleIntent(form, {
    add,
    buy: add,
    quantity: (intent) => apply(intent, changeQuantityFromForm(lines, form)),
  });
}

export default function Cart({ loaderData, actionData }: Route.ComponentProps) {
  return <CartPage {...loaderData} refused={actionData} />;
}

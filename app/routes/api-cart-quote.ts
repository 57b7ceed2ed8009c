import { cartQuoteRequestSchema, quoteCart } from "~/modules/cart/quote.server";
import { readSettings } from "~/modules/settings/settings.server";
import { cartRules } from "~/modules/settings/shop-settings";
import { services } from "~/services.server";
import type { Route } from "./+types/api-cart-quote";
import { methodNotAllowed } from "./method-not-allowed.server";

/** POST /api/cart/quote: the browser's cart lines, priced and checked against the database. */
export async function action({ request, context }: Route.ActionArgs) {
  const body = await request.json().catch(() => null);
  const parsed = cartQuoteRequestSchema.safeParse(body);
  if (!parsed.success) return Response.json({ error: "Carrello non valido." }, { status: 400 });
  const { db } = services(context);
  return Response.json(await quoteCart(db, parsed.data, cartRules(await readSettings(db))), {
    headers: { "Cache-Control": "no-store" },
  });
}

export const loader = () => methodNotAllowed("POST");

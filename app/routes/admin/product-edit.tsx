import { ArrowLeft } from "lucide-react";
import { data, Form, Link, redirect } from "react-router";
import { emptyProduct, ProductEditor } from "~/components/admin/products/product-editor";
import { ProductNotice } from "~/components/admin/products/product-notice";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { productIdSchema } from "~/modules/catalog/product-id";
import { formatDate } from "~/modules/format/dates";
import { formatEuro } from "~/modules/format/numbers";
import { readForm } from "~/modules/forms/read-form.server";
import { runProductAction } from "~/modules/product-admin/product-actions.server";
import { loadProductForEdit } from "~/modules/product-admin/products.server";
import { services } from "~/services.server";
import type { Route } from "./+types/product-edit";

// One page for a new product (/admin/products/nuovo, no productId) and an existing one.

/** What the page says after a redirect here (?fatto=…): the product was just created or copied. */
const doneMessages: Record<string, string> = {
  creato: "Prodotto creato.",
  copiato: "Copia creata: è archiviata finché non la rimetti in vendita.",
};

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData?.product ? `Modifica ${loaderData.product.name}` : "Nuovo prodotto";
  return [{ title }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const done = doneMessages[new URL(request.url).searchParams.get("fatto") ?? ""] ?? null;
  if (params.productId === undefined) return { product: null, done };
  const { db, clock } = services(context);
  const id = productIdSchema.safeParse(Number(params.productId));
  const product = id.success ? await loadProductForEdit(db, id.data, clock.now()) : null;
  if (!product) throw data("Prodotto non trovato.", { status: 404 });
  return { product, done };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  currentAdmin(context);
  const form = await readForm(request);
  const pageId = params.productId === undefined ? null : Number(params.productId);
  if (pageId !== null && !productIdSchema.safeParse(pageId).success)
    throw data("Prodotto non trovato.", { status: 404 });
  const answer = await runProductAction(services(context), form, pageId);
  if (answer.ok && answer.intent === "duplicate")
    throw redirect(`/admin/products/${answer.data?.productId}?fatto=copiato`);
  if (answer.ok && pageId === null) throw redirect(`/admin/products/${answer.data?.productId}?fatto=creato`);
  return data(answer, { status: answer.ok ? 200 : 422 });
}

const secondaryClass =
  "inline-flex items-center gap-1 rounded-sm border border-sand px-3 py-1.5 text-sm text-ink hover:border-ink";

export default function AdminProductEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { product, done } = loaderData;
  const errors = actionData && !actionData.ok ? (actionData.fieldErrors ?? {}) : {};
  return (
    <>
      <Link
        to="/admin/products"
        className="inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Torna a tutti i prodotti
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl text-ink">{product ? product.name : "Nuovo prodotto"}</h1>
        {product?.archivedAt && (
          <span className="rounded-sm bg-linen px-2 py-0.5 text-xs text-ink-soft uppercase">Archiviato</span>
        )}
      </div>
      <ProductNotice answer={actionData} done={done} />
      {product && (
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {!product.archivedAt && (
            <Link to={`/product/${product.id}`} className={secondaryClass}>
              Vedi nel negozio
            </Link>
          )}
          <Link to={`/admin/products/${product.id}/immagini`} className={secondaryClass}>
            Immagini
          </Link>
          <Form method="post">
            <input type="hidden" name="intent" value={product.archivedAt ? "unarchive" : "archive"} />
            <button type="submit" className={secondaryClass}>
              {product.archivedAt ? "Rimetti in vendita" : "Archivia"}
            </button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="duplicate" />
            <button type="submit" className={secondaryClass}>
              Duplica
            </button>
          </Form>
        </div>
      )}
      <ProductEditor
        key={product ? `${product.id}-${product.updatedAt}` : "nuovo"}
        product={product ?? emptyProduct}
        errors={errors}
        submitLabel={product ? "Salva modifiche" : "Crea prodotto"}
      />
      {product && (
        <section aria-labelledby="price-history" className="mt-8 rounded-md border border-sand bg-white p-4 text-sm">
          <h2 id="price-history" className="text-lg text-ink">
            Storico prezzi
          </h2>
          <p className="mt-2 text-ink">
            Prezzo più basso dei 30 giorni prima del prezzo attuale (Omnibus):{" "}
            <strong>
              {product.lowestPrice30DaysCents === null
                ? "nessun prezzo precedente"
                : formatEuro(product.lowestPrice30DaysCents)}
            </strong>
          </p>
          {product.priceHistory.length > 0 && (
            <ul className="mt-2 space-y-1 text-ink-soft">
              {product.priceHistory.map((point) => (
                <li key={point.validFrom}>
                  {formatDate(point.validFrom, "dateTime")}: {formatEuro(point.priceCents)}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}

import { Form, Link } from "react-router";
import { crossedOutPriceCents, discountPercent } from "~/modules/catalog/crossed-out-price";
import { formatEuro } from "~/modules/format/numbers";
import { LOW_STOCK } from "~/modules/product-admin/product-list";
import type { AdminProductRow } from "~/modules/product-admin/product-list.server";

/** The id of the quick stock form, which every stock input of the list belongs to (one submit saves them all). */
export const stockFormId = "giacenze";

const smallButtonClass = "text-sm text-wine underline underline-offset-4 hover:text-wine-dark";

/**
 * The products as cards, one under the other (they stack on a phone): name, price, flags, and each
 * variant's stock as an input of the quick stock form. Each input carries the stock it showed, so an
 * order placed meanwhile is never overwritten (products.server.ts).
 */
export function ProductsTable({ products }: { products: AdminProductRow[] }) {
  return (
    <ul className="space-y-3">
      {products.map((product) => (
        <li
          key={product.id}
          aria-label={product.name}
          className={`rounded-md border border-sand bg-white p-4 ${product.archived ? "opacity-75" : ""}`}
        >
          <div className="flex flex-wrap items-start gap-4">
            {product.image ? (
              <img src={product.image} alt="" className="size-16 shrink-0 rounded-sm object-cover" loading="lazy" />
            ) : (
              <div aria-hidden className="size-16 shrink-0 rounded-sm bg-linen" />
            )}
            <div className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/admin/products/${product.id}`}
                  className="font-medium text-ink underline-offset-4 hover:underline"
                >
                  {product.name}
                </Link>
                {product.archived && (
                  <span className="rounded-sm bg-linen px-2 py-0.5 text-xs text-ink-soft uppercase">Archiviato</span>
                )}
                {product.isNew && <span className="text-xs text-wine uppercase">Nuovo</span>}
                {product.isNewCollection && <span className="text-xs text-wine uppercase">Nuova collezione</span>}
                {product.isOutlet && <span className="text-xs text-wine uppercase">Outlet</span>}
              </p>
              <p className="mt-1 text-sm text-ink-soft">
                {product.brand} · {product.gender} · {product.subcategory} · SKU {product.sku}
              </p>
              <p className="mt-1 text-sm text-ink">
                {product.priceCents === null ? "Prezzo non disponibile" : formatEuro(product.priceCents)}
                <ReducedFrom product={product} /> · {product.totalStock} pezzi
              </p>
            </div>
            <div className="flex flex-wrap gap-3">
              <Link to={`/admin/products/${product.id}`} className={smallButtonClass}>
                Modifica
              </Link>
              <Form method="post">
                <input type="hidden" name="productId" value={product.id} />
                <input type="hidden" name="intent" value={product.archived ? "unarchive" : "archive"} />
                <button type="submit" className={smallButtonClass}>
                  {product.archived ? "Rimetti in vendita" : "Archivia"}
                </button>
              </Form>
              <Form method="post">
                <input type="hidden" name="productId" value={product.id} />
                <input type="hidden" name="intent" value="duplicate" />
                <button type="submit" className={smallButtonClass}>
                  Duplica
                </button>
              </Form>
            </div>
          </div>
          {product.variants.length > 0 && (
            <fieldset className="mt-3">
              <legend className="sr-only">Giacenze di {product.name}</legend>
              <div className="flex flex-wrap gap-2">
                {product.variants.map((variant) => (
                  <label
                    key={`${variant.id}-${variant.stock}`}
                    className={`flex items-center gap-1 rounded-sm border px-2 py-1 text-xs ${
                      variant.stock <= LOW_STOCK ? "border-sale text-sale" : "border-sand text-ink-soft"
                    }`}
                  >
                    <span
                      aria-hidden
                      className="size-3 rounded-full border border-sand"
                      style={{ background: variant.colorCode }}
                    />
                    <span>
                      {variant.colorName} {variant.size}
                    </span>
                    <input type="hidden" name={`seen-${variant.id}`} value={variant.stock} form={stockFormId} />
                    <input
                      name={`stock-${variant.id}`}
                      defaultValue={variant.stock}
                      inputMode="numeric"
                      aria-label={`Giacenza ${variant.colorName} ${variant.size}`}
                      form={stockFormId}
                      className="w-14 rounded-sm border border-sand bg-white px-1 py-0.5 text-right text-sm text-ink"
                    />
                  </label>
                ))}
              </div>
            </fieldset>
          )}
        </li>
      ))}
    </ul>
  );
}

/** " invece di 39,90 € (−25%)" after a reduced price: the percentage worked out from the two prices. */
function ReducedFrom({ product }: { product: AdminProductRow }) {
  const crossedOut = crossedOutPriceCents(product);
  if (crossedOut === null) return null;
  const percent = discountPercent(product);
  return (
    <>
      {" invece di "}
      <s>{formatEuro(crossedOut)}</s>
      {percent !== null && ` (−${percent}%)`}
    </>
  );
}

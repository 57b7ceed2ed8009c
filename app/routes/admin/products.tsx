import { data, Form, Link, redirect } from "react-router";
import { Pager } from "~/components/admin/pager";
import { ProductFilters } from "~/components/admin/products/product-filters";
import { ProductNotice } from "~/components/admin/products/product-notice";
import { ProductsTable, stockFormId } from "~/components/admin/products/products-table";
import { buttonClass } from "~/components/ui/button";
import { currentAdmin } from "~/modules/accounts/admin-guard.server";
import { readForm } from "~/modules/forms/read-form.server";
import { runProductAction } from "~/modules/product-admin/product-actions.server";
import { hasProductFilters, parseProductListFilters, productListQuery } from "~/modules/product-admin/product-list";
import { listAdminBrands, listAdminProducts } from "~/modules/product-admin/product-list.server";
import { services } from "~/services.server";
import type { Route } from "./+types/products";

export function meta() {
  return [{ title: "Gestione Prodotti" }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  currentAdmin(context);
  const { db } = services(context);
  const filters = parseProductListFilters(new URL(request.url).searchParams);
  const [{ rows, ...page }, brands] = await Promise.all([listAdminProducts(db, filters), listAdminBrands(db)]);
  return { products: rows, ...page, filters, brands };
}

export async function action({ request, context }: Route.ActionArgs) {
  currentAdmin(context);
  const form = await readForm(request);
  // Products are created and saved on their own page; the list only archives, copies and restocks.
  if (form.get("intent") === "save") form.set("intent", "");
  const answer = await runProductAction(services(context), form, null);
  if (answer.ok && answer.intent === "duplicate")
    throw redirect(`/admin/products/${answer.data?.productId}?fatto=copiato`);
  return data(answer, { status: answer.ok ? 200 : 422 });
}

const linkClass = "text-sm text-wine underline underline-offset-4 hover:text-wine-dark";

export default function AdminProducts({ loaderData, actionData }: Route.ComponentProps) {
  const { products, filters, brands, page, pageCount, totalCount } = loaderData;
  const saveStock = (
    <button type="submit" form={stockFormId} className={buttonClass.secondary}>
      Salva giacenze
    </button>
  );
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl text-ink">Gestione Prodotti</h1>
        <Link to="/admin/products/nuovo" className={buttonClass.primary}>
          Nuovo prodotto
        </Link>
      </div>
      <p className="mt-3 flex flex-wrap gap-4">
        <a href="/admin/products/import" className={linkClass}>
          Importa CSV
        </a>
        <a href="/admin/products/export.csv" className={linkClass}>
          Esporta CSV
        </a>
      </p>
      <ProductNotice answer={actionData} />
      <ProductFilters key={productListQuery(filters)} filters={filters} brands={brands} />
      {products.length === 0 ? (
        <p className="mt-6 text-ink-soft">
          {hasProductFilters(filters) ? "Nessun prodotto trovato." : "Nessun prodotto."}
        </p>
      ) : (
        <>
          <Form id={stockFormId} method="post" className="mt-6 flex flex-wrap items-center gap-3">
            <input type="hidden" name="intent" value="stock" />
            <p className="text-sm text-ink-soft">
              Cambia le giacenze nella lista (ad esempio all'arrivo di una consegna) e salvale tutte insieme.
            </p>
            {saveStock}
          </Form>
          <div className="mt-4">
            <ProductsTable products={products} />
          </div>
          <div className="mt-4">{saveStock}</div>
          <Pager
            page={page}
            pageCount={pageCount}
            totalCount={totalCount}
            noun={{ one: "prodotto", many: "prodotti" }}
            href={(target) => {
              const query = productListQuery(filters, { page: target });
              return query ? `/admin/products?${query}` : "/admin/products";
            }}
          />
        </>
      )}
    </>
  );
}

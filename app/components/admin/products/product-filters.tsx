import { Link } from "react-router";
import { genders, subcategories } from "~/modules/catalog/values";
import {
  type ProductListFilters,
  productFlagLabels,
  productFlags,
  productListParams,
  productSortLabels,
  productSorts,
  productStateLabels,
  productStates,
} from "~/modules/product-admin/product-list";

const labelClass = "text-xs font-medium tracking-[0.1em] text-ink-soft uppercase";
const controlClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-sm text-ink focus:border-ink";

function Choice({
  name,
  label,
  value,
  options,
  all = "Tutti",
}: {
  name: string;
  label: string;
  value: string | null;
  options: readonly (readonly [string, string])[];
  all?: string | null;
}) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={controlClass}>
        {all !== null && <option value="">{all}</option>}
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}

const same = (values: readonly string[]) => values.map((value) => [value, value] as const);

/** The product list's filters: a plain GET form, so the address keeps them; submitting starts from page 1. */
export function ProductFilters({ filters, brands }: { filters: ProductListFilters; brands: string[] }) {
  return (
    <form method="get" action="/admin/products" className="mt-6 rounded-md border border-sand bg-white p-4">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <div className="sm:col-span-2">
          <label htmlFor="filter-search" className={labelClass}>
            Cerca
          </label>
          <input
            id="filter-search"
            type="search"
            name={productListParams.search}
            defaultValue={filters.search}
            maxLength={100}
            placeholder="Nome, marca o SKU"
            className={controlClass}
          />
        </div>
        <Choice name={productListParams.gender} label="Genere" value={filters.gender} options={same(genders)} />
        <Choice
          name={productListParams.subcategory}
          label="Sottocategoria"
          value={filters.subcategory}
          options={same(subcategories)}
          all="Tutte"
        />
        <Choice
          name={productListParams.brand}
          label="Marca"
          value={filters.brand || null}
          options={same(brands)}
          all="Tutte"
        />
        <Choice
          name={productListParams.flag}
          label="Etichetta"
          value={filters.flag}
          options={productFlags.map((flag) => [flag, productFlagLabels[flag]] as const)}
          all="Tutte"
        />
        <Choice
          name={productListParams.state}
          label="Stato"
          value={filters.state}
          options={productStates.map((state) => [state, productStateLabels[state]] as const)}
          all={null}
        />
        <Choice
          name={productListParams.sort}
          label="Ordina per"
          value={filters.sort}
          options={productSorts.map((sort) => [sort, productSortLabels[sort]] as const)}
          all={null}
        />
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <label className="flex items-center gap-2 text-sm text-ink">
          <input
            type="checkbox"
            name={productListParams.lowStock}
            value="1"
            defaultChecked={filters.lowStock}
            className="size-4 accent-wine"
          />
          Solo scorte basse (una variante con 3 pezzi o meno)
        </label>
        <button type="submit" className="rounded-sm bg-ink px-4 py-2 text-sm font-medium text-ivory hover:bg-wine">
          Filtra
        </button>
        <Link to="/admin/products" className="text-sm text-wine underline underline-offset-4 hover:text-wine-dark">
          Azzera filtri
        </Link>
      </div>
    </form>
  );
}

import { ChevronDown } from "lucide-react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import {
  type FilterOption,
  ORDER_SEARCH_MAX_LENGTH,
  type OrderListFilters,
  orderFilterOptions,
  orderFilterParams,
} from "~/modules/orders/order-list-filters";

const labelClass = "text-xs font-medium tracking-[0.1em] text-ink-soft uppercase";
const controlClass = "mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-sm text-ink focus:border-ink";

function Choice<T extends string>({
  id,
  name,
  label,
  value,
  options,
}: {
  id: string;
  name: string;
  label: string;
  value: T | null;
  options: FilterOption<T>[];
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className={controlClass}>
        <option value="">Tutti</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The order list's filters: a plain GET form, so it works before (or without) JavaScript and the
 * address keeps the filters. Submitting starts again from the first page. The search is always in
 * sight; the other filters fold away unless one is set, so that on a phone the orders themselves
 * are on the first screen.
 */
export function OrderFilters({ filters, errors }: { filters: OrderListFilters; errors: string[] }) {
  const set = [filters.status, filters.paymentStatus, filters.deliveryMethod, filters.from, filters.to].filter(
    (value) => value !== null && value !== "",
  ).length;
  return (
    <form method="get" action="/admin/orders" className="mt-6 rounded-md border border-sand bg-white p-4">
      {errors.length > 0 && (
        <div role="alert" className="mb-4 rounded-sm border border-sale bg-linen px-3 py-2 text-sm text-ink">
          <p className="font-medium">Alcuni filtri non sono validi e sono stati ignorati:</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((error) => (
              <li key={error}>{error}</li>
            ))}
          </ul>
        </div>
      )}
      <label htmlFor="filter-search" className={labelClass}>
        Cerca
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id="filter-search"
          type="search"
          name={orderFilterParams.search}
          defaultValue={filters.search}
          maxLength={ORDER_SEARCH_MAX_LENGTH}
          placeholder="Nome, e-mail o numero ordine (#A1B2C3D4)"
          className={`${controlClass} mt-0 min-w-0 flex-1`}
        />
        <button type="submit" className={buttonClass.primary}>
          Filtra
        </button>
      </div>
      <details className="group mt-3" open={set > 0 || errors.length > 0}>
        <summary className="inline-flex cursor-pointer list-none items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark [&::-webkit-details-marker]:hidden">
          Altri filtri{set > 0 && ` (${set} attivi)`}
          <ChevronDown aria-hidden className="size-4 transition-transform group-open:rotate-180" />
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          <Choice
            id="filter-status"
            name={orderFilterParams.status}
            label="Stato"
            value={filters.status}
            options={orderFilterOptions.status}
          />
          <Choice
            id="filter-payment"
            name={orderFilterParams.paymentStatus}
            label="Pagamento"
            value={filters.paymentStatus}
            options={orderFilterOptions.paymentStatus}
          />
          <Choice
            id="filter-delivery"
            name={orderFilterParams.deliveryMethod}
            label="Consegna"
            value={filters.deliveryMethod}
            options={orderFilterOptions.deliveryMethod}
          />
          <div className="grid grid-cols-2 gap-2 sm:col-span-2">
            <div>
              <label htmlFor="filter-from" className={labelClass}>
                Dal
              </label>
              <input
                id="filter-from"
                type="date"
                name={orderFilterParams.from}
                defaultValue={filters.from ?? ""}
                className={controlClass}
              />
            </div>
            <div>
              <label htmlFor="filter-to" className={labelClass}>
                Al
              </label>
              <input
                id="filter-to"
                type="date"
                name={orderFilterParams.to}
                defaultValue={filters.to ?? ""}
                className={controlClass}
              />
            </div>
          </div>
        </div>
        <p className="mt-4 text-sm text-ink-soft">
          Scegli i filtri e premi «Filtra».{" "}
          <Link to="/admin/orders" className="text-wine underline underline-offset-4 hover:text-wine-dark">
            Azzera filtri
          </Link>
        </p>
      </details>
    </form>
  );
}

import { SlidersHorizontal, X } from "lucide-react";
import {
  type FormEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from "react";
import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import type { CatalogFacets } from "~/modules/catalog/facets.server";
import { ALL, type CatalogFilters, filtersToRequestParams, priceBucketLabels } from "~/modules/catalog/filters";
import { GENDERS, PRICE_BUCKETS } from "~/modules/shop/constants";

// The filters of /shop: one GET form, a sidebar on wide screens and a drawer on phones. Before
// JavaScript the drawer opens with #filtri (CSS :target) and the form submits as a plain GET, sizes
// and brands included; once hydrated the page applies the choices itself: at once in the sidebar,
// on 'Applica' in the drawer.

export const FILTERS_ID = "filtri";

type DrawerState = { open: boolean; setOpen: (open: boolean) => void };

/** The 'Filtri' button of small screens: opens the drawer (through #filtri before hydration). */
export function FilterToggle({
  filters,
  drawer,
  hydrated,
}: {
  filters: CatalogFilters;
  drawer: DrawerState;
  hydrated: boolean;
}) {
  const active =
    [filters.category, filters.subcategory, filters.price, filters.color].filter((value) => value !== ALL).length +
    filters.sizes.length +
    filters.brands.length;
  return (
    <a
      href={`#${FILTERS_ID}`}
      onClick={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        drawer.setOpen(true);
      }}
      aria-haspopup="dialog"
      className="flex items-center gap-2 rounded-sm border border-ink px-4 py-2 text-sm font-medium tracking-[0.1em] text-ink uppercase hover:bg-ink hover:text-ivory lg:hidden"
    >
      <SlidersHorizontal aria-hidden className="size-4" strokeWidth={1.5} />
      Filtri
      {active > 0 && <span className="text-wine">({active})</span>}
    </a>
  );
}

export function FilterPanel({
  facets,
  filters,
  onApply,
  drawer,
  formRef,
}: {
  facets: CatalogFacets;
  filters: CatalogFilters;
  /** Set once the page is hydrated; without it the form submits as a plain GET. */
  onApply?: (filters: CatalogFilters) => void;
  drawer: DrawerState;
  /** The filter form, for reading the choices made before hydration. */
  formRef?: Ref<HTMLFormElement>;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The open drawer takes the focus and, closed, gives it back to what had it (the 'Filtri' button).
  useEffect(() => {
    if (!drawer.open) return;
    const opener = document.activeElement;
    heading.current?.focus();
    return () => {
      if (opener instanceof HTMLElement && opener.isConnected) opener.focus();
    };
  }, [drawer.open]);

  const close = (event?: MouseEvent) => {
    if (!onApply) return;
    event?.preventDefault();
    drawer.setOpen(false);
  };
  // Escape closes the open drawer; Tab and Shift+Tab go round inside it, as in a modal dialog.
  const handleKeys = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!drawer.open) return;
    if (event.key === "Escape") close();
    if (event.key !== "Tab") return;
    const stops = [
      ...event.currentTarget.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea"),
    ].filter((stop) => !stop.matches(":disabled") && stop.checkVisibility());
    const first = stops[0];
    const last = stops.at(-1);
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === heading.current)) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first?.focus();
    }
  };
  // Before hydration, closing means leaving #filtri: the same list without the hash.
  const query = filtersToRequestParams(filters).toString();
  const closeHref = `/shop${query ? `?${query}` : ""}`;
  // A dialog only while it is the phone drawer; the sidebar is the page's complementary region. A div
  // with either role, as an <aside> may not be a dialog (and changing the element would remount the form).
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a dialog or complementary region (role chosen at run time), never static
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: aria-modal is only set while the role is dialog
    <div
      id={FILTERS_ID}
      role={drawer.open ? "dialog" : "complementary"}
      aria-modal={drawer.open || undefined}
      aria-label="Filtri"
      onKeyDown={handleKeys}
      className={`${drawer.open ? "flex" : "hidden"} fixed inset-0 z-50 justify-end target:flex lg:static lg:z-auto lg:block`}
    >
      {/* The dimmed page behind the drawer closes it too; keyboards use the close button or Escape. */}
      <div aria-hidden onClick={() => close()} className="absolute inset-0 bg-ink/40 lg:hidden" />
      <div className="relative flex h-full w-full max-w-sm flex-col bg-ivory shadow-xl lg:h-auto lg:max-w-none lg:bg-transparent lg:shadow-none">
        <div className="flex items-center justify-between border-b border-sand px-5 py-4 lg:hidden">
          <h2 ref={heading} tabIndex={-1} className="text-xl text-ink focus:outline-none">
            Filtri
          </h2>
          <a
            href={closeHref}
            onClick={close}
            aria-label="Chiudi i filtri"
            className="flex size-9 items-center justify-center rounded-full text-ink hover:bg-linen"
          >
            <X aria-hidden className="size-5" strokeWidth={1.5} />
          </a>
        </div>
        <FilterForm
          facets={facets}
          filters={filters}
          onApply={onApply}
          formRef={formRef}
          staged={drawer.open}
          onDone={() => drawer.setOpen(false)}
        />
      </div>
    </div>
  );
}

function FilterForm({
  facets,
  filters,
  onApply,
  staged,
  onDone,
  formRef,
}: {
  facets: CatalogFacets;
  filters: CatalogFilters;
  onApply?: (filters: CatalogFilters) => void;
  formRef?: Ref<HTMLFormElement>;
  /** True in the drawer: choices wait for 'Applica'. False in the sidebar: each choice applies at once. */
  staged: boolean;
  /** After 'Applica' or 'Cancella': closes the drawer. */
  onDone: () => void;
}) {
  const [draft, setDraft] = useState(filters);
  const appliedKey = filtersToRequestParams(filters).toString();
  const [draftBase, setDraftBase] = useState(appliedKey);
  // The applied filters changed (by this form or by the address): start again from them.
  if (draftBase !== appliedKey) {
    setDraftBase(appliedKey);
    setDraft(filters);
  }

  function change(next: CatalogFilters) {
    setDraft(next);
    if (!staged) onApply?.(next);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    if (!onApply) return;
    event.preventDefault();
    onApply(draft);
    onDone();
  }

  return (
    <form ref={formRef} method="get" action="/shop" onSubmit={submit} className="flex min-h-0 flex-1 flex-col">
      {/* Kept by the form so that a plain GET submission does not lose them. */}
      {draft.search && <input type="hidden" name="search" value={draft.search} />}
      {draft.sort !== "created_at_desc" && <input type="hidden" name="sort" value={draft.sort} />}

      <div className="flex-1 space-y-7 overflow-y-auto px-5 py-6 lg:overflow-visible lg:p-0">
        <FilterGroup title="Categoria">
          <RadioList
            name="category"
            value={draft.category}
            options={[{ value: ALL, label: "Tutte" }, ...GENDERS.map((gender) => ({ value: gender, label: gender }))]}
            onChange={(category) => change({ ...draft, category: category as CatalogFilters["category"] })}
          />
        </FilterGroup>

        <FilterGroup title="Sottocategoria" labelFor="filter-subcategory">
          <select
            id="filter-subcategory"
            name="subcategory"
            value={draft.subcategory}
            onChange={(event) => change({ ...draft, subcategory: event.currentTarget.value })}
            className="w-full rounded-sm border border-sand bg-ivory px-3 py-2 text-sm text-ink"
          >
            <option value={ALL}>Tutte</option>
            {facets.subcategories.map((subcategory) => (
              <option key={subcategory} value={subcategory}>
                {subcategory.charAt(0).toUpperCase() + subcategory.slice(1)}
              </option>
            ))}
          </select>
        </FilterGroup>

        <FilterGroup title="Prezzo">
          <RadioList
            name="price"
            value={draft.price}
            options={[
              { value: ALL, label: "Tutti i prezzi" },
              ...PRICE_BUCKETS.map((bucket) => ({ value: bucket, label: priceBucketLabels[bucket] })),
            ]}
            onChange={(price) => change({ ...draft, price: price as CatalogFilters["price"] })}
          />
        </FilterGroup>

        <FilterGroup title="Colore">
          {/* The radio itself is the swatch. Options are styled from their container, and lists are
              plain labels rather than list items: /shop renders ~150 of them on every visit. */}
          <div className="grid grid-cols-2 gap-x-3 gap-y-2 text-sm text-ink [&_input]:size-5 [&_input]:shrink-0 [&_input]:cursor-pointer [&_input]:appearance-none [&_input]:rounded-full [&_input]:border [&_input]:border-ink/20 [&_input]:ring-wine [&_input]:ring-offset-2 [&_input]:ring-offset-ivory [&_input:checked]:ring-2 [&_input:focus-visible]:outline-2 [&_input:focus-visible]:outline-offset-4 [&_input:focus-visible]:outline-wine [&_label]:flex [&_label]:cursor-pointer [&_label]:items-center [&_label]:gap-2 [&_label:has(:checked)]:font-semibold">
            {[{ name: ALL, code: "" }, ...facets.colours].map((colour) => (
              <label key={colour.name}>
                <input
                  type="radio"
                  name="color"
                  value={colour.name}
                  checked={draft.color === colour.name}
                  onChange={() => change({ ...draft, color: colour.name })}
                  style={{
                    background: colour.code || "conic-gradient(#b3202a, #cf9f2a, #2e4b36, #2b4ea2, #bba0cc, #b3202a)",
                  }}
                />
                {colour.name === ALL ? "Tutti" : colour.name}
              </label>
            ))}
          </div>
        </FilterGroup>

        <FilterGroup title="Taglia" count={draft.sizes.length}>
          {/* Each label is the size's chip; the box inside it is visually hidden, and positioned in it so
              that focusing the box scrolls the chip into the drawer's view. */}
          <div className="flex flex-wrap gap-1.5 text-xs text-ink [&_label]:relative [&_label]:block [&_label]:min-w-10 [&_label]:cursor-pointer [&_label]:rounded-sm [&_label]:border [&_label]:border-sand [&_label]:px-2 [&_label]:py-1.5 [&_label]:text-center [&_label:has(:checked)]:border-ink [&_label:has(:checked)]:bg-ink [&_label:has(:checked)]:text-ivory [&_label:has(:focus-visible)]:outline-2 [&_label:has(:focus-visible)]:outline-offset-2 [&_label:has(:focus-visible)]:outline-wine [&_label:hover]:border-ink">
            <CheckboxList
              name="size"
              options={facets.sizes}
              selected={draft.sizes}
              onChange={(sizes) => change({ ...draft, sizes })}
              boxClassName="sr-only"
            />
          </div>
        </FilterGroup>

        <FilterGroup title="Marca" count={draft.brands.length}>
          <div className={choiceListClass}>
            <CheckboxList
              name="brand"
              options={facets.brands}
              selected={draft.brands}
              onChange={(brands) => change({ ...draft, brands })}
            />
          </div>
        </FilterGroup>
      </div>

      <div className="flex gap-3 border-t border-sand px-5 py-4 lg:mt-8 lg:border-0 lg:p-0">
        <Link to="/shop" replace onClick={onDone} className={`${buttonClass.secondary} flex-1 px-3`}>
          Cancella
        </Link>
        {/* The sidebar applies each choice at once once hydrated; before that the form needs its button. */}
        {(staged || !onApply) && (
          <button type="submit" className={`${buttonClass.primary} flex-1 px-3`}>
            Applica
          </button>
        )}
      </div>
    </form>
  );
}

function FilterGroup({
  title,
  labelFor,
  count = 0,
  children,
}: {
  title: string;
  labelFor?: string;
  count?: number;
  children: ReactNode;
}) {
  const heading = (
    <>
      {title}
      {count > 0 && <span className="ml-1.5 font-normal text-wine">({count})</span>}
    </>
  );
  const headingClass = "mb-3 block text-xs font-semibold tracking-[0.18em] text-ink uppercase";
  return (
    <fieldset>
      {labelFor ? (
        <label htmlFor={labelFor} className={headingClass}>
          {heading}
        </label>
      ) : (
        <legend className={headingClass}>{heading}</legend>
      )}
      {children}
    </fieldset>
  );
}

const choiceListClass =
  "space-y-2 text-sm text-ink [&_input]:size-4 [&_input]:accent-wine [&_label]:flex [&_label]:cursor-pointer [&_label]:items-center [&_label]:gap-2.5";

function RadioList({
  name,
  value,
  options,
  onChange,
}: {
  name: string;
  value: string;
  options: { value: string; label: string }[];
  onChange: (value: string) => void;
}) {
  return (
    <div className={choiceListClass}>
      {options.map((option) => (
        <label key={option.value}>
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          {option.label}
        </label>
      ))}
    </div>
  );
}

/** Checkboxes sharing a name, one per option; `onChange` gets the new selection. */
function CheckboxList({
  name,
  options,
  selected,
  onChange,
  boxClassName,
}: {
  name: string;
  options: string[];
  selected: string[];
  onChange: (selected: string[]) => void;
  boxClassName?: string;
}) {
  return options.map((option) => (
    <label key={option}>
      <input
        type="checkbox"
        name={name}
        value={option}
        checked={selected.includes(option)}
        onChange={() =>
          onChange(selected.includes(option) ? selected.filter((item) => item !== option) : [...selected, option])
        }
        className={boxClassName}
      />
      {option}
    </label>
  ));
}

import { Plus, Trash2 } from "lucide-react";
import { type InputHTMLAttributes, useState } from "react";
import { Form } from "react-router";
import { describedControl, formFields } from "~/components/forms/field-props";
import { buttonClass } from "~/components/ui/button";
import { Field, SelectField } from "~/components/ui/field";
import { crossedOutPriceCents, discountPercent } from "~/modules/catalog/crossed-out-price";
import { genders, subcategories } from "~/modules/catalog/values";
import { formatEuro } from "~/modules/format/numbers";
import { euroInputText, parseEuroCents } from "~/modules/forms/euro-amount";

// The product form of the admin, for a new product and an existing one alike: every field of the
// product and its variants (a row per colour × size). Rows are added and removed in the
// browser; a blank row is left out by the server.

export type EditorVariant = {
  id: number | null;
  colorName: string;
  colorCode: string;
  size: string;
  sku: string;
  stock: number;
};

export type EditorProduct = {
  name: string;
  gender: string;
  subcategory: string;
  brand: string;
  sku: string;
  description: string;
  composition: string;
  washing: string[];
  detailsAccordion: string;
  minQuantity: number;
  pricePerPack: string | null;
  priceCents: number | null;
  originalPriceCents: number | null;
  isNew: boolean;
  isNewCollection: boolean;
  isOutlet: boolean;
  hygieneSealed: boolean;
  variants: EditorVariant[];
};

export const emptyProduct: EditorProduct = {
  name: "",
  gender: "",
  subcategory: "",
  brand: "",
  sku: "",
  description: "",
  composition: "",
  washing: [],
  detailsAccordion: "",
  minQuantity: 1,
  pricePerPack: null,
  priceCents: null,
  originalPriceCents: null,
  isNew: false,
  isNewCollection: false,
  isOutlet: false,
  hygieneSealed: false,
  variants: [],
};

const blankVariant: EditorVariant = { id: null, colorName: "", colorCode: "#000000", size: "", sku: "", stock: 0 };
const choices = (values: readonly string[]) => values.map((value) => [value, value] as const);
const commonSizes = ["XS", "S", "M", "L", "XL", "XXL", "3XL", "Unica", "2", "3", "4", "5", "6", "7"];

const cellInputClass =
  "w-full rounded-sm border border-sand bg-white px-2 py-1.5 text-sm text-ink focus:border-ink aria-[invalid=true]:border-sale";

function ErrorText({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1 text-sm text-sale">
      {error}
    </p>
  );
}

const variantFields = ["colorName", "colorCode", "size", "sku", "stock"];

/** A cell of a variant row: its label over the control; the control's error is listed under the row. */
function VariantCell({
  label,
  id,
  error,
  className = cellInputClass,
  ...input
}: { label: string; id: string; error: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="text-xs text-ink-soft" htmlFor={id}>
      {label}
      <input {...describedControl(id, error)} className={className} {...input} />
    </label>
  );
}

function Flag({ name, label, checked }: { name: string; label: string; checked: boolean }) {
  return (
    <label className="flex items-center gap-2 text-sm text-ink">
      <input type="checkbox" name={name} defaultChecked={checked} className="size-4 accent-wine" />
      {label}
    </label>
  );
}

const euroText = (cents: number | null) => (cents === null ? "" : euroInputText(cents));

/**
 * The sale price and the reference price crossed out beside it. The percentage is not a field: it is
 * worked out from the two, as shoppers will see it, and shown here as staff type.
 */
function PriceFields({ product, field }: { product: EditorProduct; field: ReturnType<typeof formFields> }) {
  const [typed, setTyped] = useState(() => ({
    price: euroText(product.priceCents),
    original: euroText(product.originalPriceCents),
  }));
  const prices = { priceCents: parseEuroCents(typed.price), originalPriceCents: parseEuroCents(typed.original) };
  const crossedOut = crossedOutPriceCents(prices);
  const percent = discountPercent(prices);
  return (
    <fieldset className="grid gap-4 rounded-md border border-sand bg-white p-4 sm:grid-cols-2 lg:grid-cols-3">
      <legend className="px-1 text-lg text-ink">Prezzo</legend>
      <Field
        {...field("price")}
        label="Prezzo di vendita (€)"
        inputMode="decimal"
        defaultValue={typed.price}
        onChange={(event) => setTyped({ ...typed, price: event.currentTarget.value })}
        hint="Vuoto: prezzo non disponibile, il prodotto non si può acquistare."
      />
      <Field
        {...field("originalPrice")}
        label="Prezzo di riferimento (€)"
        inputMode="decimal"
        defaultValue={typed.original}
        onChange={(event) => setTyped({ ...typed, original: event.currentTarget.value })}
        hint="Il prezzo barrato, più alto del prezzo di vendita. Vuoto: nessuno sconto."
      />
      <Field
        {...field("pricePerPack")}
        label="Prezzo per confezione"
        defaultValue={product.pricePerPack ?? ""}
        hint="Ad esempio: confezione da 3."
      />
      <output
        htmlFor="product-price product-originalPrice"
        aria-live="polite"
        data-testid="discount-shown"
        className="text-sm text-ink sm:col-span-2 lg:col-span-3"
      >
        {crossedOut !== null && prices.priceCents !== null ? (
          <>
            Sconto mostrato ai clienti: <strong>{percent === null ? "meno dell'1%" : `−${percent}%`}</strong> (
            {formatEuro(prices.priceCents)} invece di <s>{formatEuro(crossedOut)}</s>), calcolato dai due prezzi.
          </>
        ) : (
          "Nessuno sconto mostrato ai clienti."
        )}
      </output>
    </fieldset>
  );
}

export function ProductEditor({
  product,
  errors = {},
  submitLabel,
}: {
  product: EditorProduct;
  errors?: Record<string, string>;
  submitLabel: string;
}) {
  const [rows, setRows] = useState(() =>
    (product.variants.length > 0 ? product.variants : [blankVariant]).map((variant, index) => ({
      key: index,
      variant,
    })),
  );
  const [keyCounter, setKeyCounter] = useState(rows.length);
  const field = formFields("product", errors);
  const addRow = () => {
    setRows([...rows, { key: keyCounter, variant: blankVariant }]);
    setKeyCounter(keyCounter + 1);
  };

  return (
    <Form method="post" className="mt-6 space-y-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      <fieldset className="grid gap-4 rounded-md border border-sand bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-lg text-ink">Dati del prodotto</legend>
        <Field {...field("name")} label="Nome" defaultValue={product.name} />
        <Field
          {...field("sku")}
          label="SKU"
          defaultValue={product.sku}
          hint="Codice unico del prodotto, ad esempio LIS-PIG-001."
        />
        <SelectField
          {...field("gender")}
          label="Genere"
          defaultValue={product.gender}
          options={choices(genders)}
          placeholder="Scegli…"
        />
        <SelectField
          {...field("subcategory")}
          label="Sottocategoria"
          defaultValue={product.subcategory}
          options={choices(subcategories)}
          placeholder="Scegli…"
        />
        <Field {...field("brand")} label="Marca" defaultValue={product.brand} />
        <Field
          {...field("minQuantity")}
          label="Quantità minima"
          inputMode="numeric"
          defaultValue={String(product.minQuantity)}
        />
        <Field
          {...field("description")}
          label="Descrizione"
          rows={4}
          defaultValue={product.description}
          className="sm:col-span-2"
        />
        <Field {...field("composition")} label="Composizione" rows={2} defaultValue={product.composition} />
        <Field
          {...field("washing")}
          label="Lavaggio"
          rows={3}
          defaultValue={product.washing.join("\n")}
          hint="Un'istruzione per riga."
        />
        <Field
          {...field("details")}
          label="Dettagli"
          rows={3}
          defaultValue={product.detailsAccordion}
          className="sm:col-span-2"
        />
      </fieldset>

      <PriceFields product={product} field={field} />

      <fieldset className="flex flex-wrap gap-x-6 gap-y-3 rounded-md border border-sand bg-white p-4">
        <legend className="px-1 text-lg text-ink">Etichette</legend>
        <Flag name="isNew" label="Nuovo" checked={product.isNew} />
        <Flag name="isNewCollection" label="Nuova collezione" checked={product.isNewCollection} />
        <Flag name="isOutlet" label="Outlet" checked={product.isOutlet} />
        <Flag
          name="hygieneSealed"
          label="Sigillato per igiene (non restituibile se aperto)"
          checked={product.hygieneSealed}
        />
      </fieldset>

      <fieldset className="rounded-md border border-sand bg-white p-4">
        <legend className="px-1 text-lg text-ink">Varianti</legend>
        <p className="text-sm text-ink-soft">
          Una riga per ogni colore e taglia. Lo SKU della variante, se vuoto, si crea dallo SKU del prodotto.
        </p>
        <ErrorText id="variants-error" error={errors.variants} />
        <datalist id="common-sizes">
          {commonSizes.map((size) => (
            <option key={size} value={size} />
          ))}
        </datalist>
        <ol className="mt-3 space-y-3">
          {rows.map(({ key, variant }, index) => {
            const cell = (field: string) => ({
              id: `variant-${key}-${field}`,
              error: errors[`variants.${index}.${field}`],
            });
            const rowErrors = variantFields.map(cell).filter((field) => field.error);
            return (
              <li key={key} className="rounded-sm border border-sand p-3" aria-label={`Variante ${index + 1}`}>
                <input type="hidden" name="variantId" value={variant.id ?? ""} />
                <input type="hidden" name="stockSeen" value={variant.id === null ? "" : variant.stock} />
                <div className="grid grid-cols-2 gap-2 sm:grid-cols-[2fr_auto_1fr_2fr_1fr_auto] sm:items-end">
                  <VariantCell
                    {...cell("colorName")}
                    label="Colore"
                    name="colorName"
                    defaultValue={variant.colorName}
                  />
                  <VariantCell
                    {...cell("colorCode")}
                    label="Codice colore"
                    name="colorCode"
                    type="color"
                    defaultValue={variant.colorCode}
                    className="block h-9 w-14 rounded-sm border border-sand bg-white"
                  />
                  <VariantCell
                    {...cell("size")}
                    label="Taglia"
                    name="size"
                    list="common-sizes"
                    defaultValue={variant.size}
                  />
                  <VariantCell
                    {...cell("sku")}
                    label="SKU variante"
                    name="variantSku"
                    defaultValue={variant.sku}
                    placeholder="automatico"
                  />
                  <VariantCell
                    {...cell("stock")}
                    label="Giacenza"
                    name="stock"
                    inputMode="numeric"
                    defaultValue={String(variant.stock)}
                  />
                  <button
                    type="button"
                    onClick={() => setRows(rows.filter((row) => row.key !== key))}
                    className="inline-flex items-center gap-1 self-end py-1.5 text-sm text-wine hover:text-wine-dark"
                  >
                    <Trash2 aria-hidden className="size-4" />
                    Rimuovi
                  </button>
                </div>
                {rowErrors.map(({ id, error }) => (
                  <p key={id} id={`${id}-error`} className="mt-1 text-sm text-sale">
                    {error}
                  </p>
                ))}
              </li>
            );
          })}
        </ol>
        <button
          type="button"
          onClick={() => addRow()}
          className="mt-3 inline-flex items-center gap-1 text-sm text-wine underline underline-offset-4 hover:text-wine-dark"
        >
          <Plus aria-hidden className="size-4" />
          Aggiungi variante
        </button>
      </fieldset>

      <button type="submit" className={buttonClass.primary}>
        {submitLabel}
      </button>
    </Form>
  );
}

import { italianProvinces } from "~/modules/shop/provinces";

/** The province of an Italian address, by its two-letter code (the checkout and the profile). */
export function ProvinceSelect({
  id,
  defaultValue,
  error,
  className,
}: {
  id: string;
  defaultValue: string;
  error?: string;
  className?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="text-sm font-medium text-ink">
        Provincia
      </label>
      <select
        id={id}
        name="province"
        defaultValue={defaultValue}
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="mt-1 w-full rounded-sm border border-sand bg-white px-3 py-2 text-ink focus:border-ink aria-[invalid=true]:border-sale"
      >
        <option value="">Seleziona</option>
        {italianProvinces.map(([code, name]) => (
          <option key={code} value={code}>
            {code} – {name}
          </option>
        ))}
      </select>
      {error && (
        <p id={errorId} className="mt-1 text-sm text-sale">
          {error}
        </p>
      )}
    </div>
  );
}

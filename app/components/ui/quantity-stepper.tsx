import { Minus, Plus } from "lucide-react";
import { lastPieceMessage, maxQuantityMessage } from "~/modules/catalog/selection";

type QuantityStepperProps = {
  value: number;
  /** − is disabled at min; without one it keeps going (the cart removes a line below its minimum). */
  min?: number;
  /**
   * + is disabled at it, and 'Quantità massima raggiunta' is shown once beside the buttons; when it
   * is 1, the only piece left, 'Ultimo pezzo disponibile' instead (nothing was refused).
   */
  max: number;
  /** Called with value − 1, value + 1, or what the shopper typed. */
  onChange: (quantity: number) => void;
  /** Names the buttons' group; without it the row sits under the caller's own legend. */
  label?: string;
  /** The quantity is a form field of this name the shopper can type into (the product page). */
  inputName?: string;
  /** − and + submit value − 1 and value + 1 under this name, so they work without JavaScript (the cart). */
  submitName?: string;
  /** The cart's smaller look. */
  compact?: boolean;
  testId: string;
  className?: string;
};

/** − / quantity / + of the product page and the cart. */
export function QuantityStepper({
  value,
  min,
  max,
  onChange,
  label,
  inputName,
  submitName,
  compact = false,
  testId,
  className = "",
}: QuantityStepperProps) {
  const buttonClass = `flex items-center justify-center hover:bg-linen disabled:text-ink-soft/40 disabled:hover:bg-transparent ${
    compact ? "size-9" : "size-11 text-ink"
  }`;
  const valueClass = `text-center font-medium ${compact ? "w-10 text-sm" : "w-12"}`;
  // A group of its own is a fieldset; under a legend it is a plain row.
  const Row = label ? "fieldset" : "div";
  const atMax = max > 0 && value >= max;
  const note = max === 1 && value <= 1 ? lastPieceMessage : atMax ? maxQuantityMessage.title : null;
  const step = (next: number) => ({
    type: submitName ? ("submit" as const) : ("button" as const),
    name: submitName,
    value: submitName ? String(next) : undefined,
    onClick: () => onChange(next),
  });

  return (
    <div className={className}>
      <Row aria-label={label} className="inline-flex items-center border border-sand">
        <button
          aria-label="Diminuisci quantità"
          disabled={min !== undefined && value <= min}
          {...step(value - 1)}
          className={buttonClass}
        >
          <Minus aria-hidden className="size-4" />
        </button>
        {inputName ? (
          <input
            type="number"
            name={inputName}
            aria-label="Quantità"
            inputMode="numeric"
            min={min ?? 1}
            max={Math.max(max, min ?? 1)}
            value={value}
            onChange={(event) => {
              const typed = event.currentTarget.valueAsNumber;
              if (Number.isSafeInteger(typed)) onChange(typed);
            }}
            data-testid={testId}
            className={`${valueClass} appearance-none bg-transparent py-2 [-moz-appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none`}
          />
        ) : (
          <output aria-live={compact ? undefined : "polite"} data-testid={testId} className={valueClass}>
            {value}
          </output>
        )}
        <button aria-label="Aumenta quantità" disabled={value >= max} {...step(value + 1)} className={buttonClass}>
          <Plus aria-hidden className="size-4" />
        </button>
      </Row>
      {note && (
        <p
          role="status"
          className={`mt-2 ${note === lastPieceMessage ? "text-ink" : "text-wine"} ${compact ? "text-xs" : "text-sm"}`}
        >
          {note}
        </p>
      )}
    </div>
  );
}

import { Minus, Plus } from "lucide-react";
import { showToast } from "~/components/toast";
import { maxQuantityMessage } from "~/modules/catalog/selection";

type QuantityStepperProps = {
  value: number;
  /** − is disabled at min; without one it keeps going (the cart removes a line below its minimum). */
  min?: number;
  /** + beyond it shows the "maximum quantity" toast instead. */
  max: number;
  /** Called with value − 1 or value + 1. */
  onChange: (quantity: number) => void;
  /** Names the buttons' group; without it the row sits under the caller's own legend. */
  label?: string;
  /** The cart's smaller look. */
  compact?: boolean;
  testId: string;
  className?: string;
};

/** − / quantity / + buttons of the product page and the cart. */
export function QuantityStepper({
  value,
  min,
  max,
  onChange,
  label,
  compact = false,
  testId,
  className = "",
}: QuantityStepperProps) {
  const buttonClass = `flex items-center justify-center hover:bg-linen ${
    compact ? "size-9" : "size-11 text-ink disabled:text-ink-soft/40 disabled:hover:bg-transparent"
  }`;
  // A group of its own is a fieldset; under a legend it is a plain row.
  const Row = label ? "fieldset" : "div";

  function increase() {
    if (value + 1 > max) {
      void showToast(maxQuantityMessage, "info");
      return;
    }
    onChange(value + 1);
  }

  return (
    <Row aria-label={label} className={`${className} inline-flex items-center border border-sand`}>
      <button
        type="button"
        aria-label="Diminuisci quantità"
        disabled={min !== undefined && value <= min}
        onClick={() => onChange(value - 1)}
        className={buttonClass}
      >
        <Minus aria-hidden className="size-4" />
      </button>
      <output
        aria-live={compact ? undefined : "polite"}
        data-testid={testId}
        className={`text-center font-medium ${compact ? "w-10 text-sm" : "w-12"}`}
      >
        {value}
      </output>
      <button type="button" aria-label="Aumenta quantità" onClick={increase} className={buttonClass}>
        <Plus aria-hidden className="size-4" />
      </button>
    </Row>
  );
}

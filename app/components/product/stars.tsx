import { Star } from "lucide-react";
import { formatDecimal } from "~/modules/format/numbers";

/** A rating shown as five stars, read out as "4,5 su 5 stelle". */
export function Stars({ rating, className = "size-4" }: { rating: number; className?: string }) {
  return (
    <span role="img" aria-label={`${formatDecimal(rating)} su 5 stelle`} className="inline-flex text-wine">
      {[1, 2, 3, 4, 5].map((star) => (
        <Star
          key={star}
          aria-hidden
          className={className}
          strokeWidth={1.5}
          fill={star <= Math.round(rating) ? "currentColor" : "none"}
        />
      ))}
    </span>
  );
}

import { Star } from "lucide-react";
import { formatDecimal } from "~/modules/format/numbers";
import { shop } from "~/modules/shop/identity";

/** "4,9": the shop's fixed customer rating, written the Italian way. */
export const ratingValueText = formatDecimal(shop.rating.value, 1);

export function StoreRating({ className = "" }: { className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-x-3 gap-y-1 ${className}`}>
      <span className="flex gap-0.5 text-wine" aria-hidden>
        {[1, 2, 3, 4, 5].map((star) => (
          <Star key={star} className="size-4" fill="currentColor" strokeWidth={0} />
        ))}
      </span>
      <p className="text-sm text-ink-soft">
        <strong className="font-semibold text-ink">{ratingValueText}</strong> su 5 · {shop.rating.count} recensioni
      </p>
    </div>
  );
}

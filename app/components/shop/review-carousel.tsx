import { ChevronLeft, ChevronRight, Star } from "lucide-react";
import { useRef } from "react";
import { formatDate } from "~/modules/format/dates";
import { type CustomerReview, reviewerInitials } from "~/modules/marketing/customer-reviews";

// Warm, quiet backgrounds for the initials, picked by name so that a reviewer keeps the same one.
const avatarColours = ["bg-wine text-ivory", "bg-ink text-ivory", "bg-sand text-ink", "bg-blush text-wine-dark"];

function avatarColour(author: string): string {
  const sum = [...author].reduce((total, character) => total + (character.codePointAt(0) ?? 0), 0);
  return avatarColours[sum % avatarColours.length] ?? "bg-sand text-ink";
}

/** Customer reviews in a horizontal strip that snaps card by card; arrows scroll it on larger screens. */
export function ReviewCarousel({ reviews }: { reviews: CustomerReview[] }) {
  const track = useRef<HTMLUListElement>(null);
  const scrollBy = (direction: 1 | -1) => {
    const element = track.current;
    element?.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: "smooth" });
  };

  return (
    <section aria-labelledby="reviews-title" className="bg-linen">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:py-20">
        <div className="flex items-end justify-between gap-6">
          <div>
            <p className="text-xs font-semibold tracking-[0.25em] text-wine uppercase">Dicono di noi</p>
            <h2 id="reviews-title" className="mt-3 text-3xl text-ink sm:text-4xl">
              Le parole dei nostri clienti
            </h2>
          </div>
          <div className="hidden gap-2 sm:flex">
            <button
              type="button"
              aria-label="Recensioni precedenti"
              onClick={() => scrollBy(-1)}
              className="flex size-10 items-center justify-center rounded-full border border-ink/30 text-ink hover:bg-ink hover:text-ivory"
            >
              <ChevronLeft aria-hidden className="size-5" strokeWidth={1.5} />
            </button>
            <button
              type="button"
              aria-label="Recensioni successive"
              onClick={() => scrollBy(1)}
              className="flex size-10 items-center justify-center rounded-full border border-ink/30 text-ink hover:bg-ink hover:text-ivory"
            >
              <ChevronRight aria-hidden className="size-5" strokeWidth={1.5} />
            </button>
          </div>
        </div>

        {/* Focusable so that keyboards can scroll it too. */}
        <ul
          ref={track}
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
          tabIndex={0}
          aria-label="Recensioni dei clienti"
          className="-mx-4 mt-10 flex snap-x snap-mandatory gap-5 overflow-x-auto scroll-px-4 px-4 pb-4 [scrollbar-width:thin] sm:mx-0 sm:scroll-px-0 sm:px-0"
        >
          {reviews.map((review, index) => (
            <li
              key={review.author}
              aria-label={`Recensione ${index + 1} di ${reviews.length}`}
              className="w-[85%] shrink-0 snap-start sm:w-[calc(50%-0.625rem)] lg:w-[calc((100%-2.5rem)/3)]"
            >
              <figure className="flex h-full flex-col rounded-sm bg-ivory p-6 shadow-[0_1px_0_var(--color-sand)]">
                <p className="flex gap-0.5 text-wine" role="img" aria-label={`Valutazione: ${review.rating} su 5`}>
                  {[1, 2, 3, 4, 5].map((star) => (
                    <Star
                      key={star}
                      aria-hidden
                      className="size-4"
                      fill={star <= review.rating ? "currentColor" : "none"}
                      strokeWidth={star <= review.rating ? 0 : 1.5}
                    />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 text-base leading-relaxed text-ink">“{review.content}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden
                    className={`flex size-11 shrink-0 items-center justify-center rounded-full font-display text-base tracking-wide ${avatarColour(review.author)}`}
                  >
                    {reviewerInitials(review.author)}
                  </span>
                  <span className="flex flex-col">
                    <span className="text-sm font-semibold text-ink">{review.author}</span>
                    <time dateTime={review.date} className="text-xs text-ink-soft">
                      {formatDate(review.date, "long")}
                    </time>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

import { Star } from "lucide-react";
import { useCallback, useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { buttonClass } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { Tabs } from "~/components/ui/tabs";
import type { ProductReview } from "~/modules/catalog/product-details.server";
import { formatDate } from "~/modules/format/dates";
import { formatDecimal } from "~/modules/format/numbers";
import type { ActionResult } from "~/modules/forms/action-result";
import { Stars } from "./stars";

function ReviewForm({ onSent }: { onSent: () => void }) {
  const fetcher = useFetcher<ActionResult>();
  const [rating, setRating] = useState(0);
  const early = useEarlySubmit((form) => setRating(Number(new FormData(form).get("rating") ?? 0)));
  const errors = (fetcher.data && !fetcher.data.ok && fetcher.data.fieldErrors) || {};

  useFetcherAnswer(fetcher.data, (answered) => {
    if (answered.ok) {
      void showToast({ title: "Recensione inviata!", description: "Grazie per la tua opinione." }, "success");
      // Leaving the tab unmounts the form, so it comes back empty.
      onSent();
    } else {
      void showToast(
        {
          title: "Impossibile inviare la recensione.",
          description: answered.notice?.description ?? Object.values(answered.fieldErrors ?? {})[0],
        },
        "error",
      );
    }
  });

  return (
    <fetcher.Form {...early} method="post" noValidate className="flex max-w-xl flex-col gap-5">
      <HoneypotField idPrefix="review" />
      <Field
        id="review-author"
        name="author"
        label="Nome"
        autoComplete="given-name"
        maxLength={80}
        error={errors.author}
      />
      <fieldset aria-describedby={errors.rating ? "review-rating-error" : undefined}>
        <legend className="text-sm font-medium text-ink">Valutazione</legend>
        <div className="mt-1 flex">
          {[1, 2, 3, 4, 5].map((value) => (
            <label
              key={value}
              className="cursor-pointer p-1 text-wine has-focus-visible:outline-2 has-focus-visible:outline-wine"
            >
              <input
                type="radio"
                name="rating"
                value={value}
                checked={rating === value}
                onChange={() => setRating(value)}
                className="sr-only"
              />
              <span className="sr-only">{value === 1 ? "1 stella" : `${value} stelle`}</span>
              <Star aria-hidden className="size-7" strokeWidth={1.5} fill={value <= rating ? "currentColor" : "none"} />
            </label>
          ))}
        </div>
        {errors.rating && (
          <p id="review-rating-error" className="mt-1 text-sm text-sale">
            {errors.rating}
          </p>
        )}
      </fieldset>
      <Field
        id="review-content"
        name="content"
        label="La tua recensione"
        rows={5}
        maxLength={2000}
        error={errors.content}
      />
      <button type="submit" disabled={fetcher.state !== "idle"} className={`${buttonClass.primary} self-start`}>
        {fetcher.state === "idle" ? "Invia recensione" : "Invio in corso…"}
      </button>
    </fetcher.Form>
  );
}

/** Reviews tab and the review form tab. Below the fold, so the page loads it separately (see routes/product.tsx). */
export default function ProductReviews({ reviews, rating }: { reviews: ProductReview[]; rating: number | null }) {
  const [tab, setTab] = useState("reviews");
  // After sending, the list (already revalidated with the new review) comes back into view.
  const showReviews = useCallback(() => setTab("reviews"), []);
  return (
    <Tabs
      label="Recensioni"
      listClassName="flex gap-8"
      panelClassName="pt-8"
      tabs={[
        { value: "reviews", label: `Recensioni (${reviews.length})` },
        { value: "write", label: "Scrivi una recensione" },
      ]}
      value={tab}
      onChange={setTab}
    >
      {tab === "write" ? (
        <ReviewForm onSent={showReviews} />
      ) : reviews.length === 0 ? (
        <p className="text-ink-soft">Ancora nessuna recensione. Scrivi la prima!</p>
      ) : (
        <>
          {rating !== null && (
            <p className="mb-6 flex items-center gap-3 text-ink">
              <Stars rating={rating} className="size-5" />
              <span>
                {formatDecimal(rating)} su 5 · {reviews.length} {reviews.length === 1 ? "recensione" : "recensioni"}
              </span>
            </p>
          )}
          <ul className="divide-y divide-sand">
            {reviews.map((review) => (
              <li key={review.id} className="py-5">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <Stars rating={review.rating} />
                  <p className="font-medium text-ink">{review.author}</p>
                  <time dateTime={review.createdAt} className="text-sm text-ink-soft">
                    {formatDate(review.createdAt, "long")}
                  </time>
                </div>
                <p className="mt-2 leading-relaxed text-ink-soft">{review.content}</p>
              </li>
            ))}
          </ul>
        </>
      )}
    </Tabs>
  );
}

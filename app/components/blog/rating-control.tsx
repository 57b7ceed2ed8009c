import { Star } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { useEarlySubmit } from "~/components/forms/use-early-submit";
import { showToast } from "~/components/toast";
import { HoneypotField } from "~/components/ui/honeypot-field";
import { blogMessages } from "~/modules/blog/blog";
import type { BlogResult } from "./comments";

/**
 * Five stars, each a submit button. The thank-you shows on click; the vote is then saved and the
 * article (average and count) reloads. Without JavaScript the stars post the form like any button.
 */
export function RatingControl({ yourRating, thanked }: { yourRating: number | null; thanked: boolean }) {
  const fetcher = useFetcher<BlogResult>();
  const [voted, setVoted] = useState<number | null>(null);
  const early = useEarlySubmit();
  const shown = voted ?? yourRating ?? 0;
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.notice?.description ?? null) : null;

  return (
    <fetcher.Form {...early} method="post" className="flex flex-col items-center gap-3 text-center">
      <input type="hidden" name="intent" value="rate" />
      <HoneypotField idPrefix="rating" />
      <fieldset>
        <legend className="font-display text-xl text-ink">Valuta questo articolo</legend>
        <div className="mt-3 flex justify-center gap-1">
          {[1, 2, 3, 4, 5].map((value) => (
            <button
              key={value}
              type="submit"
              name="rating"
              value={value}
              aria-label={`${value} ${value === 1 ? "stella" : "stelle"} su 5`}
              aria-pressed={(voted ?? yourRating) === value}
              onClick={() => {
                setVoted(value);
                showToast({ title: blogMessages.ratingThanks }, "success");
              }}
              // Pointing at a star fills it and the ones before it.
              className="cursor-pointer rounded-sm p-1 text-wine transition-transform hover:scale-110 hover:[&_svg]:fill-current [&:has(~button:hover)_svg]:fill-current"
            >
              <Star aria-hidden className="size-8" strokeWidth={1.25} fill={value <= shown ? "currentColor" : "none"} />
            </button>
          ))}
        </div>
      </fieldset>
      <p role="status" className="min-h-6 text-sm text-ink-soft">
        {error ?? (voted !== null || thanked ? blogMessages.ratingThanks : "")}
      </p>
    </fetcher.Form>
  );
}

import { expect, test } from "vitest";
import { customerReviews, reviewerInitials } from "./customer-reviews";

test("the carousel holds the spec's eight reviews, each rated 1 to 5 with a real date", () => {
  expect(customerReviews).toHaveLength(8);
  for (const review of customerReviews) {
    expect(review.rating).toBeGreaterThanOrEqual(1);
    expect(review.rating).toBeLessThanOrEqual(5);
    expect(Number.isNaN(new Date(review.date).getTime())).toBe(false);
  }
});

test("initials take the first letter of the first two words, ignoring punctuation", () => {
  expect(reviewerInitials("Giulia M.")).toBe("GM");
  expect(reviewerInitials("anna")).toBe("A");
  expect(reviewerInitials("Maria Luisa De Santis")).toBe("ML");
  expect(reviewerInitials("Élodie R.")).toBe("ÉR");
});

import { describe, expect, it } from "vitest";
import { categoriesOf, FEATURED_POST_SLUG, formatRating, splitFeatured } from "./blog";

const post = (slug: string, category = "Guide") => ({ slug, category });

describe("splitFeatured", () => {
  it("features the Parisian-style post wherever it is in the list", () => {
    const posts = [post("a"), post(FEATURED_POST_SLUG), post("b")];
    expect(splitFeatured(posts)).toEqual({ featured: posts[1], rest: [posts[0], posts[2]] });
  });

  it("features the first (newest) post when that post does not exist", () => {
    const posts = [post("a"), post("b")];
    expect(splitFeatured(posts)).toEqual({ featured: posts[0], rest: [posts[1]] });
  });

  it("has nothing to feature in an empty blog", () => {
    expect(splitFeatured([])).toEqual({ featured: null, rest: [] });
  });
});

describe("categoriesOf", () => {
  it("lists each category once, alphabetically in Italian", () => {
    expect(
      categoriesOf([post("a", "Stile"), post("b", "Guide"), post("c", "Stile"), post("d", "Cura dei capi")]),
    ).toEqual(["Cura dei capi", "Guide", "Stile"]);
  });
});

describe("formatRating", () => {
  it("shows one decimal with a comma", () => {
    expect([4.666, 5, 3.25].map(formatRating)).toEqual(["4,7", "5,0", "3,3"]);
  });
});

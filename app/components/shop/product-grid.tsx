import { memo } from "react";
import type { ProductSummary } from "~/modules/catalog/listing.server";
import { ProductCard } from "./product-card";

export type ProductLayout = "grid" | "list";

/**
 * Two columns on phones, three on tablets, `columns` on wide screens; or one card per row in the list layout.
 * Memoized: the cards are most of a listing page, and its controls render again when the page becomes
 * interactive or a filter is picked, while the products stay the same.
 */
export const ProductGrid = memo(function ProductGrid({
  products,
  layout = "grid",
  columns = 4,
  eagerCount = 4,
}: {
  products: ProductSummary[];
  layout?: ProductLayout;
  columns?: 3 | 4;
  /** How many cards, from the first, are likely visible without scrolling: their pictures load at once. */
  eagerCount?: number;
}) {
  const className =
    layout === "list"
      ? "divide-y divide-sand [&>li]:py-5"
      : `grid grid-cols-2 gap-x-4 gap-y-10 sm:gap-x-6 md:grid-cols-3 ${columns === 4 ? "lg:grid-cols-4" : ""}`;
  return (
    <ul className={className}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} layout={layout} priority={index < eagerCount} />
        </li>
      ))}
    </ul>
  );
});

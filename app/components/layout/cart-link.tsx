import ShoppingBag from "lucide-react/icons/shopping-bag";
import { Link } from "react-router";
import { useLocalStorageItem } from "~/components/browser-storage";
import { CART_STORAGE_KEY, CART_UPDATED_EVENT } from "~/modules/shop/constants";
import { countCartItems } from "./cart-count";

/** Cart icon with the number of pieces in the browser cart; the server cannot know it, so it appears after hydration. */
export function CartLink() {
  const count = countCartItems(useLocalStorageItem(CART_STORAGE_KEY, CART_UPDATED_EVENT));
  const label = count === 0 ? "Carrello" : `Carrello, ${count} ${count === 1 ? "articolo" : "articoli"}`;
  return (
    <Link
      to="/cart"
      aria-label={label}
      className="relative flex size-10 items-center justify-center rounded-full text-ink hover:bg-linen"
    >
      <ShoppingBag aria-hidden className="size-5" strokeWidth={1.5} />
      {count > 0 && (
        <span
          aria-hidden
          data-testid="cart-count"
          className="absolute top-0.5 right-0 flex h-[1.15rem] min-w-[1.15rem] items-center justify-center rounded-full bg-wine px-1 text-[0.65rem] font-semibold text-ivory"
        >
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}

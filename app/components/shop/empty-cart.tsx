import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/** What the cart and the checkout show when there is nothing to buy. */
export function EmptyCart() {
  return (
    <div className="py-16 text-center">
      <p className="text-lg text-ink">Il tuo carrello è vuoto.</p>
      <Link to="/shop" className={`${buttonClass.primary} mt-8`}>
        Vai allo shop
      </Link>
    </div>
  );
}

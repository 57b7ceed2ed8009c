import { Link } from "react-router";
import { buttonClass } from "~/components/ui/button";

/**
 * What the cart and the checkout show when there is nothing to buy; the checkout says it in the
 * words of its 'Carrello vuoto' toast (`message`), for a page without JavaScript.
 */
export function EmptyCart({ message }: { message?: { title: string; description: string } }) {
  return (
    <div role={message && "status"} className="py-16 text-center">
      <p className="text-lg text-ink">{message?.title ?? "Il tuo carrello è vuoto."}</p>
      {message && <p className="mt-2 text-ink-soft">{message.description}</p>}
      <Link to="/shop" className={`${buttonClass.primary} mt-8`}>
        Vai allo shop
      </Link>
    </div>
  );
}

import { useCallback } from "react";
import { useNavigate } from "react-router";
import { useFetcherAnswer } from "~/components/forms/use-fetcher-answer";
import { showToast } from "~/components/toast";
import { type CheckoutResult, checkoutToasts } from "~/modules/checkout/checkout-messages";

/** The spec's 'Carrello vuoto' toast, then the shop. */
export function useLeaveEmptyCheckout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    void showToast(checkoutToasts.emptyCart, "error");
    void navigate("/shop", { replace: true });
  }, [navigate]);
}

/** An answer saying the cart is empty leads to the shop. */
export function useEmptyCartRedirect(answer: CheckoutResult | undefined) {
  const leave = useLeaveEmptyCheckout();
  useFetcherAnswer(answer, (answered) => {
    if (!answered.ok && answered.data?.emptyCart) leave();
  });
}

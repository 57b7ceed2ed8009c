import type { ProvinceOption } from "~/modules/address/provinces";
import type { CartLineRequest } from "~/modules/cart/values";
import type { LastAttempt } from "~/modules/checkout/last-attempt.server";
import type { CheckoutQuote } from "~/modules/checkout/quote.server";
import type { CheckoutDraft } from "~/modules/checkout/values";
import type { PaymentProviderName } from "~/modules/payments/values";

export type CheckoutPageData = {
  step: "information" | "payment";
  /** The cart the server session holds, for the browser to compare with its own. */
  cart: CartLineRequest[];
  form: CheckoutDraft;
  /** The form comes from the session (sent before), not from the profile or defaults. */
  formSaved: boolean;
  couponCode: string | null;
  quote: CheckoutQuote | null;
  /** What the page shows, as the buttons send it back (see place-order.server.ts). */
  seen: string;
  provider: PaymentProviderName;
  signedIn: boolean;
  lastAttempt: LastAttempt;
  /**
   * The province select's choices: the 107 provinces come with the page's data rather than in its
   * first download of JavaScript, which has a budget (docs/decisions/0004-first-load-javascript.md).
   */
  provinces: readonly ProvinceOption[];
};

import { data, redirect, type ShouldRevalidateFunctionArgs } from "react-router";
import { CheckoutPage } from "~/components/checkout/checkout-page";
import type { CheckoutPageData } from "~/components/checkout/checkout-page-data";
import { isDatabaseUnavailable } from "~/db/availability";
import { logger } from "~/logger.server";
import { getProfile } from "~/modules/accounts/profile.server";
import { getCurrentUser } from "~/modules/accounts/session.server";
import { provinceOptions } from "~/modules/address/provinces";
import {
  checkoutCart,
  findCheckoutSession,
  openCheckoutSession,
  parseCartField,
  saveCheckoutCart,
  saveCheckoutDraft,
  saveCouponCode,
  sessionWithCart,
} from "~/modules/cart/checkout-sessions.server";
import { checkoutErrors } from "~/modules/checkout/checkout-errors.server";
import { checkoutInformationSchema, startingCheckoutForm } from "~/modules/checkout/checkout-form";
import {
  type CheckoutIntent,
  type CheckoutResult,
  checkoutToasts,
  isAddressProblem,
} from "~/modules/checkout/checkout-messages";
import { type CheckoutOutcome, completeCheckout, earlierPlacement } from "~/modules/checkout/complete-checkout.server";
import { isFirstOrder } from "~/modules/checkout/discounts.server";
import { lastPaymentAttempt } from "~/modules/checkout/last-attempt.server";
import { parseSeenQuote, seenQuoteOf } from "~/modules/checkout/place-order.server";
import { quoteCheckout } from "~/modules/checkout/quote.server";
import { checkFirstOrderLookUpLimits, checkoutLimit } from "~/modules/checkout/rate-limits.server";
import { fieldErrors, handleIntent } from "~/modules/forms/action-result";
import { readForm } from "~/modules/forms/read-form.server";
import { networkPseudonym } from "~/modules/security/client-network.server";
import { formRateLimit } from "~/modules/security/form-rate-limit.server";
import { clientIp } from "~/modules/security/rate-limit.server";
import { pageMeta } from "~/modules/seo/meta";
import { normalizeCouponCode } from "~/modules/settings/coupons";
import { readSettings } from "~/modules/settings/settings.server";
import { services } from "~/services.server";
import type { Route } from "./+types/checkout";

export function meta() {
  return [
    ...pageMeta("Checkout", "Consegna, dati e pagamento del tuo ordine."),
    { name: "robots", content: "noindex" },
  ];
}

export async function loader({ request, context, url }: Route.LoaderArgs) {
  const { db, clock, payments } = services(context);
  const user = await getCurrentUser(request);
  const cookieHeader = request.headers.get("Cookie");
  const session = await findCheckoutSession(db, cookieHeader, user?.id ?? null, clock.now());
  const step: CheckoutPageData["step"] = url.searchParams.get("passo") === "pagamento" ? "payment" : "information";
  if (step === "payment" && !session?.draft) throw redirect("/checkout");

  // The form: what the shopper sent last, else the signed-in customer's profile and account e-mail.
  const profile = !session?.draft && user ? await getProfile(db, user.id) : null;
  const form = session?.draft ?? startingCheckoutForm(profile);
  const cart = checkoutCart(session, cookieHeader);
  const quote =
    cart.length > 0
      ? await quoteCheckout(db, {
          cart,
          delivery: form.deliveryMethod,
          email: form.email,
          userId: user?.id ?? null,
          couponCode: session?.couponCode ?? null,
          now: clock.now(),
          checkoutSessionId: session?.id,
        })
      : null;
  return {
    step,
    cart: session?.cart ?? [],
    form,
    formSaved: Boolean(session?.draft),
    couponCode: session?.couponCode ?? null,
    quote,
    seen: quote ? JSON.stringify(seenQuoteOf(quote, step === "payment")) : "",
    provider: payments.name,
    signedIn: user !== null,
    provinces: provinceOptions(),
    lastAttempt: session ? await lastPaymentAttempt(db, session.id) : null,
  };
}

type Answer = ReturnType<typeof data<CheckoutResult>>;
const answer = (body: CheckoutResult, init?: number | ResponseInit): Answer => data(body, init);

export async function action({ request, context }: Route.ActionArgs) {
  const svc = services(context);
  const { db, clock } = svc;
  const form = await readForm(request);
  const user = await getCurrentUser(request);
  const cookie = request.headers.get("Cookie");
  const now = clock.now();

  const changeCoupon = async (intent: "coupon" | "coupon-remove"): Promise<Answer> => {
    const { session, headers } = await sessionWithCart(db, cookie, user?.id ?? null, now);
    if (!session || session.cart.length === 0) return answer({ intent, ok: false, data: { emptyCart: true } }, 400);
    const code = intent === "coupon" ? normalizeCouponCode(String(form.get("code") ?? "")) : "";
    await saveCouponCode(db, session.id, code || null);
    return answer({ intent, ok: true }, { headers });
  };

  const placeOrder = async (intent: "information" | "place"): Promise<Answer> => {
    const limited = await formRateLimit(db, checkoutLimit, request);
    if (limited) return limited;
    // The first step may come from a checkout opened without its session (see checkoutCart).
    const { session, headers } =
      intent === "information"
        ? await sessionWithCart(db, cookie, user?.id ?? null, now)
        : { session: await findCheckoutSession(db, cookie, user?.id ?? null, now), headers: undefined };
    if (!session) return answer({ intent, ok: false, notice: checkoutErrors.noSession }, 401);
    const seen = parseSeenQuote(form.get("seen"));
    // The button pressed again after its order was placed (a double click, a resent form): that order.
    const earlier = await earlierPlacement(svc, session.id, seen);
    if (earlier) return answerOutcome(intent, earlier, false);
    if (session.cart.length === 0) return answer({ intent, ok: false, data: { emptyCart: true } }, 400);

    let draft = session.draft;
    if (intent === "information") {
      const parsed = checkoutInformationSchema.safeParse(Object.fromEntries(form));
      if (!parsed.success) {
        const errors = fieldErrors(parsed.error);
        return answer(
          {
            intent,
            ok: false,
            fieldErrors: errors,
            ...(isAddressProblem(Object.keys(errors)) && { notice: checkoutToasts.incompleteAddress }),
          },
          400,
        );
      }
      draft = parsed.data;
      await saveCheckoutDraft(db, session.id, draft);
      // Every order, a reservation too, is placed from the summary of the second step.
      throw redirect("/checkout?passo=pagamento", { headers });
    }
    if (!draft) throw redirect("/checkout");

    let outcome: CheckoutOutcome;
    try {
      outcome = await completeCheckout(svc, {
        checkoutSessionId: session.id,
        userId: user?.id ?? null,
        draft,
        seen,
        placedFrom: networkPseudonym(clientIp(request)),
      });
    } catch (error) {
      // Without the database nothing was written (one transaction): the shop's 503 page.
      if (isDatabaseUnavailable(error)) throw error;
      logger.error({ err: error }, "checkout failed");
      return answer({ intent, ok: false, notice: checkoutErrors.failed }, 500);
    }
    return answerOutcome(intent, outcome, draft.deliveryMethod === "pickup_and_pay");
  };

  return handleIntent(form, {
    cart: async (intent): Promise<Answer> => {
      // The browser's cart, sent on the way to the checkout and whenever it differs from the session's.
      const cart = parseCartField(form.get("cart"));
      if (!cart) return answer({ intent, ok: false, notice: checkoutErrors.failed }, 400);
      const { session, setCookie } = await openCheckoutSession(db, cookie, user?.id ?? null, now);
      await saveCheckoutCart(db, session.id, cart);
      const headers = setCookie ? { "Set-Cookie": setCookie } : undefined;
      if (form.get("next") === "/checkout") throw redirect("/checkout", { headers });
      return answer({ intent, ok: true }, { headers });
    },
    "first-order": async (intent): Promise<Answer> => {
      // Tells whether this e-mail's order would be its first.
      const email = String(form.get("email") ?? "")
        .trim()
        .toLowerCase();
      const firstOrderDiscount = (percent: number) =>
        answer({ intent, ok: true, data: { discountPercentage: percent } });
      if (!email.includes("@")) return firstOrderDiscount(0);
      const limited = await checkFirstOrderLookUpLimits(db, request, email);
      if (limited) return limited;
      const { discounts } = await readSettings(db);
      if (!discounts.firstOrderEnabled) return firstOrderDiscount(0);
      return firstOrderDiscount((await isFirstOrder(db, email)) ? discounts.firstOrderPercent : 0);
    },
    coupon: changeCoupon,
    "coupon-remove": changeCoupon,
    information: placeOrder,
    place: placeOrder,
  });
}

/** Where the checkout's button leads: the payment page, the success page, or back with what went wrong. */
function answerOutcome(intent: CheckoutIntent, outcome: CheckoutOutcome, reservation: boolean): Answer {
  switch (outcome.kind) {
    case "pay":
      throw redirect(outcome.url);
    case "done":
      throw redirect(
        `/checkout-success?${new URLSearchParams({ order_id: outcome.orderId, ...(outcome.reservation && { reservation: "true" }) })}`,
      );
    case "empty_cart":
      return answer({ intent, ok: false, data: { emptyCart: true } }, 400);
    case "changed":
      return answer(
        {
          intent,
          ok: false,
          data: { messages: outcome.messages },
          notice: reservation ? checkoutErrors.reservationFailed : checkoutErrors.changed(outcome.messages),
        },
        409,
      );
    case "provider_error":
      return answer(
        {
          intent,
          ok: false,
          notice: outcome.missingPage ? checkoutErrors.invalidPaymentAnswer : checkoutErrors.failed,
        },
        502,
      );
  }
}

export function shouldRevalidate({ formData, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // Asking whether an e-mail's order is its first changes nothing the page shows.
  if (formData?.get("intent") === "first-order") return false;
  // An order refused because the cart changed: the page must show the cart as it is now.
  const answer = actionResult as CheckoutResult | undefined;
  if (answer && !answer.ok && (answer.data?.messages || answer.data?.emptyCart)) return true;
  return defaultShouldRevalidate;
}

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPage {...loaderData} nativeAnswer={actionData as CheckoutResult | undefined} />;
}

// The shop's business rules as numbers. Money is always integer euro cents, written by
// format/numbers.ts.

// Shipping and returns (the fees, the free-shipping threshold and the return cost are settings:
// modules/settings, edited in 'Impostazioni')
export const STORE_PICKUP_FEE_CENTS = 0;
export const CARRIER_NAME = "GLS";
/** From order to doorstep: quoted at checkout success and in the terms of sale. */
export const DELIVERY_WORKING_DAYS = { min: 3, max: 5 } as const;
/** From hand-over to the courier to doorstep: shown on the shipping page, always labelled as the courier's time. */
export const COURIER_DELIVERY_WORKING_DAYS = { min: 1, max: 3 } as const;
/** The one delivery estimate shoppers read, from order to doorstep: "3-5 giorni lavorativi". */
export const DELIVERY_ESTIMATE = `${DELIVERY_WORKING_DAYS.min}-${DELIVERY_WORKING_DAYS.max} giorni lavorativi`;
/** Once the parcel has left: "1-3 giorni lavorativi". */
export const COURIER_ESTIMATE = `${COURIER_DELIVERY_WORKING_DAYS.min}-${COURIER_DELIVERY_WORKING_DAYS.max} giorni lavorativi`;
export const DELIVERY_ATTEMPTS = 2;
/** How long the courier holds a parcel after the last failed delivery attempt. */
export const PARCEL_HOLD_WORKING_DAYS = 5;
export const DELIVERY_PROBLEM_REPORT_HOURS = 24;

// Orders
/**
 * How long an unpaid online order holds its pieces: what the payment page needs (a card, its 3-D
 * Secure check, a wallet), with room to spare. Then the shop ends the payment session itself and
 * the pieces go back on sale (modules/orders/payment-sessions.server.ts).
 */
export const PAYMENT_HOLD_MINUTES = 20;
/**
 * How long the provider keeps a payment session open if the shop does not end it first. Stripe
 * accepts expiries from 30 minutes after it creates the session: two more cover the request's own
 * time and clock differences.
 */
export const PAYMENT_SESSION_MINUTES = 32;
/** A reservation (pay in the shop) holds its pieces this long before it lapses. */
export const RESERVATION_HOLD_DAYS = 7;

// Consumer rights
export const WITHDRAWAL_DAYS = 14;
export const REFUND_DAYS = 14;
export const LEGAL_WARRANTY_YEARS = 2;

// Discounts (which are on, and the first order's and birthday's percentages, are settings)
/** 'Promo Extra 2° Costume': the cheapest half of the swimwear units get this discount. */
export const SECOND_SWIMSUIT_DISCOUNT_PERCENT = 30;
export const SECOND_SWIMSUIT_SUBCATEGORIES = ["bikini", "intero"] as const;

// Catalogue and pages
export const SHOP_PAGE_SIZE = 12;
export const PRODUCT_LIST_CACHE_MS = 5 * 60 * 1000;
export const GENDER_PAGE_SIZE = 100;
export const FEATURED_PRODUCTS_COUNT = 6;
export const OUTLET_PREVIEW_COUNT = 2;
export const RELATED_PRODUCTS_COUNT = 4;
export const NEWSLETTER_POPUP_DELAY_MS = 2000;
export const GENDERS = ["Donna", "Uomo", "Bambini"] as const;
export const PRICE_BUCKETS = ["under-50", "50-100", "100-200", "over-200"] as const;
export const SORT_OPTIONS = ["created_at_desc", "price_asc", "price_desc"] as const;
export const DEFAULT_SORT = "created_at_desc";
export const DEFAULT_COUNTRY = "Italia";

// Browser storage keys shared by every part of the storefront
export const CART_STORAGE_KEY = "shoppingCart";
/** Fired on window by whoever changes the cart, so the header badge updates in the same tab. */
export const CART_UPDATED_EVENT = "cart-updated";
/** The checkout form as typed and not sent yet, in the tab's sessionStorage (a draft kept in the browser). */
export const CHECKOUT_DRAFT_STORAGE_KEY = "checkoutForm";

import type { CartRules } from "~/modules/cart/line-rules";
import type { PricingRules } from "~/modules/cart/pricing";
import { formatEuro } from "~/modules/format/numbers";
import { type ShopIdentity, shop } from "~/modules/shop/identity";
import type { ShippingSettings, ShopSettings, TrackingSettings } from "./settings";

// The shop's settings as pages, pricing and e-mails read them: their shape, the defaults and what is
// made of them. Without the forms' schemas (settings.ts), so every storefront page can carry it
// without the validation library.

export type { ShopSettings };

/** Where the customer follows a parcel: the template with `{tracking}` replaced by its code. */
export function trackingLink(tracking: TrackingSettings, trackingCode: string): string {
  return tracking.urlTemplate.replaceAll("{tracking}", encodeURIComponent(trackingCode));
}

/** What the cart's quote needs of the settings: the promotion, and how many pieces an order may take. */
export function cartRules(settings: Pick<ShopSettings, "discounts" | "orderLimits">): CartRules {
  return {
    secondSwimsuitEnabled: settings.discounts.secondSwimsuitEnabled,
    maxUnitsPerLine: settings.orderLimits.maxUnitsPerLine,
    maxUnitsPerOrder: settings.orderLimits.maxUnitsPerOrder,
  };
}

/** What the cart and the checkout's arithmetic need of the settings. */
export function pricingRules(settings: Pick<ShopSettings, "shipping" | "discounts">): PricingRules {
  return {
    shippingFeeCents: settings.shipping.feeCents,
    freeShippingThresholdCents: settings.shipping.freeShippingThresholdCents,
    secondSwimsuitEnabled: settings.discounts.secondSwimsuitEnabled,
  };
}

/** The settings every storefront page may show (the root loader hands them to the browser). */
export type PublicSettings = Omit<ShopSettings, "tracking" | "backups">;

export function publicSettings({ tracking: _tracking, backups: _backups, ...settings }: ShopSettings): PublicSettings {
  return settings;
}

/** The shop as it is with nothing saved: the identity file's details and the shop's usual rules. */
export const defaultPublicSettings: PublicSettings = {
  identity: {
    name: shop.name,
    legalName: shop.seller.legalName,
    vatNumber: shop.seller.vatNumber,
    street: shop.address.street,
    postalCode: shop.address.postalCode,
    town: shop.address.town,
    province: shop.address.province,
    phoneDisplay: shop.phone.display,
    phoneInternational: shop.phone.international,
    email: shop.email,
    instagramUrl: shop.social.instagram,
    facebookUrl: shop.social.facebook,
    whatsappNumber: shop.whatsappNumber,
    bookingUrl: shop.sizeConsultationBookingUrl,
  },
  hours: shop.openingHours,
  promoBar: { enabled: true, text: "Sconto del 10% sul primo acquisto, applicato al checkout" },
  shipping: {
    feeCents: 790,
    freeShippingThresholdCents: 10_000,
    returnCostCents: 790,
    freeReturnThresholdCents: 10_000,
  },
  discounts: {
    firstOrderEnabled: true,
    firstOrderPercent: 10,
    birthdayEnabled: true,
    birthdayPercent: 10,
    secondSwimsuitEnabled: true,
  },
  // Ten of one piece in one size and colour covers a family stocking up on socks or briefs, thirty
  // pieces is a very large order: anything beyond is a conversation with the shop. A customer keeps
  // at most forty pieces off the shelf unpaid (orders awaiting payment, reservations), an order and
  // a reservation together.
  orderLimits: { maxUnitsPerLine: 10, maxUnitsPerOrder: 30, maxUnitsHeld: 40 },
};

/** The shop's identity with the details staff set in 'Impostazioni' over the identity file's. */
export function shopIdentity(settings: Pick<ShopSettings, "identity" | "hours">): ShopIdentity {
  const { identity } = settings;
  return {
    ...shop,
    name: identity.name,
    seller: { ...shop.seller, legalName: identity.legalName, vatNumber: identity.vatNumber },
    address: {
      ...shop.address,
      street: identity.street,
      postalCode: identity.postalCode,
      town: identity.town,
      province: identity.province,
    },
    phone: { display: identity.phoneDisplay, international: identity.phoneInternational },
    email: identity.email,
    openingHours: settings.hours,
    social: { instagram: identity.instagramUrl, facebook: identity.facebookUrl },
    whatsappNumber: identity.whatsappNumber,
    sizeConsultationBookingUrl: identity.bookingUrl,
  };
}

/** "7,90 €, gratuita da 100,00 €", or "7,90 €" when shipping is never free. */
export function shippingPriceText(shipping: ShippingSettings): string {
  const fee = formatEuro(shipping.feeCents);
  return shipping.freeShippingThresholdCents === null
    ? fee
    : `${fee}, gratuita da ${formatEuro(shipping.freeShippingThresholdCents)}`;
}

/** "Il reso costa 7,90 €, trattenuti dal rimborso, ed è gratuito per ordini a partire da 100,00 €." */
export function returnCostSentence(shipping: ShippingSettings): string {
  if (shipping.returnCostCents === 0) return "Il reso è gratuito.";
  const cost = `Il reso costa ${formatEuro(shipping.returnCostCents)}, trattenuti dal rimborso`;
  return shipping.freeReturnThresholdCents === null
    ? `${cost}.`
    : `${cost}, ed è gratuito per ordini a partire da ${formatEuro(shipping.freeReturnThresholdCents)}.`;
}

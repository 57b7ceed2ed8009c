import { shop } from "./identity";
import { weekdays } from "./opening-hours";

const schemaDayNames = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
} as const;

/** schema.org description of the physical shop, so search engines show address, hours and rating. */
export function storeJsonLd() {
  return {
    "@context": "https://schema.org",
    "@type": "ClothingStore",
    name: shop.name,
    description: shop.tagline,
    telephone: shop.phone.international,
    email: shop.email,
    foundingDate: String(shop.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: shop.address.street,
      postalCode: shop.address.postalCode,
      addressLocality: shop.address.town,
      addressRegion: shop.address.province,
      addressCountry: shop.address.countryCode,
    },
    geo: { "@type": "GeoCoordinates", latitude: shop.geo.latitude, longitude: shop.geo.longitude },
    openingHoursSpecification: weekdays.flatMap((day) =>
      shop.openingHours[day].map((range) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: `https://schema.org/${schemaDayNames[day]}`,
        opens: range.opens,
        closes: range.closes,
      })),
    ),
    sameAs: [shop.social.instagram, shop.social.facebook],
  };
}

export type Breadcrumb = { name: string; url: string };

/** schema.org trail of a page (e.g. Home › Shop › Donna), shown by search engines instead of the URL; urls absolute. */
export function breadcrumbJsonLd(trail: Breadcrumb[]) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

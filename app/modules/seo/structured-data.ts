import { shop as identityFile, type ShopIdentity } from "~/modules/shop/identity";
import { weekdays } from "~/modules/shop/opening-hours";

const schemaDayNames = {
  monday: "Monday",
  tuesday: "Tuesday",
  wednesday: "Wednesday",
  thursday: "Thursday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
} as const;

/**
 * schema.org description of the physical shop, so search engines show address, hours and rating;
 * `shop` is the identity with the settings staff keep in 'Impostazioni'.
 */
export function storeJsonLd(shop: ShopIdentity) {
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

export type ProductForJsonLd = {
  name: string;
  description: string;
  sku: string;
  brand: string;
  /** Absolute URLs. */
  url: string;
  images: string[];
  priceCents: number | null;
  inStock: boolean;
  rating: number | null;
  reviewCount: number;
};

/** schema.org Product with its offer and rating, so search engines can show price, availability and stars. */
export function productJsonLd(product: ProductForJsonLd) {
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.name,
    description: product.description,
    sku: product.sku,
    image: product.images,
    url: product.url,
    brand: { "@type": "Brand", name: product.brand },
    // Without a price there is nothing on offer.
    ...(product.priceCents !== null && {
      offers: {
        "@type": "Offer",
        url: product.url,
        price: (product.priceCents / 100).toFixed(2),
        priceCurrency: "EUR",
        availability: product.inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
        itemCondition: "https://schema.org/NewCondition",
        seller: { "@type": "Organization", name: identityFile.name },
      },
    }),
    ...(product.rating !== null &&
      product.reviewCount > 0 && {
        aggregateRating: {
          "@type": "AggregateRating",
          ratingValue: product.rating,
          reviewCount: product.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      }),
  };
}

/** schema.org description of a blog article, so search engines show it as one; urls absolute. */
export function blogPostingJsonLd(post: {
  title: string;
  excerpt: string;
  url: string;
  imageUrl: string | null;
  publishedAt: Date;
  author: string;
  category: string;
  commentCount: number;
}) {
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    url: post.url,
    mainEntityOfPage: post.url,
    ...(post.imageUrl ? { image: post.imageUrl } : {}),
    datePublished: post.publishedAt.toISOString(),
    author: { "@type": "Person", name: post.author },
    publisher: { "@type": "Organization", name: identityFile.name },
    articleSection: post.category,
    inLanguage: "it-IT",
    commentCount: post.commentCount,
  };
}

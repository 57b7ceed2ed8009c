import type { MetaDescriptor } from "react-router";
import { shop } from "~/modules/shop/identity";

/** Title and description of a storefront page, for the browser tab, search engines and link previews. */
export function pageMeta(title: string, description: string): MetaDescriptor[] {
  return [
    { title: `${title} | ${shop.name}` },
    { name: "description", content: description },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:site_name", content: shop.name },
    { property: "og:locale", content: "it_IT" },
    { property: "og:type", content: "website" },
  ];
}

/** The page's one address for search engines and link previews; `url` is absolute (PUBLIC_URL + path). */
export function canonicalMeta(url: string): MetaDescriptor[] {
  return [
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:url", content: url },
  ];
}

/** The picture of link previews; `url` is absolute. */
export function imageMeta(url: string, alt: string): MetaDescriptor[] {
  return [
    { property: "og:image", content: url },
    { property: "og:image:alt", content: alt },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}

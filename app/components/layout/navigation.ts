// The storefront sections, in header order; the header and the mobile menu both show them.
export type NavigationLink = { to: string; label: string; tone?: "highlight" | "sale" };

// 'Nuova Collezione' stands out in the wine accent; 'Fine Serie' (the outlet) is red.
export const navigationToneClass = {
  plain: "text-ink",
  highlight: "font-semibold text-wine",
  sale: "font-medium text-sale",
};

export const mainNavigation: NavigationLink[] = [
  { to: "/shop", label: "Shop" },
  { to: "/nuova-collezione", label: "Nuova Collezione", tone: "highlight" },
  { to: "/donna", label: "Donna" },
  { to: "/uomo", label: "Uomo" },
  { to: "/bambini", label: "Bambini" },
  { to: "/outlet", label: "Fine Serie", tone: "sale" },
  { to: "/blog", label: "Blog" },
];

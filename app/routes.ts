import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the shop, in one place.
//
// Paths. A path fixed by the product's specification stays as written there, English or Italian (/shop, /cart,
// /checkout-success, /chi-siamo, /donna, /admin/orders…): links, bookmarks and search engines know
// them. Every other path is Italian, as users read it (/recesso, /auth/codice,
// /admin/products/nuovo), except the web's own names (sitemap.xml, robots.txt, favicon.ico, the
// .csv and .json extensions). The English paths marked "before the rule" were published before it
// and stay until each is renamed with a redirect from its old path.
// Files. A route file is code, so its name is English, for what the page is (withdrawal.tsx for
// /recesso), as in the rest of the app.
export default [
  index("routes/home.tsx"),
  route("chi-siamo", "routes/about.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("contact", "routes/contact.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("subscribe", "routes/subscribe.tsx"),
  route("newsletter/conferma", "routes/newsletter-confirm.tsx"),
  route("newsletter/disiscriviti", "routes/newsletter-unsubscribe.tsx"),
  route("images/*", "routes/images.ts"), // before the rule
  route("scarica/*", "routes/signed-file.ts"),
  route("product/:id", "routes/product.tsx"),
  route("cart", "routes/cart.tsx"),
  route("api/cart/quote", "routes/api-cart-quote.ts"), // before the rule
  route("checkout", "routes/checkout.tsx"),
  route("checkout-success", "routes/checkout-success.tsx"),
  route("pagamento-di-prova/:sessionId", "routes/sandbox-payment.tsx"),
  route("api/pagamenti/webhook", "routes/api-payment-webhook.ts"),
  route("auth", "routes/auth.tsx"),
  route("auth/codice", "routes/two-factor.tsx"),
  route("auth/attiva-due-passaggi", "routes/two-factor-setup.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("logout", "routes/logout.ts"),
  route("profile", "routes/profile.tsx"),
  route("profile/dati.json", "routes/profile-data.ts"),
  route("profile/elimina-account", "routes/profile-delete.tsx"),
  route("orders", "routes/orders.tsx"),
  route("orders/:orderId/label", "routes/order-label.ts"), // before the rule
  route("recesso", "routes/withdrawal.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/index.ts"),
    route("orders", "routes/admin/orders.tsx"),
    route("orders/etichette", "routes/admin/order-labels.ts"),
    route("orders/export.csv", "routes/admin/orders-export.ts"), // before the rule
    route("orders/:orderId", "routes/admin/order-detail.tsx"),
    route("returns", "routes/admin/returns.tsx"), // before the rule
    route("returns/:requestId", "routes/admin/return-detail.tsx"), // before the rule
    route("products", "routes/admin/products.tsx", { id: "admin-products" }),
    // "nuovo" before ":productId", which would take it for a product id.
    route("products/nuovo", "routes/admin/product-edit.tsx", { id: "admin-product-new" }),
    route("products/import", "routes/admin/products-import.tsx"), // before the rule
    route("products/export.csv", "routes/admin/products-export.ts"), // before the rule
    route("products/:productId", "routes/admin/product-edit.tsx", { id: "admin-product-edit" }),
    route("products/:productId/immagini", "routes/admin/product-images.tsx"),
    route("analytics", "routes/admin/analytics.tsx", { id: "admin-analytics" }),
    route("analytics/export.csv", "routes/admin/analytics-export.ts"), // before the rule
    route("settings", "routes/admin/settings.tsx", { id: "admin-settings" }),
    route("settings/backup", "routes/admin/backups.tsx"),
    route("pronto", "routes/admin/readiness.tsx"),
    route("settings/demo", "routes/admin/demo-data.tsx"),
  ]),
  route("shop", "routes/shop.tsx"),
  route("api/catalogo", "routes/api-catalogue.ts"),
  route("donna", "routes/women.tsx"),
  route("uomo", "routes/men.tsx"),
  route("bambini", "routes/children.tsx"),
  route("outlet", "routes/outlet.tsx"),
  route("nuova-collezione", "routes/new-collection.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("favicon.ico", "routes/favicon.ts"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;

import { index, type RouteConfig, route } from "@react-router/dev/routes";

// Every URL of the shop, in one place. Paths are Italian as users see them.
export default [
  index("routes/home.tsx"),
  route("chi-siamo", "routes/chi-siamo.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("shipping", "routes/shipping.tsx"),
  route("contact", "routes/contact.tsx"),
  route("404", "routes/not-found.tsx", { id: "not-found" }),
  route("*", "routes/not-found.tsx", { id: "catch-all" }),
] satisfies RouteConfig;

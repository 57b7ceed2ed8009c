import { useRouteLoaderData } from "react-router";
import { defaultPublicSettings, type PublicSettings, shopIdentity } from "~/modules/settings/shop-settings";
import type { ShopIdentity } from "~/modules/shop/identity";

type RootData = { settings: PublicSettings };

/**
 * The shop's settings as the root loader read them for this page, and the shop's identity with
 * them. The defaults only when the root loader itself failed (its error page).
 */
export function useShopSettings(): PublicSettings & { shop: ShopIdentity } {
  const settings = useRouteLoaderData<RootData>("root")?.settings ?? defaultPublicSettings;
  return { ...settings, shop: shopIdentity(settings) };
}

/** The same settings in a route's `meta`, from the root's loader data among `matches`. */
export function metaSettings(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): PublicSettings {
  const root = matches.find((match) => match?.id === "root")?.loaderData as RootData | undefined;
  return root?.settings ?? defaultPublicSettings;
}
